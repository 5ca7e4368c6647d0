/**
 * Device-side times (CloudTime, a schedule's start and end) count the seconds of the device's local wall
 * clock as if it were UTC: the library compares them with its local time (UTC plus the thing's offset). So a
 * time the maker picks, 08:00 in a `datetime-local` input, is stored as 08:00 UTC, and read back the same way.
 */

/** `YYYY-MM-DDTHH:MM` (a datetime-local input's value) to wall-clock seconds; null when it is not one. */
export function wallInputToSeconds(text: string): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(text);
  if (!match) return null;
  const [y, mo, d, h, mi, s] = match.slice(1).map((part) => Number(part ?? 0)) as number[];
  const ms = Date.UTC(y ?? 0, (mo ?? 1) - 1, d ?? 1, h ?? 0, mi ?? 0, s ?? 0);
  return Number.isFinite(ms) ? Math.floor(ms / 1000) : null;
}

/** Wall-clock seconds as a datetime-local input's value (minutes); empty for a non-number. */
export function secondsToWallInput(seconds: unknown): string {
  if (typeof seconds !== 'number' || !Number.isFinite(seconds)) return '';
  return new Date(seconds * 1000).toISOString().slice(0, 16);
}

/** Wall-clock seconds for people, such as "26 Nov 2026, 08:00". */
export function formatWallTime(seconds: unknown): string {
  if (typeof seconds !== 'number' || !Number.isFinite(seconds)) return '–';
  return new Intl.DateTimeFormat('en-GB', {
    timeZone: 'UTC',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  }).format(new Date(seconds * 1000));
}
