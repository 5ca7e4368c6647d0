/**
 * The thing's timezone as the device library wants it: the offset from UTC now (`tz_offset`, seconds) and the
 * moment that offset next changes (`tz_dst_until`, epoch seconds), after which the device asks again.
 * Computed from the IANA database that Intl carries; a zone without changes gets a date a year ahead.
 */
const formatters = new Map<string, Intl.DateTimeFormat>();
const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
const SEARCH_DAYS = 366;

function formatter(zone: string): Intl.DateTimeFormat {
  let f = formatters.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset' });
    formatters.set(zone, f);
  }
  return f;
}

/** The zone's offset from UTC at `ms`, in seconds ("GMT+05:30" → 19800). */
export function offsetAt(zone: string, ms: number): number {
  const name = formatter(zone)
    .formatToParts(ms)
    .find((p) => p.type === 'timeZoneName')?.value;
  const m = name ? /^GMT([+-])(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(name) : null;
  if (!m) return 0; // "GMT": UTC itself
  const seconds = Number(m[2]) * 3600 + Number(m[3]) * 60 + Number(m[4] ?? 0);
  return m[1] === '-' ? -seconds : seconds;
}

function isKnownZone(zone: string): boolean {
  try {
    formatter(zone);
    return true;
  } catch {
    return false;
  }
}

/** `{offset, until}` for the zone at `now`; an unknown zone counts as UTC. */
export function timezoneInfo(zone: string, now = Date.now()): { offset: number; until: number } {
  const tz = isKnownZone(zone) ? zone : 'UTC';
  const offset = offsetAt(tz, now);
  // Walk day by day to the first different offset, then narrow it down to the second.
  let lo = now;
  let hi = 0;
  for (let day = 1; day <= SEARCH_DAYS && hi === 0; day += 1) {
    const t = now + day * DAY_MS;
    if (offsetAt(tz, t) !== offset) hi = t;
    else lo = t;
  }
  if (hi === 0) return { offset, until: Math.floor((now + SEARCH_DAYS * DAY_MS) / 1000) };
  while (hi - lo > 1000) {
    const mid: number = lo + Math.floor((hi - lo) / 2);
    if (offsetAt(tz, mid) === offset) lo = mid;
    else hi = mid;
  }
  // The last second still at this offset.
  return { offset, until: Math.floor(lo / 1000) };
}
