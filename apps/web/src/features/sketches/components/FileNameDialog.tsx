import { type FormEvent, useState } from 'react';
import { Button } from '@/components/Button.tsx';
import { Dialog } from '@/components/Dialog.tsx';
import { FormField } from '@/components/FormField.tsx';

/** Names a new file or renames one; `problem` checks the name, `save` rejects to keep the dialog open. */
export function FileNameDialog({
  label,
  submitLabel,
  initialName = '',
  problem,
  save,
  onClose,
}: {
  label: string;
  submitLabel: string;
  initialName?: string;
  problem: (name: string) => string | null;
  save: (name: string) => Promise<unknown>;
  onClose: () => void;
}) {
  const [name, setName] = useState(initialName);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    if (busy) return;
    const found = problem(name);
    setError(found);
    if (found) return;
    setBusy(true);
    try {
      await save(name.trim());
      onClose();
    } catch {
      // The write's toast has said why.
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog label={label} onClose={onClose}>
      <form className="form" onSubmit={(event) => void submit(event)} noValidate>
        <FormField label="File name" hint="For example sensors.h or helpers.cpp" error={error}>
          {(control) => (
            <input
              {...control}
              value={name}
              onChange={(event) => setName(event.target.value)}
              autoComplete="off"
              spellCheck={false}
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
