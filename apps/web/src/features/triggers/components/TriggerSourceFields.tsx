import { conditionKindOf, conditionNeedsValue, conditionOperatorsFor } from '@tinkercloud/shared/iot';
import { FormField } from '@/components/FormField.tsx';
import type { Device, ThingWithProperties } from '@/features/iot/api/schemas.ts';
import { OPERATOR_LABELS } from '../model/condition-labels.ts';
import {
  type DraftProblems,
  KEPT_DEVICES,
  type StatusCondition,
  type TriggerDraft,
} from '../model/trigger-draft.ts';
import { keptDevicesLabel } from '../model/trigger-kept-parts.ts';

type Patch = (patch: Partial<TriggerDraft>) => void;

const VALUE_HINTS: Record<string, string> = {
  integer: 'A whole number.',
  number: 'A number.',
  string: 'The text to compare with (case matters).',
  object: 'A JSON object, e.g. {"lat": 45.1, "lon": 7.6}.',
};

/** What a trigger watches: a variable of any thing of the space (picked by thing) and when it fires. */
function VariableFields({
  draft,
  things,
  variablesKnown,
  typeOf,
  patch,
  problems,
}: {
  draft: TriggerDraft;
  things: readonly ThingWithProperties[];
  /** Whether the things have loaded (until then, no hint that there are none). */
  variablesKnown: boolean;
  typeOf: (id: string) => string | undefined;
  patch: Patch;
  problems: DraftProblems;
}) {
  const type = typeOf(draft.propertyId);
  const operators = type ? conditionOperatorsFor(type) : (['CHANGED'] as const);
  const pickVariable = (propertyId: string) => {
    const next = typeOf(propertyId);
    const allowed = next ? conditionOperatorsFor(next) : [];
    patch({
      propertyId,
      ...(!allowed.includes(draft.operator) && {
        operator: next && conditionKindOf(next) === 'boolean' ? 'TRUE' : 'CHANGED',
      }),
    });
  };
  return (
    <>
      <FormField
        label="Variable"
        hint={
          variablesKnown && !things.some((t) => (t.properties ?? []).length > 0)
            ? 'Add variables to a thing first.'
            : undefined
        }
        error={problems.variable ?? null}
      >
        {(control) => (
          <select
            {...control}
            value={draft.propertyId}
            onChange={(event) => pickVariable(event.target.value)}
          >
            <option value="">Choose a variable</option>
            {things
              .filter((thing) => (thing.properties ?? []).length > 0)
              .map((thing) => (
                <optgroup key={thing.id} label={thing.name}>
                  {(thing.properties ?? []).map((p) => (
                    <option key={p.id} value={p.id}>
                      {p.name}
                    </option>
                  ))}
                </optgroup>
              ))}
          </select>
        )}
      </FormField>
      <div className="form-row">
        <FormField
          label="When it"
          hint="It fires when the condition starts to hold (crossing a threshold, not every value past it)."
        >
          {(control) => (
            <select
              {...control}
              value={draft.operator}
              disabled={!type}
              onChange={(event) => patch({ operator: event.target.value as TriggerDraft['operator'] })}
            >
              {operators.map((op) => (
                <option key={op} value={op}>
                  {OPERATOR_LABELS[op]}
                </option>
              ))}
            </select>
          )}
        </FormField>
        {type && conditionNeedsValue(draft.operator) && (
          <FormField label="Value" hint={VALUE_HINTS[conditionKindOf(type)]} error={problems.value ?? null}>
            {(control) => (
              <input
                {...control}
                value={draft.value}
                inputMode={['number', 'integer'].includes(conditionKindOf(type)) ? 'decimal' : undefined}
                onChange={(event) => patch({ value: event.target.value })}
              />
            )}
          </FormField>
        )}
      </div>
    </>
  );
}

/** What a device status trigger watches: one device or any, going online and/or offline, after a grace period. */
function DeviceFields({
  draft,
  devices,
  patch,
  problems,
}: {
  draft: TriggerDraft;
  devices: readonly Device[];
  patch: Patch;
  problems: DraftProblems;
}) {
  return (
    <>
      <FormField label="Device">
        {(control) => (
          <select
            {...control}
            value={draft.deviceId}
            onChange={(event) => patch({ deviceId: event.target.value })}
          >
            <option value="">Any device of the space</option>
            {draft.keptDevices && <option value={KEPT_DEVICES}>{keptDevicesLabel(draft.keptDevices)}</option>}
            {devices.map((device) => (
              <option key={device.id} value={device.id}>
                {device.name}
              </option>
            ))}
          </select>
        )}
      </FormField>
      <div className="form-row">
        <FormField label="When it">
          {(control) => (
            <select
              {...control}
              value={draft.status}
              onChange={(event) => patch({ status: event.target.value as StatusCondition })}
            >
              <option value="CHANGED">goes online or offline</option>
              <option value="CONNECTED">goes online</option>
              <option value="DISCONNECTED">goes offline</option>
            </select>
          )}
        </FormField>
        <FormField
          label="Grace period (seconds)"
          hint="It fires only once the device has kept its new status this long."
          error={problems.grace ?? null}
        >
          {(control) => (
            <input
              {...control}
              type="number"
              min={0}
              step={1}
              value={draft.grace}
              onChange={(event) => patch({ grace: event.target.value })}
            />
          )}
        </FormField>
      </div>
    </>
  );
}

export function TriggerSourceFields(props: {
  draft: TriggerDraft;
  things: readonly ThingWithProperties[];
  variablesKnown: boolean;
  devices: readonly Device[];
  typeOf: (id: string) => string | undefined;
  patch: Patch;
  problems: DraftProblems;
}) {
  const { draft, patch } = props;
  return (
    <fieldset className="trigger-source">
      <legend className="field-label">Watch</legend>
      <div>
        <label className="inline-check">
          <input
            type="radio"
            name="trigger-source"
            checked={draft.source === 'variable'}
            onChange={() => patch({ source: 'variable' })}
          />
          A variable
        </label>
        <label className="inline-check">
          <input
            type="radio"
            name="trigger-source"
            checked={draft.source === 'device'}
            onChange={() => patch({ source: 'device' })}
          />
          A device's status
        </label>
      </div>
      {draft.source === 'variable' ? <VariableFields {...props} /> : <DeviceFields {...props} />}
    </fieldset>
  );
}
