import { describe, expect, it } from 'vitest';
import { createCommitListeners, createMessageMeter, RATE_WINDOW_S } from './broker-stats.ts';

describe('message meter', () => {
  it('counts a running total and averages the last whole seconds, forgetting older ones', () => {
    let now = 1_000_000;
    const meter = createMessageMeter(() => now);
    meter.count(30);
    // The second under way does not count yet.
    expect(meter.perSecond()).toBe(0);
    now += 1000;
    meter.count(10);
    expect(meter.perSecond()).toBe(30 / RATE_WINDOW_S);
    now += 1000;
    expect(meter.perSecond()).toBe(40 / RATE_WINDOW_S);
    now += RATE_WINDOW_S * 1000;
    expect(meter.perSecond()).toBe(0);
    expect(meter.total).toBe(40);
    // A long pause empties every bucket rather than reading old ones.
    meter.count(5);
    now += 60_000;
    expect(meter.perSecond()).toBe(0);
  });

  it('tells commit listeners, and a failing one fails nothing', () => {
    const heard: number[] = [];
    const commits = createCommitListeners();
    commits.add(() => {
      throw new Error('broken metrics');
    });
    const stop = commits.add((seconds) => heard.push(seconds));
    expect(() => commits.emit(0.5, 10)).not.toThrow();
    stop();
    commits.emit(0.7, 1);
    expect(heard).toEqual([0.5]);
  });
});
