import { describe, expect, it } from 'vitest';
import { conditionHolds, summarise } from './trigger-conditions.ts';

const vals = (...values: unknown[]) => values.map((value) => ({ value }));

describe('conditionHolds', () => {
  it('compares numbers, booleans, strings and objects by their type', () => {
    expect(conditionHolds({ operator: 'GT', value: 30 }, 30.5)).toBe(true);
    expect(conditionHolds({ operator: 'GT', value: 30 }, 30)).toBe(false);
    expect(conditionHolds({ operator: 'GTE', value: 30 }, 30)).toBe(true);
    expect(conditionHolds({ operator: 'LT', value: 0 }, -1)).toBe(true);
    expect(conditionHolds({ operator: 'LTE', value: 0 }, 1)).toBe(false);
    expect(conditionHolds({ operator: 'GT', value: 30 }, '31')).toBe(false);
    expect(conditionHolds({ operator: 'TRUE' }, true)).toBe(true);
    expect(conditionHolds({ operator: 'FALSE' }, true)).toBe(false);
    expect(conditionHolds({ operator: 'EQ', value: 'on' }, 'on')).toBe(true);
    expect(conditionHolds({ operator: 'NE', value: 'on' }, 'off')).toBe(true);
    expect(conditionHolds({ operator: 'CONTAINS', value: 'arm' }, 'alarm')).toBe(true);
    expect(conditionHolds({ operator: 'CONTAINS', value: 'arm' }, 42)).toBe(false);
    expect(conditionHolds({ operator: 'EQ', value: { lat: 1, lon: 2 } }, { lon: 2, lat: 1 })).toBe(true);
    expect(conditionHolds({ operator: 'CHANGED' }, null)).toBe(true);
  });
});

describe('summarise', () => {
  it('notes where a condition starts to hold within a batch and which value to report', () => {
    const gt = { operator: 'GT' as const, value: 30 };
    expect(summarise(gt, vals(31, 32))).toMatchObject({
      first: true,
      rose: false,
      last: true,
      firing: { value: 31 },
    });
    expect(summarise(gt, vals(20, 35, 10))).toMatchObject({
      first: false,
      rose: true,
      last: false,
      firing: { value: 35 },
    });
    expect(summarise(gt, vals(20, 25))).toMatchObject({
      first: false,
      rose: false,
      last: false,
      firing: undefined,
    });
  });

  it('reports the newest value for CHANGED, which fires on every value', () => {
    expect(summarise({ operator: 'CHANGED' }, vals(1, 2, 3))).toMatchObject({
      rose: true,
      firing: { value: 3 },
    });
  });
});
