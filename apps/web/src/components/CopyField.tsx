import { Field } from '@/components/Field.tsx';
import { toast } from '@/lib/toast.tsx';

/** A value to copy (an id, a key, a command): read-only, selectable, with a Copy button. */
export function CopyField({ label, value, testId }: { label: string; value: string; testId?: string }) {
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      toast.success(`${label} copied to the clipboard`);
    } catch {
      toast.error(`${label} could not be copied. Select it and copy it by hand.`);
    }
  };
  return (
    <Field label={label} className="copy-field">
      {(control) => (
        <div className="copy-field-row">
          <input
            {...control}
            className="copy-field-value"
            value={value}
            readOnly
            spellCheck={false}
            onFocus={(event) => event.target.select()}
            data-testid={testId}
          />
          <button
            type="button"
            className="button button-subtle button-small"
            onClick={() => void copy()}
            aria-label={`Copy ${label.toLowerCase()}`}
          >
            Copy
          </button>
        </div>
      )}
    </Field>
  );
}
