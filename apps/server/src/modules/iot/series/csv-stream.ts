import { Readable } from 'node:stream';
import type { TelemetryStore } from '../../telemetry/telemetry-store.ts';
import type { SeriesProperty } from './series.repository.ts';

export const CSV_HEADER = 'time,thing_id,property_id,property_name,property_type,value\r\n';

/** Points a window is sized to hold, from the density of the one before. */
const TARGET_ROWS = 1_000;
/** A window holding more is split in two and read again: the most a page holds (about 600 kB of CSV). */
const MAX_ROWS = 5_000;
/** Windows read ahead while the current page goes out: the database and this process work at once. */
const IN_FLIGHT = 3;
/** The first window; each next one is sized from the density the previous one showed. */
const FIRST_WINDOW_MS = 60_000;
/** A window grows at most this much from one page to the next (sparse series reach their end in a few). */
const MAX_GROWTH = 16;

/** A CSV field: quoted (quotes doubled) when it holds a comma, a quote or a line break (RFC 4180). */
export function csvCell(s: string): string {
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/**
 * The CSV of the properties' values in [from, to), oldest first, then by property id, a page at a time. The
 * database writes each page's lines (telemetry/read.ts readCsvPage). Pages are time windows sized to hold
 * about TARGET_ROWS points, because ordering several properties by time sorts the rows of the window (one
 * query over the whole range would sort all of it); a window found holding more than MAX_ROWS is split in
 * two (a millisecond holds at most 4 points per property, so splitting ends). IN_FLIGHT windows are asked
 * for ahead, and only as the response drains, so memory holds a few pages whatever the range.
 */
async function* csvChunks(
  store: TelemetryStore,
  properties: readonly SeriesProperty[],
  range: { from: Date; to: Date },
): AsyncGenerator<string | Buffer> {
  yield CSV_HEADER;
  if (properties.length === 0) return;
  const query = {
    propertyIds: properties.map((p) => p.id),
    middles: properties.map((p) => `,${p.thingId},${p.id},${csvCell(p.name)},${p.type},`),
    limit: MAX_ROWS,
  };
  const read = (from: number, to: number) => ({
    from,
    to,
    // Bytes as soon as the page arrives: a Buffer lives outside the JS heap and its size drives garbage
    // collection, while a page kept as a string until sent would outlive a young-generation collection, be
    // promoted, and wait for a full collection with all the others (the heap then grows with the export).
    page: store
      .csvPage({ ...query, from: new Date(from), to: new Date(to) })
      .then((p) => ({ count: p.count, csv: p.csv === null ? null : Buffer.from(p.csv) })),
  });
  const end = range.to.getTime();
  let next = range.from.getTime();
  let windowMs = FIRST_WINDOW_MS;
  const ahead: ReturnType<typeof read>[] = [];
  const fill = () => {
    while (ahead.length < IN_FLIGHT && next < end) {
      const to = Math.min(end, next + windowMs);
      ahead.push(read(next, to));
      next = to;
    }
  };
  try {
    fill();
    for (let w = ahead.shift(); w; w = ahead.shift()) {
      const page = await w.page;
      const spanMs = w.to - w.from;
      if (page.csv === null) {
        const mid = w.from + Math.floor(spanMs / 2);
        ahead.unshift(read(w.from, mid), read(mid, w.to));
        windowMs = Math.max(1, Math.floor(spanMs / 4));
        continue;
      }
      const growth = page.count === 0 ? MAX_GROWTH : Math.min(MAX_GROWTH, TARGET_ROWS / page.count);
      windowMs = Math.max(1, Math.floor(spanMs * growth));
      if (page.csv.length > 0) yield page.csv;
      fill();
    }
  } finally {
    // Pages still being read when the download stops settle unobserved.
    for (const w of ahead) w.page.catch(() => {});
  }
}

/**
 * The export as a byte stream with backpressure: the next page is read only as the response drains (the
 * stream buffers one page at most), and a closed connection stops the reading.
 */
export function csvStream(
  store: TelemetryStore,
  properties: readonly SeriesProperty[],
  range: { from: Date; to: Date },
): Readable {
  return Readable.from(csvChunks(store, properties, range), { objectMode: false });
}
