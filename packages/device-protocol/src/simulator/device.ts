import { createHash } from 'node:crypto';
import { EventEmitter } from 'node:events';
import { connect, type IClientOptions, type MqttClient } from 'mqtt';
import { decodeCommand, encodeCommand } from '../commands/codec.ts';
import { type Command, type CommandOf, OTA_STATES } from '../commands/types.ts';
import { ProtocolError } from '../errors.ts';
import { checkPropertyValue } from '../properties/check.ts';
import { recordsToValues, valueToRecords } from '../properties/values.ts';
import { TIMEZONE_PROPERTIES } from '../properties/wire-types.ts';
import { decodeSenml } from '../senml/decode.ts';
import { encodeSenml } from '../senml/encode.ts';
import type { SenmlRecord } from '../senml/record.ts';
import { TOPICS } from '../topics.ts';
import { endConnection } from './end-connection.ts';
import { type Generator, generatorFor, initialValue } from './generators.ts';
import { inferPropertyTypes, type PropertyDeclaration, parsePropertyList } from './property-declarations.ts';
import { TimedAttempt } from './timed-attempt.ts';

export interface SimulatorLogger {
  info(msg: string): void;
  warn(msg: string): void;
  debug?(msg: string): void;
}

/** The library's timings (`AIoTC_Config.h`, ArduinoMqttClient); tests shorten them. */
export interface SimulatorTiming {
  thingRetryMinMs: number;
  thingRetryMaxMs: number;
  /** Factors applied to the two above once the cloud said "registered, no thing" (empty ThingUpdate). */
  registeredMinFactor: number;
  registeredMaxFactor: number;
  thingMaxRetries: number;
  lastValuesRetryMs: number;
  lastValuesMaxRetries: number;
  /** ON_CHANGE properties are published at most this often. */
  minPublishIntervalMs: number;
  reconnectMinMs: number;
  reconnectMaxMs: number;
}

export const LIBRARY_TIMING: SimulatorTiming = {
  thingRetryMinMs: 2000,
  thingRetryMaxMs: 32000,
  registeredMinFactor: 10,
  registeredMaxFactor: 40,
  thingMaxRetries: 10,
  lastValuesRetryMs: 30000,
  lastValuesMaxRetries: 10,
  minPublishIntervalMs: 500,
  reconnectMinMs: 1000,
  reconnectMaxMs: 32000,
};

export interface SimulatedDeviceOptions {
  /** `mqtt://host:port`, `mqtts://…`, `ws://…/mqtt` or `wss://…`. */
  url: string;
  deviceId: string;
  secretKey: string;
  /** Properties to simulate: declarations or `name:type,name:type`. Others are learned from last values. */
  properties?: readonly PropertyDeclaration[] | string;
  /** How often generated values change, default 5000 ms. */
  intervalMs?: number;
  /** QoS of value messages: 0 as the library, 1 on request. */
  qos?: 0 | 1;
  /** Sent in DeviceBegin. */
  libVersion?: string;
  /** Add `t` (epoch seconds) to each value, as the library does after `encodeTimestamp()`. */
  timestamps?: boolean;
  logger?: SimulatorLogger;
  timing?: Partial<SimulatorTiming>;
  /** Extra mqtt.js options (TLS settings…). */
  mqtt?: IClientOptions;
  /**
   * Take OTA updates: report the running firmware (OtaBeginUp with its SHA-256) on every connection, download
   * an offered file, check its hash, "flash" it, report each step (OtaProgressUp) and reboot (reconnect).
   * Without it an offer is only logged and emitted (`ota`).
   */
  /**
   * Keep measuring while the connection is down: values taken every `intervalMs` are kept (at most
   * `maxRecords`, the oldest dropped first) with their time, and sent with it (SenML `t`, QoS 1) once the
   * device is synchronised again, before anything new. Off by default: the library sends only current values.
   */
  bufferOffline?: boolean | { maxRecords?: number };
  /**
   * The board's clock (epoch ms; default `Date.now`): the time of values measured offline and of `timestamps`,
   * and the one the timezone's end (`tz_dst_until`) is checked against, as the library's own clock is. Tests
   * run it fast so that seconds of outage stand for an hour of a board's measurements.
   */
  clock?: () => number;
  ota?: {
    /** The firmware the device starts with (default: a fixed text). */
    firmware?: Uint8Array;
    /** How the file is fetched (default: global fetch). */
    download?: (url: string) => Promise<Uint8Array>;
  };
}

/** The library's OTA error for a downloaded file whose hash is not the announced one (negative = error). */
/** How long a stopping device waits for the broker to acknowledge what it has in flight. */
const END_GRACE_MS = 2000;

export const OTA_ERROR_SHA_MISMATCH = -6;
export const OTA_ERROR_DOWNLOAD = -2;

export interface SimulatedProperty {
  name: string;
  type: string;
  value: unknown;
  /** False once the cloud (or `set`) gave it a value: it then keeps that value, like a real output. */
  generated: boolean;
}

interface PropertyState extends SimulatedProperty {
  generator: Generator | null;
  changed: boolean;
  echo: boolean;
  publishedOnce: boolean;
  lastPublishedAt: number;
}

/**
 * Events: `connected`, `disconnected`, `connectionError` (Error), `command` (Command received on c/dw),
 * `registered` (empty ThingUpdate), `thing` (thing id, or null when detached), `synced` (last values applied),
 * `write` ({name, value} from e/i), `published` ({name, value}[]), `timezone` ({offset, until}), `ota` (the
 * offer), `otaProgress` ({id, state, stateData} reported), `rebooting` (the new firmware's SHA-256),
 * `replayed` (how many records measured offline were sent, with bufferOffline).
 */
export class SimulatedDevice extends EventEmitter {
  readonly deviceId: string;
  private readonly opts: SimulatedDeviceOptions;
  private readonly timing: SimulatorTiming;
  private readonly log: SimulatorLogger;
  private readonly client: MqttClient;
  private readonly props = new Map<string, PropertyState>();
  private readonly attempt: TimedAttempt;
  private readonly syncAttempt: TimedAttempt;
  private readonly startedAt = Date.now();
  private readonly clock: () => number;
  private timers = new Set<NodeJS.Timeout>();
  private attemptTimer: NodeJS.Timeout | undefined;
  private syncTimer: NodeJS.Timeout | undefined;
  private flushTimer: NodeJS.Timeout | undefined;
  private tickTimer: NodeJS.Timeout | undefined;
  private tick = 0;
  /** Values taken while offline (bufferOffline), oldest first, with their time. */
  private buffered: SenmlRecord[] = [];
  /** Ticks while offline; apart from `timers`, which every close clears. */
  private offlineTimer: NodeJS.Timeout | undefined;
  private everSynced = false;
  private reconnectDelay: number;
  private stopping = false;
  private registered = false;
  private thing: string | null = null;
  private thingState: 'idle' | 'requesting' | 'synced' = 'idle';
  timezone = { offset: 0, until: 0 };
  private firmware: Uint8Array;
  private otaCounter = 0;
  private updating = false;

  constructor(opts: SimulatedDeviceOptions) {
    super();
    this.opts = opts;
    this.deviceId = opts.deviceId;
    this.timing = { ...LIBRARY_TIMING, ...opts.timing };
    this.clock = opts.clock ?? Date.now;
    this.log = opts.logger ?? { info() {}, warn() {} };
    this.attempt = new TimedAttempt(this.timing.thingRetryMinMs, this.timing.thingRetryMaxMs);
    this.syncAttempt = new TimedAttempt(this.timing.lastValuesRetryMs, this.timing.lastValuesRetryMs);
    const declared =
      typeof opts.properties === 'string' ? parsePropertyList(opts.properties) : (opts.properties ?? []);
    for (const p of declared) this.addProperty(p, true);
    this.reconnectDelay = this.timing.reconnectMinMs;
    this.firmware = opts.ota?.firmware ?? new TextEncoder().encode('tinkercloud simulated firmware 1');
    this.client = connect(opts.url, {
      ...opts.mqtt,
      clientId: opts.deviceId,
      username: opts.deviceId,
      password: opts.secretKey,
      keepalive: 30,
      clean: true,
      protocolVersion: 4,
      reconnectPeriod: this.timing.reconnectMinMs,
      // A refused login (a key being rotated, a broker that does not know the device yet) is retried with
      // the same backoff, as a board does; mqtt.js gives up on it unless told.
      reconnectOnConnackError: true,
      // The device subscribes again itself on every connection, as the library does.
      resubscribe: false,
    });
    this.client.on('connect', () => this.onConnect());
    this.client.on('close', () => this.onClose());
    this.client.on('error', (err) => {
      this.log.warn(`connection error: ${err.message}`);
      this.emit('connectionError', err);
    });
    this.client.on('message', (topic, payload) => this.onMessage(topic, payload));
  }

  /** The thing the cloud attached this device to, or null. */
  get thingId(): string | null {
    return this.thing;
  }

  get connected(): boolean {
    return this.client.connected;
  }

  /** SHA-256 (hex) of the firmware the device runs. */
  get firmwareSha256(): string {
    return createHash('sha256').update(this.firmware).digest('hex');
  }

  get synced(): boolean {
    return this.thingState === 'synced';
  }

  properties(): SimulatedProperty[] {
    return [...this.props.values()].map(({ name, type, value, generated }) => ({
      name,
      type,
      value,
      generated,
    }));
  }

  /** Changes a property as the sketch would; it is published on change. Throws on a value of the wrong type. */
  set(name: string, value: unknown) {
    const p = this.props.get(name);
    if (!p) throw new Error(`unknown property ${name}`);
    const problem = checkPropertyValue(p.type, value);
    if (problem) throw new Error(`${name}: ${problem}`);
    p.generated = false;
    this.change(p, value);
    this.flush();
  }

  async stop(): Promise<void> {
    this.stopping = true;
    this.stopOfflineTicks();
    this.clearTimers();
    await endConnection(this.client, END_GRACE_MS);
  }

  // ---- device state machine (ArduinoIoTCloudDevice) ----

  private onConnect() {
    this.stopOfflineTicks();
    this.reconnectDelay = this.timing.reconnectMinMs;
    this.client.options.reconnectPeriod = this.reconnectDelay;
    this.log.info(`connected as ${this.deviceId}`);
    this.emit('connected');
    this.client.subscribe(TOPICS.commandsDown(this.deviceId), { qos: 0 }, (err) => {
      if (err) {
        this.log.warn(`could not subscribe to the command topic: ${err.message}`);
        return;
      }
      this.deviceInit();
    });
  }

  private onClose() {
    this.clearTimers();
    this.thing = null;
    this.thingState = 'idle';
    if (this.stopping) return;
    if (this.opts.bufferOffline && this.everSynced) this.startOfflineTicks();
    // The library's reconnection backoff, 1 s doubling up to 32 s.
    this.client.options.reconnectPeriod = this.reconnectDelay;
    this.reconnectDelay = Math.min(this.reconnectDelay * 2, this.timing.reconnectMaxMs);
    this.emit('disconnected');
  }

  private deviceInit() {
    this.attempt.begin(this.timing.thingRetryMinMs, this.timing.thingRetryMaxMs);
    this.registered = false;
    this.sendCapabilities();
    // The OTA state machine starts with the connection and says which firmware runs.
    if (this.opts.ota) this.send({ type: 'OtaBeginUp', sha256: this.firmwareSha256 });
  }

  private sendCapabilities() {
    this.send({ type: 'DeviceBegin', libVersion: this.opts.libVersion ?? '2.9.0' });
    this.send({ type: 'DeviceNetConfig', adapter: 1, params: ['tinkercloud-simulator'] });
    this.send({ type: 'ThingBegin', thingId: '' });
    this.attempt.retry();
    if (this.attempt.count > this.timing.thingMaxRetries) {
      this.log.warn('no thing after the last attempt: reconnecting');
      this.reconnect();
      return;
    }
    this.attemptTimer = this.after(this.attempt.delayMs, () => {
      if (this.thing) return;
      if (this.registered)
        this.attempt.reconfigure(
          this.timing.thingRetryMinMs * this.timing.registeredMinFactor,
          this.timing.thingRetryMaxMs * this.timing.registeredMaxFactor,
        );
      this.sendCapabilities();
    });
  }

  private onCommand(cmd: Command) {
    this.emit('command', cmd);
    switch (cmd.type) {
      case 'ThingUpdate':
        if (cmd.thingId === '') {
          this.registered = true;
          this.log.info('registered, but no thing is attached yet');
          this.emit('registered');
          return;
        }
        if (this.thing && this.thing !== cmd.thingId) this.detach();
        if (!this.thing) this.attach(cmd.thingId);
        return;
      case 'ThingDetach':
        if (this.thing) this.detach();
        return;
      case 'TimezoneDown':
        this.setTimezone(cmd.offset, cmd.until);
        return;
      case 'LastValuesUpdate':
        this.onLastValues(cmd.senml);
        return;
      case 'OtaUpdateDown':
        this.emit('ota', cmd);
        if (!this.opts.ota) {
          this.log.info(`OTA offered (${cmd.url}); this simulated device does not take updates`);
          return;
        }
        void this.update(cmd);
        return;
      default:
        return;
    }
  }

  private attach(thingId: string) {
    this.client.subscribe(TOPICS.thingIn(thingId), { qos: 0 }, (err) => {
      if (err) {
        this.log.warn(`could not subscribe to ${TOPICS.thingIn(thingId)}: ${err.message}`);
        return;
      }
      this.clear(this.attemptTimer);
      this.thing = thingId;
      this.registered = true;
      this.log.info(`attached to thing ${thingId}`);
      this.emit('thing', thingId);
      this.syncAttempt.begin(this.timing.lastValuesRetryMs);
      this.requestLastValues();
    });
  }

  private detach() {
    const old = this.thing;
    if (!old) return;
    this.client.unsubscribe(TOPICS.thingIn(old));
    this.thing = null;
    this.thingState = 'idle';
    this.clear(this.syncTimer);
    this.clear(this.tickTimer);
    this.clear(this.flushTimer);
    this.log.info(`detached from thing ${old}`);
    this.emit('thing', null);
    this.deviceInit();
  }

  // ---- OTA (the library's OTACloudProcessInterface, without approval) ----

  private progress(id: string, state: number, stateData = 0) {
    // Microseconds since the epoch plus a counter, as the library stamps its reports.
    const time = Date.now() * 1000 + (this.otaCounter++ % 1000);
    this.send({ type: 'OtaProgressUp', id, state, stateData, time });
    this.emit('otaProgress', { id, state, stateData });
  }

  private async update(cmd: CommandOf<'OtaUpdateDown'>) {
    if (this.updating) return;
    this.updating = true;
    try {
      this.progress(cmd.id, OTA_STATES.OtaAvailable);
      this.progress(cmd.id, OTA_STATES.StartOTA);
      let file: Uint8Array;
      try {
        file = await (this.opts.ota?.download ?? fetchBytes)(cmd.url);
      } catch (e) {
        this.log.warn(`OTA download failed: ${(e as Error).message}`);
        this.progress(cmd.id, OTA_STATES.Fail, OTA_ERROR_DOWNLOAD);
        return;
      }
      this.progress(cmd.id, OTA_STATES.Fetch, file.length);
      const sha = createHash('sha256').update(file).digest('hex');
      if (sha !== cmd.finalSha256) {
        this.log.warn('OTA file hash does not match the announced one');
        this.progress(cmd.id, OTA_STATES.Fail, OTA_ERROR_SHA_MISMATCH);
        return;
      }
      this.progress(cmd.id, OTA_STATES.FlashOTA);
      this.firmware = file;
      this.progress(cmd.id, OTA_STATES.Reboot);
      this.log.info(`OTA ${cmd.id} applied: rebooting`);
      this.emit('rebooting', sha);
      this.reconnect();
    } finally {
      this.updating = false;
    }
  }

  // ---- thing state machine (ArduinoIoTCloudThing) ----

  private requestLastValues() {
    this.thingState = 'requesting';
    this.clear(this.tickTimer);
    if (this.syncAttempt.count > this.timing.lastValuesMaxRetries) {
      this.log.warn('no last values after the last attempt: reconnecting');
      this.reconnect();
      return;
    }
    this.syncAttempt.retry();
    this.send({ type: 'LastValuesBegin' });
    this.syncTimer = this.after(this.syncAttempt.delayMs, () => this.requestLastValues());
  }

  private onLastValues(senml: Uint8Array) {
    let records: SenmlRecord[] = [];
    try {
      records = decodeSenml(senml, { numberFormats: true });
    } catch (e) {
      if (!(e instanceof ProtocolError)) throw e;
      this.log.warn(`undecodable last values: ${e.message}`);
    }
    const learned = inferPropertyTypes(records).filter(
      (p) => !this.props.has(p.name) && !TIMEZONE_PROPERTIES.has(p.name),
    );
    for (const p of learned) this.addProperty(p, false);
    if (learned.length > 0)
      this.log.info(`learned properties: ${learned.map((p) => `${p.name}:${p.type}`).join(', ')}`);
    this.applyCloudRecords(records, false);
    if (this.thingState !== 'requesting') return;
    this.clear(this.syncTimer);
    this.thingState = 'synced';
    this.everSynced = true;
    this.log.info('synchronised with the cloud');
    this.emit('synced', this.properties());
    this.replayBuffered();
    this.flush();
    if (this.timezoneExpired()) {
      // The library asks again for last values (and stops publishing) once tz_dst_until is past.
      this.log.warn('the last values carry no future tz_dst_until: asking again after the retry delay');
      this.thingState = 'requesting';
      this.syncTimer = this.after(this.syncAttempt.delayMs, () => this.requestLastValues());
      return;
    }
    this.tickTimer = this.after(this.opts.intervalMs ?? 5000, () => this.onTick());
  }

  private onTick() {
    if (this.thingState !== 'synced') return;
    this.tick++;
    const elapsedS = (Date.now() - this.startedAt) / 1000;
    for (const p of this.props.values())
      if (p.generator && p.generated) this.change(p, p.generator(this.tick, elapsedS));
    this.flush();
    if (this.timezoneExpired()) {
      this.requestLastValues();
      return;
    }
    this.tickTimer = this.after(this.opts.intervalMs ?? 5000, () => this.onTick());
  }

  // ---- offline buffer (bufferOffline) ----

  private startOfflineTicks() {
    if (this.offlineTimer) return;
    const every = this.opts.intervalMs ?? 5000;
    const tick = () => {
      this.tick++;
      const elapsedS = (Date.now() - this.startedAt) / 1000;
      const measuredAt = this.clock();
      for (const p of this.props.values()) {
        if (!p.generator || !p.generated) continue;
        this.change(p, p.generator(this.tick, elapsedS));
        this.buffered.push(...valueToRecords(p.name, p.type, p.value, measuredAt));
      }
      const max =
        typeof this.opts.bufferOffline === 'object' ? this.opts.bufferOffline.maxRecords : undefined;
      const over = this.buffered.length - (max ?? 10_000);
      if (over > 0) this.buffered.splice(0, over);
      this.offlineTimer = setTimeout(tick, every);
    };
    this.offlineTimer = setTimeout(tick, every);
  }

  private stopOfflineTicks() {
    if (this.offlineTimer) clearTimeout(this.offlineTimer);
    this.offlineTimer = undefined;
  }

  /** Sends what was measured offline, with its times, in packs of 100 records (QoS 1: nothing dropped). */
  private replayBuffered() {
    if (this.buffered.length === 0 || !this.thing) return;
    const records = this.buffered.splice(0);
    for (let i = 0; i < records.length; i += 100)
      this.client.publish(TOPICS.thingOut(this.thing), Buffer.from(encodeSenml(records.slice(i, i + 100))), {
        qos: 1,
        retain: false,
      });
    this.log.info(`sent ${records.length} values measured while offline`);
    this.emit('replayed', records.length);
  }

  private timezoneExpired() {
    return this.clock() / 1000 > this.timezone.until;
  }

  private setTimezone(offset: number, until: number) {
    this.timezone = { offset, until };
    this.emit('timezone', this.timezone);
  }

  /** Applies values from the cloud: last values (no echo) or writes on e/i (echoed). */
  private applyCloudRecords(records: readonly SenmlRecord[], echo: boolean) {
    const types = new Map([
      ...TIMEZONE_PROPERTIES,
      ...[...this.props.values()].map((p) => [p.name, p.type] as const),
    ]);
    const { values, errors } = recordsToValues(records, types);
    for (const e of errors) this.log.debug?.(`ignored ${e.name}: ${e.reason}`);
    let tz = { ...this.timezone };
    for (const { name, value } of values) {
      if (name === 'tz_offset') tz = { ...tz, offset: value as number };
      else if (name === 'tz_dst_until') tz = { ...tz, until: value as number };
      const p = this.props.get(name);
      if (!p) continue;
      p.value = value;
      if (!echo) continue;
      p.generated = false;
      p.echo = true;
      this.emit('write', { name, value });
    }
    if (tz.offset !== this.timezone.offset || tz.until !== this.timezone.until)
      this.setTimezone(tz.offset, tz.until);
    if (echo) this.flush();
  }

  // ---- properties ----

  private addProperty(p: PropertyDeclaration, declared: boolean) {
    const generator = p.generator !== undefined ? p.generator : generatorFor(p.type, p.name);
    // Learned booleans, strings and objects are more likely outputs the user drives than sensors.
    const generated = generator !== null && (declared || ['FLOAT', 'INT'].includes(p.type));
    this.props.set(p.name, {
      name: p.name,
      type: p.type,
      // A sensor reads something from the start: its first value is its curve's, not the type's zero.
      value: generated && generator ? generator(0, 0) : initialValue(p.type),
      generated,
      generator,
      changed: false,
      echo: false,
      publishedOnce: false,
      lastPublishedAt: 0,
    });
  }

  private change(p: PropertyState, value: unknown) {
    if (JSON.stringify(value) === JSON.stringify(p.value)) return;
    p.value = value;
    p.changed = true;
  }

  /** Publishes every property that is due, in one SenML pack, as the library's update loop does. */
  private flush() {
    if (this.thingState !== 'synced' || !this.thing) return;
    const now = Date.now();
    const due: PropertyState[] = [];
    let wait = Number.POSITIVE_INFINITY;
    for (const p of this.props.values()) {
      if (p.echo || !p.publishedOnce) due.push(p);
      else if (p.changed) {
        const ready = p.lastPublishedAt + this.timing.minPublishIntervalMs - now;
        if (ready <= 0) due.push(p);
        else wait = Math.min(wait, ready);
      }
    }
    if (Number.isFinite(wait)) {
      this.clear(this.flushTimer);
      this.flushTimer = this.after(wait, () => this.flush());
    }
    if (due.length === 0) return;
    const timeMs = this.opts.timestamps ? this.clock() : undefined;
    const records = due.flatMap((p) => valueToRecords(p.name, p.type, p.value, timeMs));
    this.client.publish(TOPICS.thingOut(this.thing), Buffer.from(encodeSenml(records)), {
      qos: this.opts.qos ?? 0,
      retain: false,
    });
    for (const p of due) {
      p.echo = false;
      p.changed = false;
      p.publishedOnce = true;
      p.lastPublishedAt = now;
    }
    this.log.debug?.(`published ${due.map((p) => `${p.name}=${JSON.stringify(p.value)}`).join(' ')}`);
    this.emit(
      'published',
      due.map((p) => ({ name: p.name, value: p.value })),
    );
  }

  // ---- plumbing ----

  private onMessage(topic: string, payload: Buffer) {
    const bytes = new Uint8Array(payload.buffer, payload.byteOffset, payload.byteLength);
    try {
      if (topic === TOPICS.commandsDown(this.deviceId)) this.onCommand(decodeCommand(bytes));
      else if (this.thing && topic === TOPICS.thingIn(this.thing))
        this.applyCloudRecords(decodeSenml(bytes), true);
    } catch (e) {
      if (!(e instanceof ProtocolError)) throw e;
      this.log.warn(`ignored a message on ${topic}: ${e.message}`);
    }
  }

  private send(cmd: Command) {
    this.client.publish(TOPICS.commandsUp(this.deviceId), Buffer.from(encodeCommand(cmd)), { qos: 0 });
  }

  /** Disconnects and starts over, as the library does after too many unanswered requests. */
  private reconnect() {
    this.clearTimers();
    // Not forced: the request just published still goes out first, as it does from the board.
    endConnection(this.client, END_GRACE_MS).then(
      () => {
        if (!this.stopping) this.client.reconnect();
      },
      (err: Error) => this.log.warn(`could not end the connection: ${err.message}`),
    );
  }

  private after(ms: number, fn: () => void): NodeJS.Timeout {
    const t = setTimeout(
      () => {
        this.timers.delete(t);
        fn();
      },
      Math.min(ms, 2 ** 31 - 1),
    );
    this.timers.add(t);
    return t;
  }

  private clear(t: NodeJS.Timeout | undefined) {
    if (!t) return;
    clearTimeout(t);
    this.timers.delete(t);
  }

  private clearTimers() {
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
  }
}

async function fetchBytes(url: string): Promise<Uint8Array> {
  const res = await fetch(url);
  if (!res.ok) throw new Error(`HTTP ${res.status}`);
  return new Uint8Array(await res.arrayBuffer());
}

/**
 * Starts a device that speaks protocol 2.x like the ArduinoIoTCloud library: connects with its id and secret
 * key, asks for its thing, requests last values, then publishes its properties and applies the cloud's
 * writes. Returns at once; listen to its events (`synced`, `published`, `write`…).
 */
export function startSimulatedDevice(opts: SimulatedDeviceOptions): SimulatedDevice {
  return new SimulatedDevice(opts);
}
