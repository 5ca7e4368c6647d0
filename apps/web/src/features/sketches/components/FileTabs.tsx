import type { SketchFileEntry } from '@tinkercloud/shared';
import type { KeyboardEvent } from 'react';

/**
 * The sketch's files as tabs (the main `.ino` first). Arrow keys move between tabs, as a tab list does; a dot
 * marks an unsaved file and a count its compile errors. The strip wraps at narrow widths: no tab is hidden.
 */
export function FileTabs({
  files,
  open,
  dirty,
  errors,
  onOpen,
}: {
  files: readonly SketchFileEntry[];
  open: string;
  dirty: ReadonlySet<string>;
  errors: Readonly<Record<string, number>>;
  onOpen: (name: string) => void;
}) {
  const move = (event: KeyboardEvent, index: number) => {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (!step) return;
    event.preventDefault();
    const next = files[(index + step + files.length) % files.length];
    if (!next) return;
    onOpen(next.name);
    document.getElementById(tabId(next.name))?.focus();
  };
  return (
    <div className="sketch-tabs" role="tablist" aria-label="Files">
      {files.map((file, index) => {
        const count = errors[file.name] ?? 0;
        const unsaved = dirty.has(file.name);
        const selected = file.name === open;
        return (
          <button
            key={file.name}
            id={tabId(file.name)}
            type="button"
            role="tab"
            aria-selected={selected}
            aria-controls="sketch-code"
            tabIndex={selected ? 0 : -1}
            className="sketch-tab"
            data-testid="file-tab"
            onClick={() => onOpen(file.name)}
            onKeyDown={(event) => move(event, index)}
          >
            <span>{file.name}</span>
            {file.read_only && (
              <span className="sketch-tab-note">
                <span className="visually-hidden">, </span>read-only
              </span>
            )}
            {unsaved && (
              <span className="sketch-tab-dot" title="Unsaved changes">
                <span className="visually-hidden">, unsaved changes</span>
              </span>
            )}
            {count > 0 && (
              <>
                <span className="sketch-tab-errors" aria-hidden="true">
                  {count}
                </span>
                <span className="visually-hidden">{`, ${count} ${count === 1 ? 'error' : 'errors'}`}</span>
              </>
            )}
          </button>
        );
      })}
    </div>
  );
}

export const tabId = (name: string) => `sketch-tab-${name.replace(/[^A-Za-z0-9_-]/g, '_')}`;
