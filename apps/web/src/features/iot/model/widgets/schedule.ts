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
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

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

export function describeRepeat(repeat: Repeat): string {
  switch (repeat.kind) {
    case 'once':
      return 'Once';
    case 'every':
      return `Every ${repeat.count} ${repeat.count === 1 ? repeat.unit.slice(0, -1) : repeat.unit}`;
    case 'weekly':
      return repeat.days.length === 0
        ? 'Weekly, no day'
        : `Every ${repeat.days.map((d) => WEEK_DAYS[d]).join(', ')}`;
    case 'monthly':
      return `Monthly on day ${repeat.day}`;
    case 'yearly':
      return `Yearly on ${repeat.day} ${MONTHS[repeat.month] ?? '?'}`;
  }
}

/** A schedule in one line: "Every Mon, Wed from 2 Dec 2026, 08:00 for 1 h (no end)". */
export function describeSchedule(schedule: Schedule): string {
  if (schedule.frm === 0 && schedule.len === 0) return 'Not scheduled';
  const end = schedule.to === 0 ? 'no end' : `until ${formatWallTime(schedule.to)}`;
  return `${describeRepeat(decodeRepeat(schedule.msk))} from ${formatWallTime(schedule.frm)} for ${formatDuration(schedule.len)} (${end})`;
}
