/**
 * Dates as people read them, in the browser's locale and time zone: the one way every page writes an instant,
 * a medium date, with a short time when the moment matters. '–' for none, the value itself when it is not a
 * date. Wall-clock values of a device (a schedule, a CloudTime) are the thing's local time: widgets/wall-time.ts.
 */
function format(value: string | number | undefined, withTime: boolean): string {
  if (value === undefined) return '–';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return String(value);
  return date.toLocaleString(
    undefined,
    withTime ? { dateStyle: 'medium', timeStyle: 'short' } : { dateStyle: 'medium' },
  );
}

/** "7 Dec 2026, 08:00" (in the reader's locale). */
export const formatDateTime = (value: string | number | undefined) => format(value, true);

/** "7 Dec 2026" (in the reader's locale): a day, where the time of day does not matter. */
export const formatDate = (value: string | number | undefined) => format(value, false);
