import { ProtocolError } from '../errors.ts';
import { PacketLink } from './link.ts';
import {
  type AppMessage,
  BOARD_COMMANDS,
  BOARD_STATUS,
  type BoardMessage,
  decodeBoardMessage,
  describeBoardStatus,
  encodeAppMessage,
  type WifiNetwork,
} from './messages.ts';
import { CONTROL } from './packet.ts';

/** How long the board may stay silent while an answer is awaited. */
export const BOARD_SILENCE_MS = 10_000;
/** Joining a Wi-Fi network takes longer than answering a request: once it said "connecting", wait this long. */
export const BOARD_CONNECT_MS = 60_000;

/** The board answered with a failure status (negative). */
export class BoardStatusError extends Error {
  override name = 'BoardStatusError';
  constructor(readonly status: number) {
    super(describeBoardStatus(status));
  }
}

/** The board sent nothing for too long while an answer was awaited. */
export class BoardSilentError extends Error {
  override name = 'BoardSilentError';
  constructor(seconds: number) {
    super(
      `The board did not answer for ${seconds} seconds: check that it runs a sketch with Arduino_NetworkConfigurator, then try again.`,
    );
  }
}

export interface BoardIdentity {
  /** The 32 bytes of the board's unique hardware id, as 64 hex digits. */
  uniqueHardwareId: string;
  jwt: string;
}

interface Waiter {
  /** Takes a message: true when it was the one awaited (the waiter then settles itself). */
  take(m: BoardMessage): boolean;
  fail(error: Error): void;
  silenceMs: number;
  timer?: ReturnType<typeof setTimeout>;
}

export interface BoardConfigClientOptions {
  /** Statuses the board sends, in words and as codes, whether or not a request awaits them. */
  onStatus?: (status: number) => void;
  silenceMs?: number;
  connectMs?: number;
  now?: () => number;
}

const hex = (bytes: Uint8Array) => Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');

/**
 * The app's side of the board configuration protocol over any byte channel (Web Serial, Web Bluetooth, an
 * in-memory pipe in tests): the transport calls `receive` with what the board sent, the client writes
 * through `write`. One request at a time, as the board serves them.
 */
export class BoardConfigClient {
  private readonly link: PacketLink;
  private waiter: Waiter | null = null;
  private closedWith: Error | null = null;

  constructor(
    write: (bytes: Uint8Array) => Promise<void>,
    private readonly options: BoardConfigClientOptions = {},
  ) {
    this.link = new PacketLink(write, { data: (payload) => this.onData(payload) }, options.now);
  }

  receive(chunk: Uint8Array) {
    // Any byte from the board proves it is alive: the silence countdown starts again.
    if (this.waiter) this.arm(this.waiter);
    this.link.receive(chunk);
  }

  private onData(payload: Uint8Array) {
    let message: BoardMessage;
    try {
      message = decodeBoardMessage(payload);
    } catch (err) {
      if (err instanceof ProtocolError) return; // a message of a newer library: not ours to judge
      throw err;
    }
    if (message.type === 'status') this.options.onStatus?.(message.status);
    this.waiter?.take(message);
  }

  /** Opens the session: the board accepts data only after this. */
  connect() {
    this.link.reset();
    return this.link.sendControl(CONTROL.connect);
  }

  /** Ends the session; the board goes back to waiting for a connect. */
  async disconnect() {
    this.close(new Error('The session with the board ended.'));
    await this.link.sendControl(CONTROL.disconnect);
  }

  /** Fails the request in progress (the transport closed, the page left). */
  close(error: Error) {
    this.closedWith = error;
    const w = this.waiter;
    this.waiter = null;
    if (w) {
      clearTimeout(w.timer);
      w.fail(error);
    }
  }

  private send(m: AppMessage) {
    return this.link.sendData(encodeAppMessage(m));
  }

  private arm(w: Waiter) {
    clearTimeout(w.timer);
    w.timer = setTimeout(() => {
      if (this.waiter !== w) return;
      this.waiter = null;
      w.fail(new BoardSilentError(Math.round(w.silenceMs / 1000)));
    }, w.silenceMs);
  }

  /**
   * Sends `messages` and waits for what `take` accepts. `take` gets each message and settles through the
   * callbacks; a negative status fails the request unless `take` handled it.
   */
  private request<T>(
    messages: AppMessage[],
    take: (m: BoardMessage, done: (v: T) => void, waitLonger: (ms: number) => void) => boolean,
  ): Promise<T> {
    if (this.closedWith) return Promise.reject(this.closedWith);
    if (this.waiter) return Promise.reject(new Error('Another request to the board is in progress.'));
    return new Promise<T>((resolve, reject) => {
      const w: Waiter = {
        silenceMs: this.options.silenceMs ?? BOARD_SILENCE_MS,
        take: (m) => {
          const settle = (fn: () => void) => {
            clearTimeout(w.timer);
            if (this.waiter === w) this.waiter = null;
            fn();
          };
          const handled = take(
            m,
            (v) => settle(() => resolve(v)),
            (ms) => {
              w.silenceMs = ms;
              this.arm(w);
            },
          );
          if (!handled && m.type === 'status' && m.status < 0) {
            settle(() => reject(new BoardStatusError(m.status)));
            return true;
          }
          return handled;
        },
        fail: reject,
      };
      this.waiter = w;
      this.arm(w);
      void (async () => {
        try {
          for (const m of messages) await this.send(m);
        } catch (err) {
          if (this.waiter === w) this.close(err instanceof Error ? err : new Error(String(err)));
        }
      })();
    });
  }

  /** GET_ID: the unique hardware id, then the JWT the board signs with its secure element. */
  identify(): Promise<BoardIdentity> {
    let id: string | null = null;
    return this.request([{ type: 'command', command: BOARD_COMMANDS.getId }], (m, done) => {
      if (m.type === 'uniqueHardwareId') {
        id = hex(m.id);
        return true;
      }
      if (m.type === 'jwt' && id !== null) {
        done({ uniqueHardwareId: id, jwt: m.jwt });
        return true;
      }
      return false;
    });
  }

  wifiFirmwareVersion(): Promise<string> {
    return this.request([{ type: 'command', command: BOARD_COMMANDS.getWifiFwVersion }], (m, done) => {
      if (m.type !== 'wifiFwVersion') return false;
      done(m.version);
      return true;
    });
  }

  /** SCAN: the networks the board sees, strongest first, each name once. */
  scan(): Promise<WifiNetwork[]> {
    return this.request([{ type: 'command', command: BOARD_COMMANDS.scan }], (m, done) => {
      if (m.type !== 'wifiNetworks') return false;
      done(strongestFirst(m.networks));
      return true;
    });
  }

  /**
   * Gives the board the time, its Wi-Fi network and CONNECT; settles when it says connected (2), fails on a
   * negative status.
   */
  configureWifi(ssid: string, password: string, nowSeconds = Math.floor(Date.now() / 1000)): Promise<void> {
    return this.request(
      [
        { type: 'timestamp', seconds: nowSeconds },
        { type: 'wifiConfig', ssid, password },
        { type: 'command', command: BOARD_COMMANDS.connect },
      ],
      (m, done, waitLonger) => {
        if (m.type !== 'status') return false;
        if (m.status === BOARD_STATUS.connecting) waitLonger(this.options.connectMs ?? BOARD_CONNECT_MS);
        if (m.status === BOARD_STATUS.connected) done(undefined);
        return m.status >= 0;
      },
    );
  }
}

function strongestFirst(networks: WifiNetwork[]): WifiNetwork[] {
  const best = new Map<string, WifiNetwork>();
  for (const n of networks) {
    if (n.ssid === '') continue; // hidden networks show no name: they are typed in
    const seen = best.get(n.ssid);
    if (!seen || n.rssi > seen.rssi) best.set(n.ssid, n);
  }
  return [...best.values()].sort((a, b) => b.rssi - a.rssi);
}
