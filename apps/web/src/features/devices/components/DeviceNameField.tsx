import { DEVICE_NAME_MAX_LENGTH } from '@tinkercloud/shared';
import { Field } from '@/components/Field.tsx';

/** The device-name input of every form that makes a device, with the name rule's hint and its error. */
export function DeviceNameField(props: {
  value: string;
  onChange: (name: string) => void;
  error: string | null | undefined;
  /** Only in a dialog that exists to type this name. */
  autoFocus?: boolean;
}) {
  const { value, onChange, error, autoFocus } = props;
  return (
    <>
      <Field
        label="Device name"
        hint={`Letters, digits and _ . @ - only, at most ${DEVICE_NAME_MAX_LENGTH} characters.`}
      >
        {(control) => (
          <input
            {...control}
            value={value}
            onChange={(event) => onChange(event.target.value)}
            maxLength={DEVICE_NAME_MAX_LENGTH}
            aria-invalid={error ? true : undefined}
            autoComplete="off"
            // biome-ignore lint/a11y/noAutofocus: only where the caller's dialog exists to type this name
            autoFocus={autoFocus}
          />
        )}
      </Field>
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
    </>
  );
}
