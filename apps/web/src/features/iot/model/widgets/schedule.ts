import { formatWallTime } from './wall-time.ts';

/**
 * The library's CloudSchedule: `frm` and `to` (wall-clock seconds, `to` 0 for no end), `len` (seconds the
 * schedule is active each time) and `msk`, a 32-bit word saying how it repeats:
 * bits 31–30 the unit of a fixed interval (0 s, 1 min, 2 h, 3 days), bits 29–26 the type (0 once, 1 every
 * N units, 2 weekly, 3 monthly, 4 yearly), and the low bits the count (26 bits), the week-day mask (bit 0
 * Sunday), the day of the month, or month (bits 15–8, 0 January) and day for yearly ones.
 */
export interface Schedule {
  frm: number;
  to: number;
  len: number;
  msk: number;
}

export type ScheduleUnit = 'seconds' | 'minutes' | 'hours' | 'days';
export const SCHEDULE_UNITS: readonly ScheduleUnit[] = ['seconds', 'minutes', 'hours', 'days'];

export type Repeat =
  | { kind: 'once' }
  | { kind: 'every'; unit: ScheduleUnit; count: number }
  | { kind: 'weekly'; days: number[] }
  | { kind: 'monthly'; day: number }
  | { kind: 'yearly'; month: number; day: number };

const TYPE_SHIFT = 26;
const UNIT_SHIFT = 30;
const COUNT_MASK = 0x03ff_ffff;
const TYPES = ['once', 'every', 'weekly', 'monthly', 'yearly'] as const;
export const WEEK_DAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;

/** The mask word for a repeat rule (an unsigned 32-bit number, as the device reads it). */
export function encodeRepeat(repeat: Repeat): number {
  const type = TYPES.indexOf(repeat.kind) << TYPE_SHIFT;
  switch (repeat.kind) {
    case 'once':
      return type >>> 0;
    case 'every':
      return ((SCHEDULE_UNITS.indexOf(repeat.unit) << UNIT_SHIFT) | type | (repeat.count & COUNT_MASK)) >>> 0;
    case 'weekly':
      return (type | repeat.days.reduce((mask, day) => mask | (1 << (day & 7)), 0)) >>> 0;
    case 'monthly':
      return (type | (repeat.day & 0xff)) >>> 0;
    case 'yearly':
      return (type | ((repeat.month & 0xff) << 8) | (repeat.day & 0xff)) >>> 0;
  }
}

/** The repeat rule a mask word holds (an unknown type reads as once). */
export function decodeRepeat(msk: number): Repeat {
  const word = msk >>> 0;
  const kind = TYPES[(word >>> TYPE_SHIFT) & 0xf] ?? 'once';
  switch (kind) {
    case 'once':
      return { kind };
    case 'every':
      return { kind, unit: SCHEDULE_UNITS[word >>> UNIT_SHIFT] ?? 'seconds', count: word & COUNT_MASK };
    case 'weekly':
      return { kind, days: [0, 1, 2, 3, 4, 5, 6].filter((d) => (word & (1 << d)) !== 0) };
    case 'monthly':
      return { kind, day: word & 0xff };
    case 'yearly':
      return { kind, month: (word >>> 8) & 0xff, day: word & 0xff };
  }
}

const int = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) && v >= 0 ? Math.floor(v) : 0);

/** A stored value as a schedule (missing fields read as 0: no start, no end, never active). */
export function readSchedule(value: unknown): Schedule {
  const v = value && typeof value === 'object' ? (value as Record<string, unknown>) : {};
  return { frm: int(v.frm), to: int(v.to), len: int(v.len), msk: int(v.msk) };
}

/** A duration in seconds for people: "1 h 30 min", "45 s". */
export function formatDuration(seconds: number): string {
  if (seconds <= 0) return '0 s';
  const parts: string[] = [];
  const d = Math.floor(seconds / 86_400);
  const h = Math.floor((seconds % 86_400) / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  if (d) parts.push(`${d} d`);
  if (h) parts.push(`${h} h`);
  if (m) parts.push(`${m} min`);
  if (s) parts.push(`${s} s`);
  return parts.join(' ');
}

const WEEK_DAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
/** Month names, January first (schedule masks count months from 0). */
export const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
const UNIT_WORDS: Record<ScheduleUnit, string> = {
  seconds: 'second',
  minutes: 'minute',
  hours: 'hour',
  days: 'day',
};

/** "Monday", "Monday and Friday", "Monday, Wednesday and Friday". */
function listed(words: string[]): string {
  if (words.length <= 1) return words.join('');
  return `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`;
}

/** How a rule repeats, in words: "Every Monday", "Every 2 hours", "Every month on day 5". */
export function describeRepeat(repeat: Repeat): string {
  switch (repeat.kind) {
    case 'once':
      return 'Once';
    case 'every':
      return repeat.count === 1
        ? `Every ${UNIT_WORDS[repeat.unit]}`
        : `Every ${repeat.count} ${UNIT_WORDS[repeat.unit]}s`;
    case 'weekly':
      if (repeat.days.length === 0) return 'Weekly, no day';
      if (repeat.days.length === 7) return 'Every day';
      return `Every ${listed(repeat.days.map((d) => WEEK_DAY_NAMES[d] ?? '?'))}`;
    case 'monthly':
      return `Every month on day ${repeat.day}`;
    case 'yearly':
      return `Every year on ${repeat.day} ${MONTHS[repeat.month] ?? '?'}`;
  }
}

// Schedule times are wall-clock seconds (see wall-time.ts): read as UTC, they are the thing's local time.
const clock = new Intl.DateTimeFormat('en-GB', { timeZone: 'UTC', hour: '2-digit', minute: '2-digit' });
const day = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'UTC',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
});
const clockOf = (seconds: number) => clock.format(new Date(seconds * 1000));
const dayOf = (seconds: number) => day.format(new Date(seconds * 1000));

/**
 * A schedule in words, the one way every page says it (the scheduler widget, the thing page's value, the
 * toast after a write): "Every Monday 07:00–08:00, from 7 Dec 2026", "Once on 1 Jun 2026, 07:30–08:00",
 * "Every 2 hours for 15 min, from 1 Jun 2026, 07:00", "Every year on 5 March, 07:00–08:00, from 5 Mar 2026
 * until 5 Mar 2030, 00:00". A window of a day or more reads "07:00 for 2 d".
 */
export function describeSchedule(schedule: Schedule): string {
  if (schedule.frm === 0 && schedule.len === 0) return 'Not scheduled';
  const repeat = decodeRepeat(schedule.msk);
  const window =
    schedule.len > 0 && schedule.len < 86_400
      ? `${clockOf(schedule.frm)}–${clockOf(schedule.frm + schedule.len)}`
      : `${clockOf(schedule.frm)} for ${formatDuration(schedule.len)}`;
  if (repeat.kind === 'once') return `Once on ${dayOf(schedule.frm)}, ${window}`;
  const until = schedule.to > 0 ? ` until ${formatWallTime(schedule.to)}` : '';
  if (repeat.kind === 'every' && repeat.unit !== 'days') {
    // Several windows a day: the first one's start, then how long each lasts.
    return `${describeRepeat(repeat)} for ${formatDuration(schedule.len)}, from ${formatWallTime(schedule.frm)}${until}`;
  }
  const joint = repeat.kind === 'monthly' || repeat.kind === 'yearly' ? ', ' : ' ';
  return `${describeRepeat(repeat)}${joint}${window}, from ${dayOf(schedule.frm)}${until}`;
}

const isNumber = (v: unknown) => typeof v === 'number' && Number.isFinite(v);

/** A stored value in words when it is a schedule (`frm`, `to`, `len`, `msk` numbers), else null. */
export function scheduleWords(value: unknown): string | null {
  const v = value && typeof value === 'object' ? (value as Record<string, unknown>) : null;
  if (!v || !isNumber(v.frm) || !isNumber(v.to) || !isNumber(v.len) || !isNumber(v.msk)) return null;
  return describeSchedule(readSchedule(v));
}
