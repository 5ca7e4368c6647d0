import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useServices } from '@/app/services.tsx';
import { Button } from '@/components/Button.tsx';
import { Dialog } from '@/components/Dialog.tsx';
import { FormField } from '@/components/FormField.tsx';
import { thingPropertiesQueryOptions } from '@/features/things/api/things.ts';
import { networkErrorMessage } from '@/lib/toast.tsx';
import { downloadCsv } from '../api/export-csv.ts';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
/** The periods offered, ending now; "custom" asks for a start and an end. */
const RANGES = [
  { id: '1H', label: 'Last hour', ms: HOUR_MS },
  { id: '1D', label: 'Last 24 hours', ms: DAY_MS },
  { id: '7D', label: 'Last 7 days', ms: 7 * DAY_MS },
  { id: '15D', label: 'Last 15 days', ms: 15 * DAY_MS },
  { id: 'custom', label: 'Custom period', ms: 0 },
] as const;
type RangeId = (typeof RANGES)[number]['id'];
/** The server exports at most this many variables at once. */
const MAX_VARIABLES = 100;

/** Epoch ms as a datetime-local value in the browser's time zone, to the minute. */
function localInput(ms: number): string {
  const d = new Date(ms);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** The period chosen, or what is wrong with it. */
export function exportPeriod(
  range: RangeId,
  custom: { from: string; to: string },
  now: number,
): { from: number; to: number } | string {
  if (range !== 'custom') {
    const ms = RANGES.find((r) => r.id === range)?.ms ?? DAY_MS;
    return { from: now - ms, to: now };
  }
  const from = Date.parse(custom.from);
  const to = Date.parse(custom.to);
  if (!Number.isFinite(from) || !Number.isFinite(to)) return 'Enter a start and an end.';
  if (from >= to) return 'The start must be before the end.';
  return { from, to };
}

/**
 * "Download CSV" of a thing's stored values (the thing page, the device page of its device): all its variables
 * or one, over a period. The server streams the file behind a short-lived link (`downloadCsv`).
 */
export function ExportCsvButton({ space, thingId }: { space: string; thingId: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="subtle" onClick={() => setOpen(true)}>
        Download CSV
      </Button>
      {open && <ExportCsvDialog space={space} thingId={thingId} onClose={() => setOpen(false)} />}
    </>
  );
}

function ExportCsvDialog({
  space,
  thingId,
  onClose,
}: {
  space: string;
  thingId: string;
  onClose: () => void;
}) {
  const { api, config } = useServices();
  const properties = useQuery(thingPropertiesQueryOptions(api, config, space, thingId));
  const [variable, setVariable] = useState('all');
  const [range, setRange] = useState<RangeId>('1D');
  const [custom, setCustom] = useState(() => ({
    from: localInput(Date.now() - DAY_MS),
    to: localInput(Date.now()),
  }));
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const list = properties.data ?? [];

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const period = exportPeriod(range, custom, Date.now());
    if (typeof period === 'string') return setError(period);
    const ids = variable === 'all' ? list.map((p) => p.id).slice(0, MAX_VARIABLES) : [variable];
    if (ids.length === 0) return setError('This thing has no variables to export.');
    setError(null);
    setBusy(true);
    try {
      await downloadCsv(api, config, space, { propertyIds: ids, from: period.from, to: period.to });
      onClose();
    } catch (err) {
      setError(networkErrorMessage(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog label="Download CSV" onClose={onClose}>
      <form className="form" onSubmit={(event) => void submit(event)} noValidate>
        <p className="muted">The stored values, one line each: time, variable and value.</p>
        <FormField label="Variables">
          {(control) => (
            <select
              {...control}
              value={variable}
              onChange={(event) => setVariable(event.target.value)}
              disabled={properties.isPending}
            >
              <option value="all">All variables</option>
              {list.map((p) => (
                <option key={p.id} value={p.id}>
                  {p.name}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <FormField label="Period">
          {(control) => (
            <select {...control} value={range} onChange={(event) => setRange(event.target.value as RangeId)}>
              {RANGES.map((r) => (
                <option key={r.id} value={r.id}>
                  {r.label}
                </option>
              ))}
            </select>
          )}
        </FormField>
        {range === 'custom' && (
          <>
            <FormField label="From">
              {(control) => (
                <input
                  {...control}
                  type="datetime-local"
                  value={custom.from}
                  onChange={(event) => setCustom((c) => ({ ...c, from: event.target.value }))}
                />
              )}
            </FormField>
            <FormField label="To">
              {(control) => (
                <input
                  {...control}
                  type="datetime-local"
                  value={custom.to}
                  onChange={(event) => setCustom((c) => ({ ...c, to: event.target.value }))}
                />
              )}
            </FormField>
          </>
        )}
        {(error || properties.isError) && (
          <p className="field-error" role="alert">
            {error ?? 'The variables could not be loaded.'}
          </p>
        )}
        <div className="modal-actions">
          <Button variant="subtle" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={busy} disabled={properties.isPending}>
            Download
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
