import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import {
  type DashboardTemplate,
  prefixedName,
  TEMPLATE_PREFIX_MAX_LENGTH,
  type TemplateApplyResult,
  type ThingTemplate,
} from '@tinkercloud/shared/iot';
import { type FormEvent, useMemo, useState } from 'react';
import { FormField } from '@/components/FormField.tsx';
import { devicesQueryOptions } from '@/features/devices/api/devices.ts';
import { iotKeys } from '@/features/iot/api/query-keys.ts';
import { readAgain } from '@/lib/query-client.ts';
import { networkErrorMessage } from '@/lib/toast.tsx';
import { applyTemplate, type TemplatesCtx } from '../api/templates.ts';
import {
  applyRequest,
  duplicateDevice,
  freeDevices,
  initialDevices,
  prefixProblem,
} from '../model/template-form.ts';
import '../templates.css';

export interface ApplicableTemplate {
  kind: 'custom' | 'builtin';
  id: string;
  things: readonly ThingTemplate[];
  dashboards: readonly DashboardTemplate[];
}

/**
 * Applies a template in the selected space: a prefix for the new names and, per thing, a device chosen from
 * the space's free devices (`deviceId` pre-selected for the first thing). Then it lists what was made.
 */
export function ApplyTemplateForm({
  ctx,
  template,
  deviceId,
  onCancel,
}: {
  ctx: TemplatesCtx;
  template: ApplicableTemplate;
  deviceId?: string;
  onCancel?: () => void;
}) {
  const queryClient = useQueryClient();
  const devices = useQuery(devicesQueryOptions(ctx.api, ctx.config, ctx.space));
  const free = useMemo(() => freeDevices(devices.data ?? []), [devices.data]);
  const [prefix, setPrefix] = useState('');
  const [picked, setPicked] = useState<Record<string, string> | null>(null);
  const choice = picked ?? initialDevices(template.things, free, deviceId);
  const [prefixError, setPrefixError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<TemplateApplyResult | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const problem = prefixProblem(prefix.trim());
    setPrefixError(problem);
    if (problem) return;
    if (duplicateDevice(choice)) {
      setFailure('Choose a different device for each thing.');
      return;
    }
    setBusy(true);
    setFailure(null);
    try {
      const made = await applyTemplate(ctx, applyRequest(template, prefix, choice));
      await Promise.all(
        [iotKeys.things, iotKeys.devices, iotKeys.dashboards, iotKeys.triggers].map((key) =>
          readAgain(queryClient, key(ctx.space)),
        ),
      );
      setResult(made);
    } catch (err) {
      setFailure(networkErrorMessage(err));
    } finally {
      setBusy(false);
    }
  };

  if (result) {
    const p = prefix.trim() || undefined;
    return (
      <div className="card" role="status">
        <h2>Template applied</h2>
        <p>These were created:</p>
        <ul className="template-result">
          {result.things.map((t, i) => (
            <li key={t.id}>
              Thing{' '}
              <Link to="/things/$id/" params={{ id: t.id }}>
                {prefixedName(p, template.things[i]?.name ?? 'Thing', 64)}
              </Link>
            </li>
          ))}
          {result.dashboards.map((id, i) => (
            <li key={id}>
              Dashboard{' '}
              <Link to="/dashboards/$id/" params={{ id }}>
                {prefixedName(p, template.dashboards[i]?.name ?? 'Dashboard', 64)}
              </Link>
            </li>
          ))}
          {result.triggers.length > 0 && (
            <li>
              <Link to="/triggers/">
                {result.triggers.length === 1 ? '1 trigger' : `${result.triggers.length} triggers`}
              </Link>
            </li>
          )}
        </ul>
      </div>
    );
  }

  return (
    <form className="form" onSubmit={(event) => void submit(event)} noValidate aria-label="Apply template">
      <FormField
        label="Name prefix (optional)"
        hint="Put before the names of the new things, dashboards and triggers."
        error={prefixError}
      >
        {(control) => (
          <input
            {...control}
            value={prefix}
            onChange={(event) => setPrefix(event.target.value)}
            maxLength={TEMPLATE_PREFIX_MAX_LENGTH}
            autoComplete="off"
          />
        )}
      </FormField>
      {template.things.map((t) => (
        <FormField
          key={t.id}
          label={`Device for ${t.name}`}
          hint="Only devices that run no thing are offered."
        >
          {(control) => (
            <select
              {...control}
              value={choice[t.id] ?? ''}
              onChange={(event) => setPicked({ ...choice, [t.id]: event.target.value })}
              disabled={devices.isPending}
            >
              <option value="">No device</option>
              {free.map((d) => (
                <option key={d.id} value={d.id}>
                  {d.name}
                </option>
              ))}
            </select>
          )}
        </FormField>
      ))}
      {(failure || devices.isError) && (
        <p className="field-error" role="alert">
          {failure ?? 'Devices could not be loaded.'}
        </p>
      )}
      <div className="modal-actions">
        {onCancel && (
          <button type="button" className="button button-subtle" onClick={onCancel}>
            Cancel
          </button>
        )}
        <button type="submit" className="button" disabled={busy} aria-busy={busy}>
          {busy && <span className="spinner spinner-small" aria-hidden="true" />}
          Apply template
        </button>
      </div>
    </form>
  );
}
