import { ProtocolError } from '../errors.ts';
import { PacketLink } from './link.ts';
import {
  type AppMessage,
  BOARD_COMMANDS,
  BOARD_STATUS,
  type BoardMessage,
  decodeAppMessage,
  encodeBoardMessage,
} from './messages.ts';
import { CONTROL } from './packet.ts';

export interface SimulatedNetwork {
  ssid: string;
  rssi: number;
  /** The password that joins it; any other gets "failed to connect" (-1). */
  password: string;
  /** Not listed by a scan, but joinable by name. */
  hidden?: boolean;
}

/** 32 fixed bytes: the simulated board's unique hardware id. */
export const SIMULATED_UHWID = Uint8Array.from({ length: 32 }, (_, i) => (0xa0 + i * 7) & 0xff);
/** A JWT-shaped string (header.payload.signature, base64url), as a board's secure element would sign. */
export const SIMULATED_JWT =
  'eyJhbGciOiJFUzI1NiIsInR5cCI6IkpXVCJ9.eyJpYXQiOjE3NjQxNzkyMDAsInVod2lkIjoic2ltdWxhdGVkIn0.c2ltdWxhdGVkLWJvYXJkLXNpZ25hdHVyZQ';
export const SIMULATED_WIFI_FW_VERSION = '0.5.2';
export const SIMULATED_NETWORKS: readonly SimulatedNetwork[] = [
  { ssid: 'Workshop', rssi: -48, password: 'solder-and-coffee' },
  { ssid: 'Greenhouse 2.4G', rssi: -67, password: 'tomatoes-grow' },
  { ssid: 'Guest', rssi: -80, password: 'welcome123' },
  { ssid: 'Attic', rssi: -60, password: 'up-the-stairs', hidden: true },
];

export interface SimulatedBoardOptions {
  /** Where the board's bytes go (the app's side of the pipe). */
  send: (bytes: Uint8Array) => void;
  uniqueHardwareId?: Uint8Array;
  jwt?: string;
  wifiFwVersion?: string;
  networks?: readonly SimulatedNetwork[];
  /** Delay before each answer and between the statuses of a connection (ms). */
  stepMs?: number;
  /** Answers nothing at all (a board without the configurator sketch). */
  silent?: boolean;
}

/**
 * The board's side of the board configuration protocol, as a sketch with Arduino_NetworkConfigurator
 * behaves: data counts only after the app's connect packet; GET_ID answers the unique hardware id then a
 * JWT; SCAN the visible networks; WifiConfig stores the settings and CONNECT tries them (status 1, then 2,
 * or -1 for a wrong password or an unknown network); a message it cannot read gets -5, an unknown command
 * -7. For unit tests and the e2e suite, where no real board is plugged in.
 */
export class SimulatedBoard {
  /** Every message the app sent, in order. */
  readonly received: AppMessage[] = [];
  /** Every message this board sent, in order. */
  readonly sent: BoardMessage[] = [];
  connected = false;
  settings: { ssid: string; password: string } | null = null;
  timestamp: number | bigint | null = null;
  /** Set once CONNECT succeeded: the network it joined. */
  joined: string | null = null;
  private readonly link: PacketLink;
  private readonly timers = new Set<ReturnType<typeof setTimeout>>();

  constructor(private readonly options: SimulatedBoardOptions) {
    this.link = new PacketLink((bytes) => this.write(bytes), {
      data: (payload) => this.onData(payload),
      control: (code) => this.onControl(code),
    });
  }

  private write(bytes: Uint8Array) {
    if (!this.options.silent) this.options.send(bytes);
  }

  /** Bytes from the app. */
  receive(chunk: Uint8Array) {
    this.link.receive(chunk);
  }

  /** Stops pending answers (the port closed). */
  stop() {
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
    this.connected = false;
  }

  private later(fn: () => void, steps = 1) {
    const t = setTimeout(
      () => {
        this.timers.delete(t);
        if (this.connected) fn();
      },
      (this.options.stepMs ?? 100) * steps,
    );
    this.timers.add(t);
  }

  private reply(m: BoardMessage) {
    this.sent.push(m);
    void this.link.sendData(encodeBoardMessage(m));
  }

  private onControl(code: number) {
    if (code === CONTROL.connect) this.connected = true;
    if (code === CONTROL.disconnect) this.stop();
  }

  private onData(payload: Uint8Array) {
    if (!this.connected) return; // as the library: nothing counts before the connect packet
    let m: AppMessage;
    try {
      m = decodeAppMessage(payload);
    } catch (err) {
      if (!(err instanceof ProtocolError)) throw err;
      this.later(() => this.reply({ type: 'status', status: BOARD_STATUS.invalidParams }));
      return;
    }
    this.received.push(m);
    if (m.type === 'timestamp') this.timestamp = m.seconds;
    else if (m.type === 'wifiConfig') this.settings = { ssid: m.ssid, password: m.password };
    else this.command(m.command);
  }

  private command(command: number) {
    const o = this.options;
    switch (command) {
      case BOARD_COMMANDS.getId:
        this.later(() => {
          this.reply({ type: 'uniqueHardwareId', id: o.uniqueHardwareId ?? SIMULATED_UHWID });
          this.reply({ type: 'jwt', jwt: o.jwt ?? SIMULATED_JWT });
        });
        return;
      case BOARD_COMMANDS.getWifiFwVersion:
        this.later(() =>
          this.reply({ type: 'wifiFwVersion', version: o.wifiFwVersion ?? SIMULATED_WIFI_FW_VERSION }),
        );
        return;
      case BOARD_COMMANDS.getBleMacAddress:
        this.later(() =>
          this.reply({ type: 'bleMacAddress', mac: Uint8Array.of(0x34, 0x85, 0x18, 0x01, 0x02, 0x03) }),
        );
        return;
      case BOARD_COMMANDS.scan:
        this.later(() => this.reply({ type: 'status', status: BOARD_STATUS.scanning }));
        this.later(() => {
          const visible = (o.networks ?? SIMULATED_NETWORKS).filter((n) => !n.hidden);
          this.reply({ type: 'wifiNetworks', networks: visible.map(({ ssid, rssi }) => ({ ssid, rssi })) });
        }, 2);
        return;
      case BOARD_COMMANDS.reset:
        this.settings = null;
        this.joined = null;
        this.later(() => this.reply({ type: 'status', status: BOARD_STATUS.resetCompleted }));
        return;
      case BOARD_COMMANDS.connect:
        this.connectToWifi();
        return;
      default:
        this.later(() => this.reply({ type: 'status', status: BOARD_STATUS.invalidRequest }));
    }
  }

  private connectToWifi() {
    const settings = this.settings;
    if (!settings) {
      this.later(() => this.reply({ type: 'status', status: BOARD_STATUS.paramsNotFound }));
      return;
    }
    this.later(() => this.reply({ type: 'status', status: BOARD_STATUS.connecting }));
    this.later(() => {
      const network = (this.options.networks ?? SIMULATED_NETWORKS).find((n) => n.ssid === settings.ssid);
      if (network && network.password === settings.password) {
        this.joined = network.ssid;
        this.reply({ type: 'status', status: BOARD_STATUS.connected });
      } else {
        this.reply({ type: 'status', status: BOARD_STATUS.failedToConnect });
      }
    }, 2);
  }
}
