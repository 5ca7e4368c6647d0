import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { createAnswerCache, ENTRY_OVERHEAD } from './answer-cache.ts';
import { acceptsGzip, ifNoneMatchHits } from './cached-reply.ts';

/** A build that counts its calls and answers `value`. */
function counted(value: unknown) {
  const fn = async () => {
    fn.calls += 1;
    return value;
  };
  fn.calls = 0;
  return fn;
}

describe('answer cache', () => {
  it('keeps an answer while its marker holds and builds again when the marker moves', async () => {
    const cache = createAnswerCache({ maxBytes: 10_000 });
    const build = counted([1, 2, 3]);
    const first = await cache.get('k', 'm1', build);
    expect(first.body.toString()).toBe('[1,2,3]');
    expect(await cache.get('k', 'm1', build)).toBe(first);
    expect(build.calls).toBe(1);
    const moved = await cache.get('k', 'm2', counted([4]));
    expect(moved.body.toString()).toBe('[4]');
    expect(cache.size).toBe(1);
    expect(moved.etag).not.toBe(first.etag);
  });

  it('gives equal bodies equal validators, and gzip that decodes to the body', async () => {
    const cache = createAnswerCache({ maxBytes: 10_000 });
    const a = await cache.get('a', 'm', counted({ x: 1 }));
    const b = await cache.get('b', 'm', counted({ x: 1 }));
    expect(a.etag).toBe(b.etag);
    expect(a.etag).toMatch(/^W\/"[\w-]+"$/);
    expect(gunzipSync(await a.gzip()).toString()).toBe('{"x":1}');
    expect(await a.gzip()).toBe(await a.gzip());
  });

  it('shares one build among concurrent misses', async () => {
    const cache = createAnswerCache({ maxBytes: 10_000 });
    const build = counted('x');
    const answers = await Promise.all([1, 2, 3].map(() => cache.get('k', 'm', build)));
    expect(build.calls).toBe(1);
    expect(new Set(answers).size).toBe(1);
  });

  it('drops the least recently used answers once its bytes (gzip included) pass the bound', async () => {
    const big = 'x'.repeat(398); // 400 bytes of JSON
    const each = 400 + 2 + ENTRY_OVERHEAD; // body, one-character key, overhead
    const bound = 2 * each + 100; // two fit, with room for a gzip body
    const cache = createAnswerCache({ maxBytes: bound });
    await cache.get('a', 'm', counted(big));
    await cache.get('b', 'm', counted(big));
    await cache.get('a', 'm', counted(big)); // a is now the most recent
    const c = await cache.get('c', 'm', counted(big)); // b, the least recent, goes
    expect(cache.size).toBe(2);
    const rebuiltB = counted(big);
    await cache.get('b', 'm', rebuiltB); // and coming back pushes a out
    expect(rebuiltB.calls).toBe(1);
    const keptC = counted(big);
    await cache.get('c', 'm', keptC);
    expect(keptC.calls).toBe(0);
    expect(cache.bytes).toBe(2 * each);
    await c.gzip();
    expect(cache.bytes).toBeGreaterThan(2 * each);
    expect(cache.bytes).toBeLessThanOrEqual(bound);
  });

  it('counts keys and a fixed overhead, so tiny answers cannot pile up without bound', async () => {
    // '[]', a 9-character key (two bytes a character) and the overhead, ten times.
    const cache = createAnswerCache({ maxBytes: 10 * (2 + 18 + ENTRY_OVERHEAD) });
    for (let i = 0; i < 100; i++) await cache.get(`key-${String(i).padStart(5, '0')}`, 'm', counted([]));
    expect(cache.size).toBe(10);
  });

  it('keeps nothing larger than its bound (0 keeps nothing at all)', async () => {
    const cache = createAnswerCache({ maxBytes: 0 });
    const build = counted([1]);
    await cache.get('k', 'm', build);
    await cache.get('k', 'm', build);
    expect(build.calls).toBe(2);
    expect(cache.bytes).toBe(0);
  });

  it('forgets a failed build so the next call tries again', async () => {
    const cache = createAnswerCache({ maxBytes: 10_000 });
    await expect(
      cache.get('k', 'm', async () => {
        throw new Error('database down');
      }),
    ).rejects.toThrow('database down');
    expect((await cache.get('k', 'm', counted(1))).body.toString()).toBe('1');
  });
});

describe('conditional and compressed replies', () => {
  it('matches If-None-Match weakly, in lists and with *', () => {
    expect(ifNoneMatchHits('W/"abc"', 'W/"abc"')).toBe(true);
    expect(ifNoneMatchHits('"abc"', 'W/"abc"')).toBe(true);
    expect(ifNoneMatchHits('"x", W/"abc"', 'W/"abc"')).toBe(true);
    expect(ifNoneMatchHits('*', 'W/"abc"')).toBe(true);
    expect(ifNoneMatchHits('W/"abcd"', 'W/"abc"')).toBe(false);
    expect(ifNoneMatchHits(undefined, 'W/"abc"')).toBe(false);
  });

  it('takes gzip when the client lists it (or *) with a quality above zero', () => {
    expect(acceptsGzip('gzip, deflate')).toBe(true);
    expect(acceptsGzip('br;q=1.0, GZIP;q=0.5')).toBe(true);
    expect(acceptsGzip('x-gzip')).toBe(true);
    expect(acceptsGzip('*')).toBe(true);
    expect(acceptsGzip('gzip;q=0, *')).toBe(false);
    expect(acceptsGzip('*;q=0')).toBe(false);
    expect(acceptsGzip('identity')).toBe(false);
    expect(acceptsGzip('')).toBe(false);
    expect(acceptsGzip(undefined)).toBe(false);
  });
});
