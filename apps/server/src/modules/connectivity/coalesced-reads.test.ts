import { describe, expect, it } from 'vitest';
import { coalesceReads } from './coalesced-reads.ts';

/** A read by many keys that answers each key with its upper case ('missing' is never found). */
function recordedRead() {
  const reads: string[][] = [];
  let release: (() => void) | null = null;
  let hold = false;
  const readMany = async (keys: string[]) => {
    reads.push(keys);
    if (hold) await new Promise<void>((resolve) => (release = resolve));
    return new Map(keys.filter((k) => k !== 'missing').map((k) => [k, k.toUpperCase()]));
  };
  return {
    reads,
    readMany,
    holdNext: () => {
      hold = true;
    },
    release: () => {
      hold = false;
      release?.();
    },
  };
}

describe('coalesceReads', () => {
  it('answers keys asked in the same turn with one read, each its own value', async () => {
    const r = recordedRead();
    const read = coalesceReads(r.readMany);
    expect(await Promise.all([read('a'), read('b'), read('a'), read('missing')])).toEqual([
      'A',
      'B',
      'A',
      undefined,
    ]);
    expect(r.reads).toEqual([['a', 'b', 'missing']]);
  });

  it('gathers keys asked while a read runs into the next read, at most maxKeys a read', async () => {
    const r = recordedRead();
    const read = coalesceReads(r.readMany, { maxKeys: 2 });
    r.holdNext();
    const first = read('a');
    await new Promise((resolve) => setImmediate(resolve));
    expect(r.reads).toEqual([['a']]);
    const later = [read('b'), read('c'), read('d')];
    r.release();
    expect(await Promise.all([first, ...later])).toEqual(['A', 'B', 'C', 'D']);
    expect(r.reads).toEqual([['a'], ['b', 'c'], ['d']]);
  });

  it('fails every key of a failed read, and reads again for keys asked afterwards', async () => {
    let fail = true;
    const read = coalesceReads(async (keys: string[]) => {
      if (fail) throw new Error('database gone');
      return new Map(keys.map((k) => [k, k]));
    });
    const results = await Promise.allSettled([read('a'), read('b')]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    fail = false;
    expect(await read('a')).toBe('a');
  });
});
