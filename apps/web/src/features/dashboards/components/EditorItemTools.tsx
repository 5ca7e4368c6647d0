import type { KeyboardEvent, ReactNode } from 'react';

interface EditorItemToolsProps {
  /** The widget's name as the buttons' labels say it. */
  label: string;
  onKeyDown: (event: KeyboardEvent<HTMLButtonElement>) => void;
  onConfigure: () => void;
  onDelete: () => void;
}

const Icon = ({ children }: { children: ReactNode }) => (
  <svg
    viewBox="0 0 24 24"
    width="16"
    height="16"
    fill="none"
    stroke="currentColor"
    strokeWidth="2"
    strokeLinecap="round"
    strokeLinejoin="round"
    aria-hidden="true"
    focusable="false"
  >
    {children}
  </svg>
);

/**
 * A widget's Move, Configure and Delete buttons in the editor, as icons on one short line: with words they
 * wrapped to two or three lines on a small widget and left its contents no room. Each says what it does
 * in its accessible name and its tooltip.
 */
export function EditorItemTools({ label, onKeyDown, onConfigure, onDelete }: EditorItemToolsProps) {
  return (
    <div className="dashboard-editor-item-tools">
      <button
        type="button"
        className="button button-subtle dashboard-editor-handle"
        aria-label={`Move ${label}: arrows move, Shift+arrows resize`}
        title="Move (drag, or arrow keys; Shift+arrows resize)"
        onKeyDown={onKeyDown}
      >
        <Icon>
          <path d="M12 3v18M3 12h18M9 6l3-3 3 3M9 18l3 3 3-3M6 9l-3 3 3 3M18 9l3 3-3 3" />
        </Icon>
      </button>
      <button
        type="button"
        className="button button-subtle"
        aria-label={`Configure ${label}`}
        title="Configure"
        onClick={onConfigure}
      >
        <Icon>
          <path d="M4 7h9M17 7h3M4 17h3M11 17h9" />
          <circle cx="15" cy="7" r="2" />
          <circle cx="9" cy="17" r="2" />
        </Icon>
      </button>
      <button
        type="button"
        className="button button-subtle"
        aria-label={`Delete ${label}`}
        title="Delete"
        onClick={onDelete}
      >
        <Icon>
          <path d="M6 6l12 12M18 6L6 18" />
        </Icon>
      </button>
    </div>
  );
}
