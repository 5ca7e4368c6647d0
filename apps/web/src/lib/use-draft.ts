import { useEffect, useRef, useState } from 'react';

export interface Draft<T> {
  value: T;
  set: (value: T) => void;
  /** Makes `value` the draft's new starting point: after saving it, the form is no longer "changed". */
  accept: (value: T) => void;
  /** The user changed the draft and the stored value moved since they began: saving replaces someone's change. */
  changedMeanwhile: boolean;
  /** The draft differs from the stored value. */
  dirty: boolean;
}

/**
 * A form field's draft over a stored value that others (live events, another tab) may change while it is
 * edited. Until the user changes it, the draft follows the stored value; once they have, it keeps what they
 * typed, and `changedMeanwhile` tells them that the stored value moved under it. (Remounting the form with a
 * `key` of the stored value, as before, threw a half-typed draft away whenever someone else saved.)
 */
export function useDraft<T>(stored: T, same: (a: T, b: T) => boolean = Object.is): Draft<T> {
  // base: the stored value the draft started from. saved: the draft was saved and is shown until the stored
  // value moves (to it, once read again, or to someone else's later change).
  const [state, setState] = useState<{ value: T; base: T; saved: boolean }>({
    value: stored,
    base: stored,
    saved: false,
  });
  // The stored value of the latest render, for `accept` called when a save ends (its closure is older).
  const latest = useRef(stored);
  useEffect(() => {
    latest.current = stored;
  });
  let current = state;
  const follows = state.saved || same(state.value, state.base) || same(state.value, stored);
  if (!same(stored, state.base) && follows) {
    // Adjusting state while rendering (React's documented pattern): no effect, no frame with the old value.
    current = { value: stored, base: stored, saved: false };
    setState(current);
  }
  const edited = !current.saved && !same(current.value, current.base);
  return {
    value: current.value,
    set: (value) => setState((s) => ({ ...s, value, saved: false })),
    accept: (value) => setState({ value, base: latest.current, saved: true }),
    changedMeanwhile: edited && !same(stored, current.base) && !same(stored, current.value),
    dirty: !current.saved && !same(current.value, stored),
  };
}
