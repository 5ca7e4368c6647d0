import { describe, expect, it } from 'vitest';
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
});
