// One bench device of `npm run bench:fleet` and `npm run bench:ingest`: an MQTT 3.1.1 session (over TLS, or
// plain TCP) that sends CONNECT, then QoS 1 PUBLISHes, and reads CONNACK and PUBACK. Hand-written rather than
// mqtt.js because 10,000 mqtt.js clients (each with its stores, timers and stream pipeline) cost the clients'
// process far more memory and CPU than the TLS sessions themselves, and at 30,000 messages/s mqtt.js's
// per-publish work took as much CPU as the server being measured, on the same two cores.
import { connect as connectTcp, type Socket } from 'node:net';
import { connect, type SecureContext } from 'node:tls';

export interface DeviceLogin {
  host: string;
  port: number;
  /**
   * Trusts the broker's CA, and holds the client certificate and key of certificate boards. Made by the caller
   * once per certificate: a context per connection would parse the PEM files each time. None: plain TCP.
   */
  secureContext?: () => SecureContext;
  clientId: string;
  /** Password devices: a user name and password. */
  username?: string;
  password?: string;
}

/** MQTT's remaining length: 7 bits a byte, low first. */
function varLength(n: number): number[] {
  const out: number[] = [];
  do {
    const byte = n % 128;
    n = Math.floor(n / 128);
    out.push(n > 0 ? byte | 0x80 : byte);
  } while (n > 0);
  return out;
}
const str = (s: string | Buffer) => {
  const b = typeof s === 'string' ? Buffer.from(s) : s;
  return Buffer.concat([Buffer.from([b.length >> 8, b.length & 0xff]), b]);
};
const packet = (first: number, body: Buffer) =>
  Buffer.concat([Buffer.from([first, ...varLength(body.length)]), body]);

function connectPacket(login: DeviceLogin, keepaliveS: number): Buffer {
  // Clean session; user name and password flags when given.
  const flags = 0x02 | (login.username ? 0x80 : 0) | (login.password ? 0x40 : 0);
  return packet(
    0x10,
    Buffer.concat([
      str('MQTT'),
      Buffer.from([4, flags, keepaliveS >> 8, keepaliveS & 0xff]),
      str(login.clientId),
      ...(login.username ? [str(login.username)] : []),
      ...(login.password ? [str(login.password)] : []),
    ]),
  );
}

export class FleetDevice {
  private socket: Socket | null = null;
  private buffer: Buffer = Buffer.alloc(0);
  private nextId = 1;
  private readonly pending = new Map<number, (err?: Error) => void>();
  private connack: ((code: number) => void) | null = null;
  private corked = false;
  /** When this device last sent a PINGREQ (or its CONNECT): see `pingIfDue`. */
  private lastPingAt = 0;
  closed = false;

  constructor(private readonly login: DeviceLogin) {}

  /** Resolves once the broker accepted the CONNECT (CONNACK 0); rejects on a refusal or a failed handshake. */
  connect(keepaliveS = 120, timeoutMs = 60_000): Promise<void> {
    return new Promise((resolve, reject) => {
      const l = this.login;
      const socket = l.secureContext
        ? connect({
            host: l.host,
            port: l.port,
            secureContext: l.secureContext(),
            servername: l.host === '127.0.0.1' ? undefined : l.host,
          })
        : connectTcp({ host: l.host, port: l.port });
      this.socket = socket;
      const timer = setTimeout(() => fail(new Error('no CONNACK in time')), timeoutMs);
      const fail = (err: Error) => {
        clearTimeout(timer);
        this.connack = null;
        socket.destroy();
        reject(err);
      };
      socket.setNoDelay(true);
      socket.once(l.secureContext ? 'secureConnect' : 'connect', () => {
        this.lastPingAt = Date.now();
        socket.write(connectPacket(l, keepaliveS));
      });
      socket.on('error', (err) => {
        if (this.connack) fail(err);
      });
      socket.on('close', () => {
        this.closed = true;
        if (this.connack) fail(new Error('closed before CONNACK'));
        for (const done of this.pending.values()) done(new Error('connection closed'));
        this.pending.clear();
      });
      socket.on('data', (chunk: Buffer) => this.onData(chunk));
      this.connack = (code) => {
        clearTimeout(timer);
        this.connack = null;
        if (code === 0) resolve();
        else fail(new Error(`CONNACK ${code}`));
      };
    });
  }

  /** A QoS 1 PUBLISH; resolves on its PUBACK. */
  publish(topic: string, payload: Buffer): Promise<void> {
    const socket = this.socket;
    if (!socket || this.closed) return Promise.reject(new Error('not connected'));
    const id = this.nextId;
    this.nextId = (this.nextId % 65_535) + 1;
    // Publishes of one tick leave in one write: a write per message costs a system call each, and on the
    // loopback the kernel's receive work too, which at 30,000 messages/s was most of the clients' CPU.
    if (!this.corked) {
      this.corked = true;
      socket.cork();
      process.nextTick(() => {
        this.corked = false;
        socket.uncork();
      });
    }
    return new Promise((resolve, reject) => {
      this.pending.set(id, (err) => (err ? reject(err) : resolve()));
      socket.write(packet(0x32, Buffer.concat([str(topic), Buffer.from([id >> 8, id & 0xff]), payload])));
    });
  }

  /**
   * PINGREQ, as Arduino's MQTT client sends them: one every keepalive since the connection began, whatever else
   * it sent. Each device keeps its own phase, so a fleet's pings spread over the time it took to connect.
   */
  pingIfDue(everyMs: number) {
    if (!this.socket || this.closed || this.connack || Date.now() - this.lastPingAt < everyMs) return;
    this.lastPingAt = Date.now();
    this.socket.write(Buffer.from([0xc0, 0]));
  }

  close() {
    this.socket?.end(Buffer.from([0xe0, 0]));
  }

  private onData(chunk: Buffer) {
    this.buffer = this.buffer.length > 0 ? Buffer.concat([this.buffer, chunk]) : chunk;
    for (;;) {
      const b = this.buffer;
      if (b.length < 2) return;
      let length = 0;
      let multiplier = 1;
      let i = 1;
      for (; i < 5; i += 1) {
        if (i >= b.length) return;
        const byte = b[i] as number;
        length += (byte & 0x7f) * multiplier;
        multiplier *= 128;
        if ((byte & 0x80) === 0) break;
      }
      const end = i + 1 + length;
      if (b.length < end) return;
      const type = (b[0] as number) >> 4;
      const body = b.subarray(i + 1, end);
      if (type === 2) this.connack?.(body[1] ?? 255);
      else if (type === 4) {
        const id = ((body[0] as number) << 8) | (body[1] as number);
        const done = this.pending.get(id);
        this.pending.delete(id);
        done?.();
      }
      // Anything else (the server sends nothing unasked to a device that subscribed to nothing) is skipped.
      this.buffer = b.subarray(end);
    }
  }
}
