import type { CompileDiagnostic, Sketch } from '@tinkercloud/shared';
import { type Ref, useEffect, useImperativeHandle, useMemo, useRef, useState } from 'react';
import { Button } from '@/components/Button.tsx';
import { PageLoader } from '@/components/PageLoader.tsx';
import { spaceAllows } from '@/features/iot/model/permissions.ts';
import { ConfirmDialog } from '@/features/lists/components/ConfirmDialog.tsx';
import { useSpaces } from '@/features/spaces/hooks.ts';
import { useAddFile, useDeleteFile, useRenameFile, useSaveFiles } from '../api/use-editor-writes.ts';
import { CodeEditor } from '../editor/CodeEditor.tsx';
import { diagnosticsOf, errorCounts } from '../editor/to-lint-diagnostics.ts';
import { useSketchDocuments } from '../hooks/use-sketch-documents.ts';
import { fileNameProblem, mainFileName } from '../model/sketch-files.ts';
import { FileNameDialog } from './FileNameDialog.tsx';
import { FileTabs, tabId } from './FileTabs.tsx';
import { SecretsPanel } from './SecretsPanel.tsx';
import { UnsavedChangesGuard } from './UnsavedChangesGuard.tsx';
import '../sketches.css';

/** What the page (and the build panel through it) may ask of the editor. */
export interface SketchEditorHandle {
  /** Writes every changed file; rejects when a write is refused (its toast says why). */
  saveAll: () => Promise<void>;
  /** Opens a file of the sketch at a line (a compile diagnostic's); a file the sketch lacks is ignored. */
  openFile: (name: string, line: number) => void;
}

type FileDialog = { type: 'add' } | { type: 'rename'; name: string } | { type: 'delete'; name: string };

/**
 * The sketch editor: file tabs (main `.ino` first), CodeMirror, Save (button and Ctrl/Cmd+S) of every changed
 * file, add/rename/delete files, the Secrets panel, and a guard when leaving with unsaved changes. Compile
 * diagnostics arrive from outside (the build panel) and show in the lint gutter and as counts on the tabs.
 */
export function SketchEditor({
  sketch,
  diagnostics,
  ref,
}: {
  sketch: Sketch;
  diagnostics: readonly CompileDiagnostic[];
  ref?: Ref<SketchEditorHandle>;
}) {
  const { selected } = useSpaces();
  const canWrite = spaceAllows(selected, 'iot.write');
  const docs = useSketchDocuments(sketch);
  const main = mainFileName(sketch);
  const [open, setOpen] = useState(main);
  const [goTo, setGoTo] = useState<{ line: number; at: number } | undefined>();
  const [dialog, setDialog] = useState<FileDialog | null>(null);
  const [secretsOpen, setSecretsOpen] = useState(false);
  const save = useSaveFiles(sketch);
  const addFile = useAddFile(sketch);
  const renameFile = useRenameFile(sketch);
  const deleteFile = useDeleteFile(sketch);

  // A file deleted or renamed elsewhere: fall back to the main .ino.
  const current = docs.files.find((f) => f.name === open) ?? docs.files[0];
  const openName = current?.name ?? main;
  const latest = useRef(docs);
  latest.current = docs;

  const saveAll = async () => {
    const changed = latest.current.changedFiles();
    if (changed.length > 0) await save.mutateAsync(changed);
  };
  const openFile = (name: string, line: number) => {
    if (!latest.current.files.some((f) => f.name === name)) return;
    setOpen(name);
    setGoTo({ line, at: Date.now() });
  };
  useImperativeHandle(ref, () => ({ saveAll, openFile }));

  const saver = useRef(saveAll);
  saver.current = saveAll;
  useEffect(() => {
    // Ctrl/Cmd+S anywhere on the page saves (and keeps the browser's own Save page dialog away).
    const onKey = (event: KeyboardEvent) => {
      if (!(event.ctrlKey || event.metaKey) || event.key.toLowerCase() !== 's') return;
      event.preventDefault();
      if (canWrite) void saver.current().catch(() => undefined);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [canWrite]);

  const fileDiagnostics = useMemo(() => diagnosticsOf(diagnostics, openName), [diagnostics, openName]);
  const counts = useMemo(() => errorCounts(diagnostics), [diagnostics]);
  const text = docs.textOf(openName);
  const readOnly = !canWrite || !!current?.read_only;
  const unsaved = docs.dirty.size > 0;
  const editable = canWrite && current && !current.read_only && current.name !== main;

  return (
    <div className="sketch-editor">
      <div className="sketch-toolbar">
        <span className={`sketch-save-state${unsaved ? ' sketch-unsaved' : ''}`} role="status">
          {unsaved ? 'Unsaved changes' : 'All changes saved'}
        </span>
        {canWrite && (
          <Button onClick={saveAll} loading={save.isPending} disabled={!unsaved}>
            Save
          </Button>
        )}
        {canWrite && (
          <Button variant="subtle" onClick={() => setDialog({ type: 'add' })}>
            Add file
          </Button>
        )}
        {editable && (
          <>
            <Button variant="subtle" onClick={() => setDialog({ type: 'rename', name: openName })}>
              Rename file
            </Button>
            <Button variant="subtle" onClick={() => setDialog({ type: 'delete', name: openName })}>
              Delete file
            </Button>
          </>
        )}
        <Button
          variant="subtle"
          aria-expanded={secretsOpen}
          aria-controls="sketch-secrets"
          onClick={() => setSecretsOpen((o) => !o)}
        >
          Secrets
        </Button>
      </div>
      <FileTabs files={docs.files} open={openName} dirty={docs.dirty} errors={counts} onOpen={setOpen} />
      {current?.read_only && (
        <p className="sketch-note" id="sketch-readonly-note">
          {openName} is generated from the thing's variables: it is read-only here and rewritten when the
          variables change.
        </p>
      )}
      <div role="tabpanel" id="sketch-code" aria-labelledby={tabId(openName)} className="sketch-code">
        {docs.error && text === undefined ? (
          <p className="load-error" role="alert">
            {openName} could not be loaded: {docs.error.message}
          </p>
        ) : text === undefined ? (
          <PageLoader />
        ) : (
          <CodeEditor
            fileName={openName}
            text={text}
            readOnly={readOnly}
            diagnostics={fileDiagnostics}
            onChange={docs.edit}
            goTo={goTo}
            label={`${openName}${readOnly ? ' (read-only)' : ''}`}
          />
        )}
      </div>
      <p className="sketch-keys muted">
        Ctrl+S or ⌘S saves, Ctrl+F searches. In the code, press Escape then Tab to move on.
      </p>
      {secretsOpen && (
        <section
          id="sketch-secrets"
          className="card sketch-secrets-panel"
          aria-labelledby="sketch-secrets-title"
        >
          <h2 id="sketch-secrets-title">Secrets</h2>
          <p className="muted">
            Stored apart from the code and written into arduino_secrets.h when the sketch is built; a download
            leaves them empty.
          </p>
          <SecretsPanel sketchId={sketch.id} canWrite={canWrite} />
        </section>
      )}
      {dialog?.type === 'add' && (
        <FileNameDialog
          label="Add file"
          submitLabel="Add file"
          problem={(name) => fileNameProblem(name, sketch)}
          save={(name) => addFile.mutateAsync(name).then(() => setOpen(name))}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog?.type === 'rename' && (
        <FileNameDialog
          label={`Rename ${dialog.name}`}
          submitLabel="Rename"
          initialName={dialog.name}
          problem={(name) => fileNameProblem(name, sketch, dialog.name)}
          save={(name) =>
            name === dialog.name
              ? Promise.resolve()
              : renameFile.mutateAsync({ from: dialog.name, to: name }).then(() => {
                  docs.moveEdit(dialog.name, name);
                  setOpen(name);
                })
          }
          onClose={() => setDialog(null)}
        />
      )}
      {dialog?.type === 'delete' && (
        <ConfirmDialog
          label={`Delete ${dialog.name}`}
          confirmLabel="Delete file"
          confirm={() =>
            deleteFile.mutateAsync(dialog.name).then(() => {
              docs.moveEdit(dialog.name, null);
              setOpen(main);
            })
          }
          onClose={() => setDialog(null)}
        >
          <p>
            Delete <strong>{dialog.name}</strong> from the sketch? Its content cannot be brought back.
          </p>
        </ConfirmDialog>
      )}
      <UnsavedChangesGuard unsaved={unsaved} />
    </div>
  );
}
