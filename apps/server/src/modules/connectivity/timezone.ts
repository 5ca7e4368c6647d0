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

/**
 * The last answer per zone, and from when it holds: every device of a fleet asks for the same few zones, and one
 * answer costs a year's walk of Intl calls (hundreds), so a scan over 10,000 devices must not redo it for each.
 */
const answers = new Map<string, { from: number; offset: number; until: number; changes: boolean }>();
const MAX_ANSWERS = 1_000;

/** `{offset, until}` for the zone at `now`; an unknown zone counts as UTC. */
export function timezoneInfo(zone: string, now = Date.now()): { offset: number; until: number } {
  const tz = isKnownZone(zone) ? zone : 'UTC';
  // The offset holds from `from` to `until` (a zone without changes: a year from each moment, re-walked daily).
  const known = answers.get(tz);
  if (known && now >= known.from) {
    if (known.changes && now <= known.until * 1000) return { offset: known.offset, until: known.until };
    if (!known.changes && now < known.from + DAY_MS) {
      return { offset: known.offset, until: Math.floor((now + SEARCH_DAYS * DAY_MS) / 1000) };
    }
  }
  const answer = walk(tz, now);
  if (answers.size >= MAX_ANSWERS) answers.clear();
  answers.set(tz, { from: now, ...answer, changes: answer.until * 1000 < now + SEARCH_DAYS * DAY_MS - 1000 });
  return answer;
}

function walk(tz: string, now: number): { offset: number; until: number } {
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
