/** Dates as people read them, in the browser's locale and time zone. */

export function formatDateTime(value: string | number | undefined): string {
  if (value === undefined) return '–';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return String(value);
  return date.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}
