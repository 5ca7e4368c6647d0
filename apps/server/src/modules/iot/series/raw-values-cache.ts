/** The values of one raw window, as the database wrote them, with the marker they were read under. */
interface KeptValues {
  /** RawBatchRow.marker when they were read. */
  marker: string;
  /** The window's end when it was "now" (epoch ms): they answer later ends only. */
  readAt: number;
  count: number;
  times: string;
  vals: string;
}

/** What an entry costs besides its texts (key, objects, map slot), roughly. */
const ENTRY_OVERHEAD = 256;

/**
 * Raw windows of properties kept by `batch_query_raw`, least recently used out first once their bytes pass
 * `maxBytes`. The database decides whether one still stands: the batch reads each property's values marker
 * and skips reading values the caller holds under it (series.repository.ts). Keys name the property and
 * the window, never the caller: who may read a property is checked by every batch.
 */
export function createRawValuesCache(opts: { maxBytes: number }) {
  const entries = new Map<string, { kept: KeptValues; bytes: number }>();
  let bytes = 0;

  function drop(key: string) {
    const e = entries.get(key);
    if (!e) return;
    entries.delete(key);
    bytes -= e.bytes;
  }

  return {
    get(key: string): KeptValues | undefined {
      const e = entries.get(key);
      if (!e) return undefined;
      // Map order is the recency order.
      entries.delete(key);
      entries.set(key, e);
      return e.kept;
    },
    set(key: string, kept: KeptValues) {
      drop(key);
      const size =
        (key.length + kept.marker.length + kept.times.length + kept.vals.length) * 2 + ENTRY_OVERHEAD;
      if (size > opts.maxBytes) return;
      entries.set(key, { kept, bytes: size });
      bytes += size;
      for (const [old] of entries) {
        if (bytes <= opts.maxBytes) break;
        drop(old);
      }
    },
    get bytes() {
      return bytes;
    },
  };
}

/** The key of a property's raw window; `to` undefined: up to now. */
export function rawWindowKey(w: {
  propertyId: string;
  from: Date;
  to: Date | undefined;
  newestFirst: boolean;
  limit: number;
}): string {
  return `${w.propertyId} ${w.from.getTime()} ${w.to ? w.to.getTime() : 'now'} ${w.newestFirst ? 'D' : 'A'} ${w.limit}`;
}
