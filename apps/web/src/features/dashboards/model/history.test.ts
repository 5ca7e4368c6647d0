import { describe, expect, it } from 'vitest';
import { canUndo, commit, commitSince, startHistory, UNDO_LIMIT, undo } from './history.ts';

describe('editor history', () => {
  it('undoes changes one at a time, newest first', () => {
    let h = startHistory('a');
    expect(canUndo(h)).toBe(false);
    h = commit(commit(h, 'b'), 'c');
    expect(h.present).toBe('c');
    h = undo(h);
    expect(h.present).toBe('b');
    h = undo(h);
    expect(h.present).toBe('a');
    expect(canUndo(h)).toBe(false);
    expect(undo(h)).toBe(h);
  });

  it('records no step for the same value', () => {
    const h = startHistory('a');
    expect(commit(h, 'a')).toBe(h);
  });

  it('takes a drag back in one step, to where it began', () => {
    const before = commit(startHistory('a'), 'b');
    const dragged = commitSince(before, 'b', 'c');
    expect(dragged.present).toBe('c');
    expect(undo(dragged).present).toBe('b');
    expect(commitSince(before, 'b', 'b')).toEqual(before);
  });

  it(`forgets changes older than the last ${UNDO_LIMIT}`, () => {
    let h = startHistory(0);
    for (let i = 1; i <= UNDO_LIMIT + 5; i++) h = commit(h, i);
    expect(h.past).toHaveLength(UNDO_LIMIT);
    expect(h.past[0]).toBe(5);
  });
});
