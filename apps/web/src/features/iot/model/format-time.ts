/** Dates as people read them, in the browser's locale and time zone. */

export function formatDateTime(value: string | number | undefined): string {
  if (value === undefined) return '–';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return String(value);
  return date.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

/** An axis label: the time of day within a day or two, the date beyond that. */
export function formatTick(t: number, spanMs: number): string {
  const date = new Date(t);
  if (spanMs <= 2 * 86_400_000) {
    return date.toLocaleTimeString(undefined, {
      hour: '2-digit',
      minute: '2-digit',
      ...(spanMs <= 2 * 60_000 ? { second: '2-digit' } : {}),
    });
  }
  return date.toLocaleDateString(undefined, { day: 'numeric', month: 'short' });
}
