import { useEffect, useRef, useState } from 'react';
import { SLIDER_SETTLE_MS } from './SliderWidget.tsx';

/**
 * A value the user is still moving (a brightness slider, a colour being picked): shown at once, handed to
 * `commit` only once it rests, so a drag publishes one value, not fifty.
 */
export function useSettled<T>(commit: (value: T) => void) {
  const [moving, setMoving] = useState<T | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const change = (value: T) => {
    setMoving(value);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      setMoving(null);
      commit(value);
    }, SLIDER_SETTLE_MS);
  };
  return { moving, change };
}
