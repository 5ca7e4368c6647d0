import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';

const gzipAsync = promisify(gzip);

/** A serialised JSON answer, its validator and (made on first demand) its gzip encoding. */
export interface CachedAnswer {
  body: Buffer;
  /** A weak validator (the same for the plain and the gzip encoding): the hash of the body. */
  etag: string;
  gzip(): Promise<Buffer>;
}

/**
 * What an entry costs besides its bodies (key, objects, map slot), roughly: counted so that many tiny answers
 * (one per distinct filter, say) cannot grow the cache past its bound.
 */
export const ENTRY_OVERHEAD = 256;

interface Entry {
  marker: string;
  answer: CachedAnswer;
  bytes: number;
}

function answerOf(value: unknown, onGzip: (bytes: number) => void): CachedAnswer {
  const body = Buffer.from(JSON.stringify(value));
  const etag = `W/"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
  let zipped: Promise<Buffer> | undefined;
  return {
    body,
    etag,
    gzip() {
      if (!zipped) {
        zipped = gzipAsync(body).then((z) => {
          onGzip(z.length);
          return z;
        });
        zipped.catch(() => {
          zipped = undefined;
        });
      }
      return zipped;
    },
  };
}

/**
 * Serialised answers kept while the change marker they were built under is current, least recently used
 * first out once their bytes (plain, gzip, key and overhead) pass `maxBytes`. One entry per key: an answer built under
 * another marker replaces it. Concurrent misses of one key and marker share a single build.
 */
export function createAnswerCache(opts: { maxBytes: number }) {
  const entries = new Map<string, Entry>();
  const building = new Map<string, Promise<CachedAnswer>>();
  let bytes = 0;

  function drop(key: string) {
    const e = entries.get(key);
    if (!e) return;
    entries.delete(key);
    bytes -= e.bytes;
  }

  function trim() {
    for (const [key] of entries) {
      if (bytes <= opts.maxBytes) return;
      drop(key);
    }
  }

  function store(key: string, marker: string, answer: CachedAnswer) {
    drop(key);
    const size = answer.body.length + key.length * 2 + ENTRY_OVERHEAD;
    if (size > opts.maxBytes) return;
    const entry: Entry = { marker, answer, bytes: size };
    entries.set(key, entry);
    bytes += entry.bytes;
    trim();
  }

  return {
    /** The answer of `key` under `marker`: the kept one when it was built under that marker, else `build()`'s. */
    async get(key: string, marker: string, build: () => Promise<unknown>): Promise<CachedAnswer> {
      const hit = entries.get(key);
      if (hit && hit.marker === marker) {
        // Map order is the recency order.
        entries.delete(key);
        entries.set(key, hit);
        return hit.answer;
      }
      const pendingKey = `${marker} ${key}`;
      const pending = building.get(pendingKey);
      if (pending) return pending;
      const made = (async () => {
        const value = await build();
        let entry: Entry | undefined;
        const answer = answerOf(value, (zipped) => {
          // Counted only while the entry is still the one kept under this key.
          if (entry && entries.get(key) === entry) {
            entry.bytes += zipped;
            bytes += zipped;
            trim();
          }
        });
        store(key, marker, answer);
        entry = entries.get(key);
        return answer;
      })();
      building.set(pendingKey, made);
      try {
        return await made;
      } finally {
        building.delete(pendingKey);
      }
    },
    /** Bytes held now (for tests and diagnostics). */
    get bytes() {
      return bytes;
    },
    get size() {
      return entries.size;
    },
  };
}
export type AnswerCache = ReturnType<typeof createAnswerCache>;
