/** Buckets kept at most; past this, full buckets (devices quiet long enough) are forgotten first. */
const MAX_BUCKETS = 100_000;

/**
 * A token bucket per device: `perSecond` messages sustained, up to `burst` at once (0 per second: no limit).
 * In this process: with several processes behind an external broker each counts the share it receives.
 */
export function createDeviceRate(opts: { perSecond: number; burst: number; now?: () => number }) {
  const now = opts.now ?? Date.now;
  const buckets = new Map<string, { tokens: number; at: number }>();

  function refill(bucket: { tokens: number; at: number }, at: number) {
    bucket.tokens = Math.min(opts.burst, bucket.tokens + ((at - bucket.at) / 1000) * opts.perSecond);
    bucket.at = at;
  }

  function prune(at: number) {
    for (const [id, bucket] of buckets) {
      refill(bucket, at);
      if (bucket.tokens >= opts.burst) buckets.delete(id);
    }
    if (buckets.size >= MAX_BUCKETS) buckets.clear();
  }

  return {
    perSecond: opts.perSecond,
    burst: opts.burst,
    /** Takes one message's token: false when the device is over its rate (the message is to be dropped). */
    take(deviceId: string): boolean {
      if (opts.perSecond <= 0) return true;
      const at = now();
      let bucket = buckets.get(deviceId);
      if (bucket) refill(bucket, at);
      else {
        if (buckets.size >= MAX_BUCKETS) prune(at);
        bucket = { tokens: opts.burst, at };
        buckets.set(deviceId, bucket);
      }
      if (bucket.tokens < 1) return false;
      bucket.tokens -= 1;
      return true;
    },
  };
}
export type DeviceRate = ReturnType<typeof createDeviceRate>;

/** The reason shown on the device's connectivity page for a message over its rate. */
export const overRate = (rate: Pick<DeviceRate, 'perSecond' | 'burst'>) =>
  `over the message rate of ${rate.perSecond} per second (bursts of ${rate.burst}): dropped`;
