import { GRAPH_RANGES } from '@tinkercloud/shared';
import { describe, expect, it } from 'vitest';
import { graphWindow, LIVE_WINDOW_MS } from './graph-window.ts';

describe('graphWindow', () => {
  const now = Date.parse('2026-03-01T12:00:00Z');

  it('sizes buckets so each range has about 500 of them', () => {
    for (const range of GRAPH_RANGES.filter((r) => r !== 'LIVE')) {
      const w = graphWindow(range, now);
      expect(w.to.getTime()).toBe(now);
      const buckets = (w.to.getTime() - w.from.getTime()) / 1000 / (w.intervalS ?? 1);
      expect(buckets).toBeGreaterThanOrEqual(450);
      expect(buckets).toBeLessThanOrEqual(500);
    }
    expect(graphWindow('15D', now)).toMatchObject({ from: new Date(now - 15 * 86_400_000), intervalS: 2592 });
    expect(graphWindow('1H', now).intervalS).toBe(8);
  });

  it('reads raw values of the last minutes in Live mode', () => {
    expect(graphWindow('LIVE', now)).toEqual({
      from: new Date(now - LIVE_WINDOW_MS),
      to: new Date(now),
      intervalS: null,
    });
  });
});
