/** The canonical IANA name of a time zone, or null when the runtime does not know it. */
export function canonicalTimeZone(name: string): string | null {
  if (name.length === 0 || name.length > 64 || !/^[A-Za-z0-9_+\-/]+$/.test(name)) return null;
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: name }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}

export const DEFAULT_TIMEZONE = 'America/New_York';

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(timeZone: string) {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    if (formatters.size > 1000) formatters.clear();
    formatters.set(timeZone, f);
  }
  return f;
}

function offsetSeconds(timeZone: string, at: Date): number {
  const parts = formatter(timeZone).formatToParts(at);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const local = Date.UTC(
    get('year'),
    get('month') - 1,
    get('day'),
    get('hour'),
    get('minute'),
    get('second'),
  );
  return Math.round((local - Math.floor(at.getTime() / 1000) * 1000) / 1000);
}

const HOUR_MS = 3_600_000;
const cache = new Map<string, { info: TimezoneInfo; until: number }>();

interface TimezoneInfo {
  name: string;
  /** Current UTC offset in seconds, DST included. */
  offset: number;
  /** When that offset stops being valid (the next DST change), or a year ahead when there is none. */
  until: string;
}

/** The ArduinoTimezone of a zone now: its offset and until when it holds (cached per zone for an hour). */
export function timezoneInfo(name: string, now = new Date()): TimezoneInfo {
  const hit = cache.get(name);
  if (hit && hit.until > now.getTime()) return hit.info;
  const offset = offsetSeconds(name, now);
  let lo = now.getTime();
  let hi = lo;
  const yearAhead = lo + 366 * 24 * HOUR_MS;
  // Weekly steps find the next change (no zone changes its offset twice within a week), then halving.
  for (let t = lo + 7 * 24 * HOUR_MS; t <= yearAhead; t += 7 * 24 * HOUR_MS) {
    if (offsetSeconds(name, new Date(t)) !== offset) {
      hi = t;
      break;
    }
    lo = t;
  }
  let until = yearAhead;
  if (hi > now.getTime()) {
    while (hi - lo > 60_000) {
      const mid = Math.floor((lo + hi) / 2);
      if (offsetSeconds(name, new Date(mid)) === offset) lo = mid;
      else hi = mid;
    }
    until = Math.floor(hi / 60_000) * 60_000;
  }
  const info = { name, offset, until: new Date(until).toISOString() };
  if (cache.size > 1000) cache.clear();
  cache.set(name, { info, until: Math.min(until, now.getTime() + HOUR_MS) });
  return info;
}

/** Every IANA zone the runtime knows, UTC included. */
export function allTimeZones(): string[] {
  const names = new Set(Intl.supportedValuesOf('timeZone'));
  names.add('UTC');
  return [...names].sort();
}
