/** Buckets kept at most; past this, full buckets (devices quiet long enough) are forgotten first. */
const MAX_BUCKETS = 100_000;
/**
 * How long a message over the rate may wait for its token (its PUBACK held back), at most. Well under a
 * board's keepalive (ArduinoIoTCloud: 30 s; the broker gives up after 1.5 times it), since a held message
 * also holds the reading of the connection's next packets, its PINGREQ among them.
 */
export const MAX_HOLD_MS = 5_000;
/**
 * Messages of one device waiting at once, at most. A client with an in-flight window (mqtt.js, the library's
 * one unacknowledged message) never gets near: its window fills and it waits.
 */
export const MAX_HELD_PER_DEVICE = 100;
/** Messages waiting at once in this process, at most (each holds its payload in memory). */
const MAX_HELD = 10_000;
/** And the bytes of their payloads (10,000 packets of the largest size would be gigabytes). */
export const MAX_HELD_BYTES = 64 * 1024 * 1024;

type Bucket = { tokens: number; at: number; held: number };
type Hold = { bucket: Bucket; bytes: number; timer: NodeJS.Timeout; resolve: () => void };

/**
 * A token bucket per device: `perSecond` messages sustained, up to `burst` at once (0 per second: no limit).
 * In this process: with several processes behind an external broker each counts the share it receives.
 * A message over the rate may `hold` for its token: the bucket runs into debt and the message is let through
 * when the debt is paid off, in the order they came, within `maxHoldMs` and `maxHeldPerDevice`.
 */
export function createDeviceRate(opts: {
  perSecond: number;
  burst: number;
  now?: () => number;
  maxHoldMs?: number;
  maxHeldPerDevice?: number;
  maxHeldBytes?: number;
}) {
  const now = opts.now ?? Date.now;
  const maxHoldMs = opts.maxHoldMs ?? MAX_HOLD_MS;
  const maxHeldPerDevice = opts.maxHeldPerDevice ?? MAX_HELD_PER_DEVICE;
  const maxHeldBytes = opts.maxHeldBytes ?? MAX_HELD_BYTES;
  const buckets = new Map<string, Bucket>();
  /** The messages waiting, by the connection they came on: a closed connection's are let go at once. */
  const holds = new Map<object, Set<Hold>>();
  let heldNow = 0;
  let heldBytes = 0;
  let heldTotal = 0;

  function settle(hold: Hold, connection: object | undefined) {
    hold.bucket.held -= 1;
    heldNow -= 1;
    heldBytes -= hold.bytes;
    if (!connection) return;
    const set = holds.get(connection);
    set?.delete(hold);
    if (set?.size === 0) holds.delete(connection);
  }

  function refill(bucket: Bucket, at: number) {
    bucket.tokens = Math.min(opts.burst, bucket.tokens + ((at - bucket.at) / 1000) * opts.perSecond);
    bucket.at = at;
  }

  function prune(at: number) {
    for (const [id, bucket] of buckets) {
      refill(bucket, at);
      if (bucket.tokens >= opts.burst && bucket.held === 0) buckets.delete(id);
    }
    if (buckets.size >= MAX_BUCKETS) buckets.clear();
  }

  function bucketOf(deviceId: string, at: number): Bucket {
    let bucket = buckets.get(deviceId);
    if (bucket) refill(bucket, at);
    else {
      if (buckets.size >= MAX_BUCKETS) prune(at);
      bucket = { tokens: opts.burst, at, held: 0 };
      buckets.set(deviceId, bucket);
    }
    return bucket;
  }

  return {
    perSecond: opts.perSecond,
    burst: opts.burst,
    maxHoldMs,
    /** Takes one message's token: false when the device is over its rate (the message is to be dropped). */
    take(deviceId: string): boolean {
      if (opts.perSecond <= 0) return true;
      const bucket = bucketOf(deviceId, now());
      if (bucket.tokens < 1) return false;
      bucket.tokens -= 1;
      return true;
    },

    /**
     * Takes one message's token, waiting for it when the device is over its rate: `true` at once, a promise
     * that settles when the token is there (messages waiting before this one go first), or `false` when the
     * wait would pass `maxHoldMs` or the device (or this process) already holds as many as it may.
     */
    admit(
      deviceId: string,
      hold: { connection?: object; bytes?: number } = {},
    ): true | false | Promise<void> {
      if (opts.perSecond <= 0) return true;
      const bucket = bucketOf(deviceId, now());
      if (bucket.tokens >= 1) {
        bucket.tokens -= 1;
        return true;
      }
      const bytes = hold.bytes ?? 0;
      const waitMs = ((1 - bucket.tokens) / opts.perSecond) * 1000;
      if (
        waitMs > maxHoldMs ||
        bucket.held >= maxHeldPerDevice ||
        heldNow >= MAX_HELD ||
        heldBytes + bytes > maxHeldBytes
      )
        return false;
      bucket.tokens -= 1;
      bucket.held += 1;
      heldNow += 1;
      heldBytes += bytes;
      heldTotal += 1;
      return new Promise((resolve) => {
        const entry: Hold = {
          bucket,
          bytes,
          resolve,
          timer: setTimeout(() => {
            settle(entry, hold.connection);
            resolve();
          }, waitMs),
        };
        entry.timer.unref();
        if (hold.connection) {
          const set = holds.get(hold.connection) ?? new Set<Hold>();
          set.add(entry);
          holds.set(hold.connection, set);
        }
      });
    },

    /**
     * A connection closed: its waiting messages are let go now (their publish sees the connection closed and
     * stores nothing; the board sends them again), and the tokens they took are given back, so a device that
     * reconnects at once is not refused for what its dead connection held.
     */
    release(connection: object): void {
      const set = holds.get(connection);
      if (!set) return;
      holds.delete(connection);
      for (const entry of set) {
        clearTimeout(entry.timer);
        entry.bucket.tokens += 1;
        settle(entry, undefined);
        entry.resolve();
      }
    },

    /** Messages waiting for their token now, and held since start (the operator's figures, tests). */
    held: () => ({ now: heldNow, bytes: heldBytes, total: heldTotal }),
  };
}
export type DeviceRate = ReturnType<typeof createDeviceRate>;

/** The reason shown on the device's connectivity page for a message over its rate, dropped (QoS 0). */
export const overRate = (rate: Pick<DeviceRate, 'perSecond' | 'burst'>) =>
  `over the message rate of ${rate.perSecond} per second (bursts of ${rate.burst}): dropped`;

/** The same for a QoS 1 message that would have waited too long for its token: the connection is closed. */
export const overRateTooLong = (rate: Pick<DeviceRate, 'perSecond' | 'burst' | 'maxHoldMs'>) =>
  `over the message rate of ${rate.perSecond} per second (bursts of ${rate.burst}) for longer than ` +
  `${rate.maxHoldMs / 1000} s: not acknowledged, the connection was closed`;
