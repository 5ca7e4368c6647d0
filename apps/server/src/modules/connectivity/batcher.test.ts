import { describe, expect, it } from 'vitest';
import { createBatcher } from './batcher.ts';

/** A flush that records its batches and commits only when the test lets it. */
function gatedFlush() {
  const batches: number[][] = [];
  const gates: (() => void)[] = [];
  const flush = (items: number[]) => {
    batches.push(items);
    return new Promise<void>((resolve) => gates.push(resolve));
  };
  const release = async () => {
    while (gates.length === 0) await new Promise((r) => setTimeout(r, 1));
    gates.shift()?.();
  };
  return { batches, flush, release };
}

const range = (from: number, n: number) => Array.from({ length: n }, (_, i) => from + i);

describe('the ingest batcher', () => {
  it('never hands more than maxFlush items to one flush, and settles each caller with its last items', async () => {
    const g = gatedFlush();
    const batcher = createBatcher(g.flush, { maxItems: 1, maxDelayMs: 1, maxFlush: 10 });
    const settled: string[] = [];
    const first = batcher.add(range(0, 1)).then(() => settled.push('first'));
    // These arrive while the first flush runs: 25 items, more than one flush may carry.
    const big = batcher.add(range(100, 18)).then(() => settled.push('big'));
    const small = batcher.add(range(200, 7)).then(() => settled.push('small'));
    await g.release();
    await g.release();
    await g.release();
    await g.release();
    await Promise.all([first, big, small]);
    expect(g.batches.map((b) => b.length)).toEqual([1, 10, 10, 5]);
    expect(g.batches.flat()).toEqual([...range(0, 1), ...range(100, 18), ...range(200, 7)]);
    expect(settled).toEqual(['first', 'big', 'small']);
    expect(batcher.pending).toBe(0);
  });

  it('rejects a caller as soon as a flush carrying some of its items fails', async () => {
    let calls = 0;
    const batcher = createBatcher(
      async () => {
        calls += 1;
        if (calls === 1) throw new Error('database down');
      },
      { maxItems: 5, maxDelayMs: 1, maxFlush: 5 },
    );
    await expect(batcher.add(range(0, 12))).rejects.toThrow('database down');
    await batcher.drain();
    expect(batcher.pending).toBe(0);
  });

  it('runs flushes side by side up to its concurrency, telling callers in the order the flushes began', async () => {
    const gates: (() => void)[] = [];
    let inFlight = 0;
    let most = 0;
    const batcher = createBatcher(
      (_items: number[]) => {
        inFlight += 1;
        most = Math.max(most, inFlight);
        return new Promise<void>((resolve) =>
          gates.push(() => {
            inFlight -= 1;
            resolve();
          }),
        );
      },
      { maxItems: 2, maxDelayMs: 1, maxFlush: 2, concurrency: 2 },
    );
    const told: string[] = [];
    const first = batcher.add([1, 2]).then(() => told.push('first'));
    const second = batcher.add([3, 4]).then(() => told.push('second'));
    const third = batcher.add([5, 6]).then(() => told.push('third'));
    expect(gates).toHaveLength(2);
    // The second flush commits first; its caller still hears after the first one's.
    gates[1]?.();
    await new Promise((r) => setTimeout(r, 5));
    expect(told).toEqual([]);
    gates[0]?.();
    await Promise.all([first, second]);
    expect(told).toEqual(['first', 'second']);
    while (gates.length < 3) await new Promise((r) => setTimeout(r, 1));
    gates[2]?.();
    await third;
    expect(told).toEqual(['first', 'second', 'third']);
    expect(most).toBe(2);
    await batcher.drain();
  });
});
