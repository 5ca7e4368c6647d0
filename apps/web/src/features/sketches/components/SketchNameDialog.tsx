import { type FormEvent, useId, useState } from 'react';
import { Button } from '@/components/Button.tsx';
import { Dialog } from '@/components/Dialog.tsx';
import { FormField } from '@/components/FormField.tsx';
import { checkSketchName } from '../model/sketch-name.ts';

/**
 * Names a sketch (new, rename, duplicate). The conformant name that will be saved is shown as the user types
 * (spec section 5); a name that cannot be made conformant is refused with the reason. `save` rejects to keep
 * the dialog open (its toast says why, e.g. a name taken).
 */
export function SketchNameDialog({
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
  const [text, setText] = useState(initialName);
  const [tried, setTried] = useState(false);
  const [busy, setBusy] = useState(false);
  const previewId = useId();
  const check = checkSketchName(text);

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    setTried(true);
    if (busy || check.problem) return;
    setBusy(true);
    try {
      await save(check.name);
      onClose();
    } catch {
      // The write's toast has said why; the name stays to be corrected.
    } finally {
      setBusy(false);
    }
  };

  // Shown once the text is not what will be saved, so the change is never a surprise.
  const differs = text.trim() !== '' && check.name !== text.trim();
  return (
    <Dialog label={label} onClose={onClose}>
      <form className="form" onSubmit={(event) => void submit(event)} noValidate>
        <FormField
          label="Sketch name"
          hint="Letters, digits, _ . and -, starting with a letter or a digit."
          error={tried || text.trim() ? check.problem : null}
        >
          {(control) => (
            <input
              {...control}
              aria-describedby={[control['aria-describedby'], previewId].filter(Boolean).join(' ')}
              value={text}
              onChange={(event) => setText(event.target.value)}
              autoComplete="off"
              spellCheck={false}
              autoFocus
            />
          )}
        </FormField>
        <p
          className="sketch-name-preview"
          id={previewId}
          aria-live="polite"
          data-testid="sketch-name-preview"
        >
          {differs && check.name ? (
            <>
              Saved as <code>{check.name}</code>
            </>
          ) : null}
        </p>
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
