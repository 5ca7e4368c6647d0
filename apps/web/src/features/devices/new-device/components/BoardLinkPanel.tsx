import { describeBoardStatus } from '@tinkercloud/device-protocol/board-config';
import type { BoardLinkState } from '../hooks/use-board-link.ts';

const PHASE_TEXT: Partial<Record<BoardLinkState['phase'], string>> = {
  opening: 'Opening the connection to the board…',
  reading: 'Reading the board…',
  scanning: 'Looking for Wi-Fi networks…',
  ready: 'The board is ready to be set up.',
  configuring: 'Sending the settings to the board…',
  configured: 'The board is set up: the session with it ended.',
};

/**
 * The board reached in the browser: the button that picks it, what was chosen, its unique hardware id and
 * Wi-Fi firmware, and a live region saying in words what the board reports.
 */
export function BoardLinkPanel({
  state,
  onChoose,
  disabled,
}: {
  state: BoardLinkState;
  onChoose: () => void;
  disabled: boolean;
}) {
  const { phase, label, identity, firmware, statuses, error } = state;
  const working =
    phase === 'opening' || phase === 'reading' || phase === 'scanning' || phase === 'configuring';
  const latest = statuses.at(-1);
  return (
    <div className="board-link">
      <p>
        <button
          type="button"
          className="button button-subtle"
          onClick={onChoose}
          disabled={disabled || working}
          aria-busy={phase === 'opening' || phase === 'reading'}
        >
          {phase === 'idle' ? 'Choose the board' : phase === 'failed' ? 'Try again' : 'Choose another board'}
        </button>{' '}
        {label && <span data-testid="picked-board">{label}</span>}
      </p>
      {identity && (
        <dl className="board-link-facts">
          <dt>Unique hardware ID</dt>
          <dd data-testid="board-uhwid">{identity.uniqueHardwareId}</dd>
          <dt>Wi-Fi firmware</dt>
          <dd data-testid="board-firmware">
            {firmware === undefined ? 'reading…' : (firmware ?? 'not told by the sketch')}
          </dd>
        </dl>
      )}
      {/* Stays in the page so screen readers hear each change; an error is said by the alert below instead. */}
      <p role="status" data-testid="board-status">
        {working && <span className="spinner spinner-small" aria-hidden="true" />}{' '}
        {error ? '' : latest !== undefined ? describeBoardStatus(latest) : (PHASE_TEXT[phase] ?? '')}
      </p>
      {statuses.length > 1 && (
        <ol className="board-link-statuses muted" aria-label="What the board reported">
          {statuses.map((s, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the same status may repeat; the list only grows
            <li key={i}>{describeBoardStatus(s)}</li>
          ))}
        </ol>
      )}
      {error && (
        <p className="field-error" role="alert" data-testid="board-error">
          {error}
        </p>
      )}
    </div>
  );
}
