import { describe, expect, it } from 'vitest';
import { inGroups } from './in-groups.ts';

describe('inGroups', () => {
  it('cuts a list into groups of the size, the last one shorter, and nothing for an empty list', () => {
    expect([...inGroups([1, 2, 3, 4, 5], 2)]).toEqual([[1, 2], [3, 4], [5]]);
    expect([...inGroups([1, 2], 2)]).toEqual([[1, 2]]);
    expect([...inGroups([], 3)]).toEqual([]);
  });
});
