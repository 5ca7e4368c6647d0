import { describe, expect, it } from 'vitest';
import { createLastErrors, LAST_ERRORS_KEPT } from './last-errors.ts';

describe('last errors', () => {
  it('keeps the newest LAST_ERRORS_KEPT, newest first', () => {
    const ring = createLastErrors();
    expect(ring.list()).toEqual([]);
    for (let i = 1; i <= LAST_ERRORS_KEPT + 5; i += 1) ring.record({ at: `t${i}`, message: `e${i}` });
    const list = ring.list();
    expect(list).toHaveLength(LAST_ERRORS_KEPT);
    expect(list[0]?.message).toBe(`e${LAST_ERRORS_KEPT + 5}`);
    expect(list.at(-1)?.message).toBe('e6');
  });
});
