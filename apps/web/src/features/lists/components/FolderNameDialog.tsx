import { type FormEvent, useState } from 'react';
import { Button } from '@/components/Button.tsx';
import { Dialog } from '@/components/Dialog.tsx';
import { FormField } from '@/components/FormField.tsx';
import { FOLDER_NAME_MAX, folderNameProblem } from '../model/folder-name.ts';

/** Names a new folder or renames one; `save` rejects to keep the dialog open (its toast says why). */
export function FolderNameDialog({
  label,
  submitLabel,
  initialName = '',
  save,
  onClose,
}: {
  label: string;
  submitLabel: string;
  initialName?: string;
  save: (name: string) => Promise<unknown>;
  onClose: () => void;
}) {
  const [name, setName] = useState(initialName);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    if (busy) return;
    const problem = folderNameProblem(name);
    setError(problem);
    if (problem) return;
    setBusy(true);
    try {
      await save(name.trim());
      onClose();
    } catch {
      // The write's toast has said why; the name stays to be corrected.
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog label={label} onClose={onClose}>
      <form className="form" onSubmit={(event) => void submit(event)} noValidate>
        <FormField label="Folder name" error={error}>
          {(control) => (
            <input
              {...control}
              value={name}
              onChange={(event) => setName(event.target.value)}
              maxLength={FOLDER_NAME_MAX}
              autoComplete="off"
              autoFocus
            />
          )}
        </FormField>
        <div className="modal-actions">
          <Button variant="subtle" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={busy}>
            {submitLabel}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
