import { describe, expect, it } from 'vitest';
import { chooseResolution, rollupsAnswer } from './resolution.ts';

const DAY = 86_400_000;
const to = new Date('2025-03-16T10:17:23.250Z');
const choose = (days: number, buckets: number, aggregation: 'AVG' | 'PCT_95' | 'BOOL_AND' = 'AVG') =>
  chooseResolution({
    from: new Date(to.getTime() - days * DAY),
    to,
    intervalS: Math.ceil((days * 86_400) / buckets),
    aggregation,
  });

describe('resolution', () => {
  it('reads minutes for 15, 7 and 1 days of 500 buckets, hours for 3 months and a year, raw below', () => {
    expect(choose(15, 500)).toBe('minute');
    expect(choose(7, 500)).toBe('minute');
    expect(choose(1, 500)).toBe('minute');
    expect(choose(92, 500)).toBe('hour');
    expect(choose(365, 500)).toBe('hour');
    expect(choose(0.5, 500)).toBe('raw');
    expect(choose(1 / 24, 500)).toBe('raw');
  });

  it('reads rollups for small buckets only when their edges fall on the rollups', () => {
    const from = new Date('2025-03-16T10:00:00Z');
    const aligned = { from, to: new Date('2025-03-16T11:00:00Z'), aggregation: 'AVG' as const };
    expect(chooseResolution({ ...aligned, intervalS: 60 })).toBe('minute');
    expect(chooseResolution({ ...aligned, intervalS: 3600 })).toBe('hour');
    expect(chooseResolution({ ...aligned, intervalS: 90 })).toBe('raw');
    expect(chooseResolution({ ...aligned, from: new Date(from.getTime() + 1000), intervalS: 60 })).toBe(
      'raw',
    );
  });

  it('needs raw points for percentiles, and for BOOL_AND unless values are 0/1', () => {
    expect(choose(15, 500, 'PCT_95')).toBe('raw');
    expect(choose(15, 500, 'BOOL_AND')).toBe('raw');
    expect(rollupsAnswer('BOOL_AND', true)).toBe(true);
    expect(rollupsAnswer('BOOL_OR', false)).toBe(true);
  });
});
