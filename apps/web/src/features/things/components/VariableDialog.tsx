import { hasMinMax, isWritableType, type PropertyRequest, propertyTypeInfo } from '@tinkercloud/shared/iot';
import { type FormEvent, useState } from 'react';
import { Dialog } from '@/components/Dialog.tsx';
import { FormField } from '@/components/FormField.tsx';
import { iotKeys } from '@/features/iot/api/query-keys.ts';
import type { Property } from '@/features/iot/api/schemas.ts';
import { useApiMutation } from '@/lib/use-api-mutation.ts';
import { usePropertyTypes } from '../api/property-types.ts';
import { createProperty, updateProperty } from '../api/thing-writes.ts';
import { useIotContext } from '../api/use-iot-context.ts';
import {
  checkVariable,
  formOf,
  NEW_VARIABLE,
  type VariableErrors,
  type VariableForm,
  withType,
} from '../model/variable-form.ts';
import { PropertyTypePicker } from './PropertyTypePicker.tsx';
import { SketchUpdateWarning } from './SketchUpdateWarning.tsx';

/**
 * Adds a variable to a thing, or edits one (`property` given): name, type from the catalogue, permission,
 * update policy, history and, for numbers, the range. Checked here with the server's rules before it is sent.
 */
export function VariableDialog({
  thingId,
  property,
  siblings,
  onClose,
}: {
  thingId: string;
  property?: Property;
  /** The thing's variables, whose names a new name must not repeat. */
  siblings: readonly Property[];
  onClose: () => void;
}) {
  const ctx = useIotContext();
  const [form, setForm] = useState<VariableForm>(() => (property ? formOf(property) : NEW_VARIABLE));
  const [errors, setErrors] = useState<VariableErrors>({});
  const save = useApiMutation<unknown, PropertyRequest>({
    mutationFn: (request) =>
      property ? updateProperty(ctx, thingId, property.id, request) : createProperty(ctx, thingId, request),
    invalidates: [
      iotKeys.thingProperties(ctx.space, thingId),
      iotKeys.thing(ctx.space, thingId),
      iotKeys.things(ctx.space),
    ],
    successMessage: (_, request) => (property ? `${request.name} saved` : `${request.name} added`),
  });
  const set = (patch: Partial<VariableForm>) => setForm((f) => ({ ...f, ...patch }));
  const writable = isWritableType(form.type);
  // The server's types (spec 7.4), the bundled catalogue until they arrive.
  const types = usePropertyTypes();
  const info = types.find((t) => t.type === form.type) ?? propertyTypeInfo(form.type);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const taken = siblings.filter((p) => p.id !== property?.id).map((p) => p.name);
    const checked = checkVariable(form, taken, (type) => types.some((t) => t.type === type));
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    // Closed by the save's own promise, not by a callback of `mutate`: that one is dropped if the dialog is
    // remounted meanwhile (the save reloads the list it sits in). A refusal is toasted; the dialog stays.
    save.mutateAsync(checked.request).then(onClose, () => undefined);
  };

  return (
    <Dialog
      label={property ? `Edit ${property.name}` : 'Add variable'}
      onClose={onClose}
      className="modal-wide"
    >
      <form className="form variable-form" onSubmit={submit} noValidate>
        <FormField
          label="Variable name"
          hint="The sketch declares it under this name: a letter first, then letters, digits or _."
          error={errors.name}
        >
          {(control) => (
            <input
              {...control}
              value={form.name}
              onChange={(event) => set({ name: event.target.value })}
              autoComplete="off"
              spellCheck={false}
            />
          )}
        </FormField>
        {property && form.name.trim() !== '' && form.name.trim() !== property.name && (
          <SketchUpdateWarning
            thingId={thingId}
            oldName={property.variable_name ?? property.name}
            change="rename"
          />
        )}
        <PropertyTypePicker
          value={form.type}
          onChange={(type) => setForm((f) => withType(f, type))}
          error={errors.type}
          types={types}
        />
        {info && (
          <p className="muted type-summary">
            Declared as <code>{info.declaration}</code>
            {info.units.length > 0 ? `; units: ${info.units.join(', ')}` : ''}.
          </p>
        )}
        <fieldset className="field">
          <legend className="field-label">Permission</legend>
          <label className="inline-check">
            <input
              type="radio"
              name="permission"
              checked={form.permission === 'READ_WRITE'}
              disabled={!writable}
              onChange={() => set({ permission: 'READ_WRITE' })}
            />{' '}
            Read and write
          </label>
          <label className="inline-check">
            <input
              type="radio"
              name="permission"
              checked={form.permission === 'READ_ONLY'}
              onChange={() => set({ permission: 'READ_ONLY' })}
            />{' '}
            Read only
          </label>
          {!writable && <span className="field-hint">A sensor type can only be read.</span>}
        </fieldset>
        <fieldset className="field">
          <legend className="field-label">Update policy</legend>
          <label className="inline-check">
            <input
              type="radio"
              name="strategy"
              checked={form.strategy === 'ON_CHANGE'}
              onChange={() => set({ strategy: 'ON_CHANGE', parameter: '0' })}
            />{' '}
            On change
          </label>
          <label className="inline-check">
            <input
              type="radio"
              name="strategy"
              checked={form.strategy === 'TIMED'}
              onChange={() => set({ strategy: 'TIMED', parameter: '60' })}
            />{' '}
            Every N seconds
          </label>
        </fieldset>
        <FormField
          label={form.strategy === 'TIMED' ? 'Interval (seconds)' : 'Threshold'}
          hint={
            form.strategy === 'TIMED'
              ? 'The device sends the value this often.'
              : 'The device sends the value when it changes by more than this (0: every change).'
          }
          error={errors.parameter}
        >
          {(control) => (
            <input
              {...control}
              inputMode="decimal"
              value={form.parameter}
              onChange={(event) => set({ parameter: event.target.value })}
            />
          )}
        </FormField>
        {hasMinMax(form.type) && (
          <div className="form-row">
            <FormField label="Minimum" error={errors.min}>
              {(control) => (
                <input
                  {...control}
                  inputMode="decimal"
                  value={form.min}
                  onChange={(event) => set({ min: event.target.value })}
                />
              )}
            </FormField>
            <FormField label="Maximum" error={errors.max}>
              {(control) => (
                <input
                  {...control}
                  inputMode="decimal"
                  value={form.max}
                  onChange={(event) => set({ max: event.target.value })}
                />
              )}
            </FormField>
          </div>
        )}
        <label className="inline-check">
          <input
            type="checkbox"
            checked={form.persist}
            onChange={(event) => set({ persist: event.target.checked })}
          />{' '}
          Keep the history of values (persist)
        </label>
        <div className="modal-actions">
          <button type="button" className="button button-subtle" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="button" disabled={save.isPending} aria-busy={save.isPending}>
            {save.isPending && <span className="spinner spinner-small" aria-hidden="true" />}
            {property ? 'Save variable' : 'Add variable'}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
