import { DASHBOARD_NAME_MAX_LENGTH, DASHBOARD_NAME_MESSAGE, isDashboardName } from '@tinkercloud/shared';
import { type FormEvent, useState } from 'react';
import { Dialog } from '@/components/Dialog.tsx';
import { FormField } from '@/components/FormField.tsx';
import { networkErrorMessage } from '@/lib/toast.tsx';

/** The server's rule for dashboard names (packages/shared), in words. */
export function dashboardNameProblem(name: string): string | null {
  if (name.trim() === '') return 'Enter a name for the dashboard.';
  return isDashboardName(name.trim())
    ? null
    : `Use ${DASHBOARD_NAME_MESSAGE}, at most ${DASHBOARD_NAME_MAX_LENGTH} characters.`;
}

interface DashboardNameDialogProps {
  /** The dialog's heading and its submit button: "Create dashboard", "Rename dashboard". */
  label: string;
  initial?: string;
  onSubmit: (name: string) => Promise<void>;
  onClose: () => void;
}

/** Asks for a dashboard's name (to create or rename one); a refused write is shown in the dialog. */
export function DashboardNameDialog({ label, initial = '', onSubmit, onClose }: DashboardNameDialogProps) {
  const [name, setName] = useState(initial);
  const [nameError, setNameError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const problem = dashboardNameProblem(name);
    setNameError(problem);
    if (problem) return;
    setBusy(true);
    setFailure(null);
    try {
      await onSubmit(name.trim());
    } catch (err) {
      setFailure(networkErrorMessage(err));
      setBusy(false);
    }
  };

  return (
    <Dialog label={label} onClose={onClose}>
      <form className="form" onSubmit={(event) => void submit(event)} noValidate>
        <FormField label="Dashboard name" error={nameError}>
          {(control) => (
            <input
              {...control}
              value={name}
              onChange={(event) => setName(event.target.value)}
              maxLength={DASHBOARD_NAME_MAX_LENGTH}
              autoComplete="off"
            />
          )}
        </FormField>
        {failure && (
          <p className="field-error" role="alert">
            {failure}
          </p>
        )}
        <div className="modal-actions">
          <button type="button" className="button button-subtle" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="button" disabled={busy} aria-busy={busy}>
            {busy && <span className="spinner spinner-small" aria-hidden="true" />}
            {label}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
