import { WRITE_STATE_TEXT, type WriteState } from './write-state.ts';

/** A writing widget's note on its last write (pending or confirmed by the device's echo); nothing before one. */
export function WriteStatus({ state }: { state: WriteState }) {
  if (state === 'idle') return null;
  return (
    <p className="widget-write-state muted" data-testid="write-state" data-state={state} role="status">
      {WRITE_STATE_TEXT[state]}
    </p>
  );
}
