import { describe, expect, it } from 'vitest';
import {
  PARTITION_DAYS,
  parseSpanPartition,
  spanPartition,
  spanStart,
  TELEMETRY_TABLES,
} from './partitions.ts';

describe('telemetry partitions', () => {
  it('starts day spans at UTC midnight and week spans on Monday', () => {
    expect(spanStart(new Date('2025-01-31T23:59:59.999Z'), 1).toISOString()).toBe('2025-01-31T00:00:00.000Z');
    // Friday 31 January 2025 is in the week of Monday 27 January; a Monday starts its own week.
    expect(spanStart(new Date('2025-01-31T12:00:00Z'), 7).toISOString()).toBe('2025-01-27T00:00:00.000Z');
    expect(spanStart(new Date('2025-01-27T00:00:00Z'), 7).toISOString()).toBe('2025-01-27T00:00:00.000Z');
    expect(spanStart(new Date('2025-01-26T23:59:59Z'), 7).toISOString()).toBe('2025-01-20T00:00:00.000Z');
    expect(spanStart(new Date('1969-12-31T12:00:00Z'), 7).toISOString()).toBe('1969-12-29T00:00:00.000Z');
    expect(PARTITION_DAYS).toEqual({ free: 1, entry: 1, maker: 7, 'maker-plus': 7 });
  });

  it('names tables after their class and first day, and reads the names back', () => {
    const [points] = TELEMETRY_TABLES;
    const name = spanPartition(points, 3, new Date('2025-01-27T00:00:00Z'));
    expect(name).toBe('telemetry_points_r3_20250127');
    expect(parseSpanPartition(name)).toEqual({
      table: points,
      code: 3,
      start: new Date('2025-01-27T00:00:00Z'),
    });
    expect(parseSpanPartition('telemetry_points_r3_default')).toBeNull();
    expect(parseSpanPartition('telemetry_points_r3')).toBeNull();
  });
});
