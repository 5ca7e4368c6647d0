import { describe, expect, it, vi } from 'vitest';
import { createDeviceRate } from './device-rate.ts';

describe('device message rate', () => {
  it('lets a burst through, then the sustained rate, per device', () => {
    let now = 0;
    const rate = createDeviceRate({ perSecond: 2, burst: 3, now: () => now });
    expect([1, 2, 3, 4].map(() => rate.take('a'))).toEqual([true, true, true, false]);
    expect(rate.take('b')).toBe(true);
    now = 500;
    expect([rate.take('a'), rate.take('a')]).toEqual([true, false]);
    now = 10_000;
    expect([1, 2, 3, 4].map(() => rate.take('a'))).toEqual([true, true, true, false]);
  });

  it('limits nothing at 0 per second', () => {
    const rate = createDeviceRate({ perSecond: 0, burst: 1 });
    expect(Array.from({ length: 100 }, () => rate.take('a')).every(Boolean)).toBe(true);
  });

  it('holds a message over the rate until its token is there, in order, within the bounds', async () => {
    vi.useFakeTimers();
    try {
      const rate = createDeviceRate({
        perSecond: 10,
        burst: 2,
        now: () => Date.now(),
        maxHoldMs: 300,
        maxHeldPerDevice: 2,
      });
      expect([rate.admit('a'), rate.admit('a')]).toEqual([true, true]);
      const released: number[] = [];
      const first = rate.admit('a');
      const second = rate.admit('a');
      expect(first).toBeInstanceOf(Promise);
      expect(second).toBeInstanceOf(Promise);
      void (first as Promise<void>).then(() => released.push(1));
      void (second as Promise<void>).then(() => released.push(2));
      // A third would pass the per-device bound; another device has its own bucket.
      expect(rate.admit('a')).toBe(false);
      expect(rate.admit('b')).toBe(true);
      expect(rate.held()).toEqual({ now: 2, bytes: 0, total: 2 });
      await vi.advanceTimersByTimeAsync(100);
      expect(released).toEqual([1]);
      await vi.advanceTimersByTimeAsync(100);
      expect(released).toEqual([1, 2]);
      expect(rate.held().now).toBe(0);
      // A wait longer than maxHoldMs is refused: at 10 a second the fourth in debt would wait 400 ms.
      const slow = createDeviceRate({ perSecond: 10, burst: 1, now: () => Date.now(), maxHoldMs: 300 });
      const waits = [slow.admit('a'), slow.admit('a'), slow.admit('a'), slow.admit('a'), slow.admit('a')];
      expect(waits.map((w) => (w instanceof Promise ? 'held' : w))).toEqual([
        true,
        'held',
        'held',
        'held',
        false,
      ]);
      await vi.advanceTimersByTimeAsync(1_000);
      expect(slow.held().now).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });
  it("lets a closed connection's waiting messages go at once and gives their tokens back", async () => {
    vi.useFakeTimers();
    try {
      const rate = createDeviceRate({ perSecond: 1, burst: 1, now: () => Date.now(), maxHeldPerDevice: 2 });
      const old = {};
      expect(rate.admit('a', { connection: old, bytes: 10 })).toBe(true);
      const waits = [
        rate.admit('a', { connection: old, bytes: 10 }),
        rate.admit('a', { connection: old, bytes: 10 }),
      ];
      expect(waits.every((w) => w instanceof Promise)).toBe(true);
      expect(rate.held()).toMatchObject({ now: 2, bytes: 20 });
      // The board reconnects at once: without the release its dead connection's two would fill its bound.
      rate.release(old);
      await Promise.all(waits);
      expect(rate.held()).toMatchObject({ now: 0, bytes: 0 });
      const fresh = {};
      const again = rate.admit('a', { connection: fresh });
      expect(again).toBeInstanceOf(Promise);
      expect(rate.admit('a', { connection: fresh })).toBeInstanceOf(Promise);
      rate.release(fresh);
    } finally {
      vi.useRealTimers();
    }
  });

  it('holds at most maxHeldBytes of payloads in the process', () => {
    vi.useFakeTimers();
    try {
      const rate = createDeviceRate({ perSecond: 1, burst: 1, now: () => Date.now(), maxHeldBytes: 100 });
      expect(rate.admit('a', { bytes: 60 })).toBe(true);
      expect(rate.admit('b', { bytes: 60 })).toBe(true);
      expect(rate.admit('a', { bytes: 60 })).toBeInstanceOf(Promise);
      // A second 60-byte wait would pass 100 bytes: refused, though its device holds nothing.
      expect(rate.admit('b', { bytes: 60 })).toBe(false);
      expect(rate.admit('b', { bytes: 40 })).toBeInstanceOf(Promise);
    } finally {
      vi.useRealTimers();
    }
  });
});
