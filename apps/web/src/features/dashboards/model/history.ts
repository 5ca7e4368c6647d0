/** The editor's undo history: every change before the present, the oldest first. */
export interface History<T> {
  past: readonly T[];
  present: T;
}

/** How many changes Undo can take back; older ones are forgotten. */
export const UNDO_LIMIT = 50;

export function startHistory<T>(present: T): History<T> {
  return { past: [], present };
}

/** A change the maker made: the present becomes undoable. The same value is no change. */
export function commit<T>(history: History<T>, next: T): History<T> {
  if (Object.is(next, history.present)) return history;
  return { past: [...history.past, history.present].slice(-UNDO_LIMIT), present: next };
}

/**
 * A change that began at `before` (a drag or a resize the grid showed on the way): one undo step back to
 * where the gesture began.
 */
export function commitSince<T>(history: History<T>, before: T, next: T): History<T> {
  if (Object.is(next, before)) return { ...history, present: before };
  return { past: [...history.past, before].slice(-UNDO_LIMIT), present: next };
}

/** Back to the state before the last change; the same history when there is none. */
export function undo<T>(history: History<T>): History<T> {
  const previous = history.past[history.past.length - 1];
  if (history.past.length === 0) return history;
  return { past: history.past.slice(0, -1), present: previous as T };
}

export const canUndo = (history: History<unknown>) => history.past.length > 0;
