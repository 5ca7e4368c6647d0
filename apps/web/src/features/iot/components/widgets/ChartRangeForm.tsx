import { type FormEvent, useId, useState } from 'react';

/** Epoch ms as a datetime-local value, in the browser's time zone, to the minute. */
function localInput(ms: number): string {
  const d = new Date(ms);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/**
 * A chart widget's own period: "Custom range" opens a start / end form; once applied the chart shows that
 * period instead of the page's range until "Page range" brings the page's back.
 */
export function ChartRangeForm({
  custom,
  onChange,
}: {
  custom: { from: number; to: number } | null;
  onChange: (custom: { from: number; to: number } | null) => void;
}) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const now = Date.now();
  const [from, setFrom] = useState(localInput(custom?.from ?? now - 86_400_000));
  const [to, setTo] = useState(localInput(custom?.to ?? now));
  const [error, setError] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const start = Date.parse(from);
    const end = Date.parse(to);
    if (!Number.isFinite(start) || !Number.isFinite(end)) {
      setError('Enter a start and an end.');
      return;
    }
    if (start >= end) {
      setError('The start must be before the end.');
      return;
    }
    setError(null);
    setOpen(false);
    onChange({ from: start, to: end });
  };

  return (
    <div className="chart-range">
      {custom ? (
        <button type="button" className="button button-subtle button-small" onClick={() => onChange(null)}>
          Page range
        </button>
      ) : null}
      <button
        type="button"
        className="button button-subtle button-small"
        aria-expanded={open}
        aria-controls={`${id}-form`}
        onClick={() => setOpen(!open)}
      >
        Custom range
      </button>
      {open && (
        <form id={`${id}-form`} className="chart-range-form" onSubmit={submit} noValidate>
          <label>
            Range start
            <input type="datetime-local" value={from} onChange={(event) => setFrom(event.target.value)} />
          </label>
          <label>
            Range end
            <input type="datetime-local" value={to} onChange={(event) => setTo(event.target.value)} />
          </label>
          <button type="submit" className="button button-small">
            Show
          </button>
          {error && (
            <p className="field-error" role="alert">
              {error}
            </p>
          )}
        </form>
      )}
    </div>
  );
}
