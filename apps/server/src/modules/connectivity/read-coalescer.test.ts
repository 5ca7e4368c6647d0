import { describe, expect, it } from 'vitest';
import { coalesceReads } from './read-coalescer.ts';

describe('coalesceReads', () => {
  it('reads the ids asked for in one turn together, and answers each caller its own', async () => {
    const calls: string[][] = [];
    const read = coalesceReads(async (ids: string[]) => {
      calls.push(ids);
      return new Map(ids.filter((id) => id !== 'missing').map((id) => [id, `value of ${id}`]));
    });
    const answers = await Promise.all([read('a'), read('b'), read('a'), read('missing')]);
    expect(answers).toEqual(['value of a', 'value of b', 'value of a', null]);
    expect(calls).toEqual([['a', 'b', 'missing']]);
    // A later turn is a new statement.
    expect(await read('c')).toBe('value of c');
    expect(calls).toHaveLength(2);
  });

  it('splits a large turn into statements of at most 1,000 ids', async () => {
    const sizes: number[] = [];
    const read = coalesceReads(async (ids: string[]) => {
      sizes.push(ids.length);
      return new Map(ids.map((id) => [id, id.length]));
    });
    const ids = Array.from({ length: 2_500 }, (_, i) => `id-${i}`);
    const answers = await Promise.all(ids.map((id) => read(id)));
    expect(answers).toEqual(ids.map((id) => id.length));
    expect(sizes).toEqual([1_000, 1_000, 500]);
  });

  it('fails every caller of a statement that failed, and reads again next time', async () => {
    let fail = true;
    const read = coalesceReads(async (ids: string[]) => {
      if (fail) throw new Error('database gone');
      return new Map(ids.map((id) => [id, 1]));
    });
    const results = await Promise.allSettled([read('a'), read('b')]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    fail = false;
    expect(await read('a')).toBe(1);
  });
});
