/**
 * Dates as people read them, in the browser's locale and time zone: the one way every page writes an instant
 * (a medium date, with a short time when the moment matters). Wall-clock values of a device (a schedule, a
 * CloudTime) are the exception: they are the thing's local time, see widgets/wall-time.ts.
 */

function dateOf(value: string | number | undefined): Date | null {
  if (value === undefined) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** "7 Dec 2026, 08:00" (in the reader's locale); '–' for none, the value itself when it is not a date. */
export function formatDateTime(value: string | number | undefined): string {
  const date = dateOf(value);
  if (!date) return value === undefined ? '–' : String(value);
  return date.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

/** "7 Dec 2026" (in the reader's locale): a day, where the time of day does not matter. */
export function formatDate(value: string | number | undefined): string {
  const date = dateOf(value);
  if (!date) return value === undefined ? '–' : String(value);
  return date.toLocaleDateString(undefined, { dateStyle: 'medium' });
}
