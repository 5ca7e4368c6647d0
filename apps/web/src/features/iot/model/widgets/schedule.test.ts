import { describe, expect, it } from 'vitest';
import {
  decodeRepeat,
  describeSchedule,
  encodeRepeat,
  formatDuration,
  type Repeat,
  readSchedule,
  scheduleWords,
} from './schedule.ts';

describe('CloudSchedule mask', () => {
  it('encodes each repeat rule in the library layout (type in bits 29–26, unit in 31–30)', () => {
    expect(encodeRepeat({ kind: 'once' })).toBe(0);
    // Every 90 minutes: unit 1 (minutes) << 30, type 1 << 26, count 90.
    expect(encodeRepeat({ kind: 'every', unit: 'minutes', count: 90 })).toBe(0x4400_005a);
    // Every 2 days: unit 3 makes the top bit set, so the word must stay unsigned.
    expect(encodeRepeat({ kind: 'every', unit: 'days', count: 2 })).toBe(0xc400_0002);
    // Weekly on Monday and Friday: type 2, bit 1 and bit 5.
    expect(encodeRepeat({ kind: 'weekly', days: [1, 5] })).toBe(0x0800_0022);
    expect(encodeRepeat({ kind: 'monthly', day: 15 })).toBe(0x0c00_000f);
    // Yearly on 24 December: type 4, month 11 in bits 15–8, day 24.
    expect(encodeRepeat({ kind: 'yearly', month: 11, day: 24 })).toBe(0x1000_0b18);
  });

  it('decodes what it encodes', () => {
    const rules: Repeat[] = [
      { kind: 'once' },
      { kind: 'every', unit: 'hours', count: 3 },
      { kind: 'every', unit: 'days', count: 7 },
      { kind: 'weekly', days: [0, 6] },
      { kind: 'monthly', day: 31 },
      { kind: 'yearly', month: 1, day: 29 },
    ];
    for (const repeat of rules) expect(decodeRepeat(encodeRepeat(repeat))).toEqual(repeat);
  });

  it('reads a stored value and says it in words', () => {
    const schedule = readSchedule({ frm: 1_798_790_400, to: 0, len: 5400, msk: 0x0800_0022 });
    expect(describeSchedule(schedule)).toBe('Every Monday and Friday 08:00–09:30, from 1 Jan 2027');
    expect(describeSchedule(readSchedule(null))).toBe('Not scheduled');
    expect(readSchedule({ frm: -5, to: 'x', len: 1.7, msk: 3 })).toEqual({ frm: 0, to: 0, len: 1, msk: 3 });
    expect(formatDuration(90_061)).toBe('1 d 1 h 1 min 1 s');
  });
});

describe('a schedule in words', () => {
  // Monday 7 December 2026, 07:00 on the thing's wall clock.
  const MONDAY_7 = 1_796_626_800;
  const at = (repeat: Repeat, len = 3600, to = 0) =>
    scheduleWords({ frm: MONDAY_7, to, len, msk: encodeRepeat(repeat) });

  it('says once, daily, weekly, monthly and yearly schedules with their time of day', () => {
    expect(at({ kind: 'once' })).toBe('Once on 7 Dec 2026, 07:00–08:00');
    expect(at({ kind: 'every', unit: 'days', count: 1 })).toBe('Every day 07:00–08:00, from 7 Dec 2026');
    expect(at({ kind: 'weekly', days: [1] })).toBe('Every Monday 07:00–08:00, from 7 Dec 2026');
    expect(at({ kind: 'weekly', days: [1, 3, 5] }, 1800)).toBe(
      'Every Monday, Wednesday and Friday 07:00–07:30, from 7 Dec 2026',
    );
    expect(at({ kind: 'weekly', days: [0, 1, 2, 3, 4, 5, 6] })).toBe(
      'Every day 07:00–08:00, from 7 Dec 2026',
    );
    expect(at({ kind: 'monthly', day: 5 })).toBe('Every month on day 5, 07:00–08:00, from 7 Dec 2026');
    expect(at({ kind: 'yearly', month: 2, day: 5 })).toBe(
      'Every year on 5 March, 07:00–08:00, from 7 Dec 2026',
    );
  });

  it('says windows past midnight, long windows, several windows a day and an end', () => {
    expect(at({ kind: 'every', unit: 'days', count: 2 }, 18 * 3600)).toBe(
      'Every 2 days 07:00–01:00, from 7 Dec 2026',
    );
    expect(at({ kind: 'weekly', days: [6] }, 2 * 86_400)).toBe(
      'Every Saturday 07:00 for 2 d, from 7 Dec 2026',
    );
    expect(at({ kind: 'every', unit: 'hours', count: 2 }, 900)).toBe(
      'Every 2 hours for 15 min, from 7 Dec 2026, 07:00',
    );
    expect(at({ kind: 'every', unit: 'minutes', count: 1 }, 30)).toBe(
      'Every minute for 30 s, from 7 Dec 2026, 07:00',
    );
    expect(at({ kind: 'weekly', days: [1] }, 3600, MONDAY_7 + 28 * 86_400)).toBe(
      'Every Monday 07:00–08:00, from 7 Dec 2026 until 4 Jan 2027, 07:00',
    );
  });

  it('is null for what is not a schedule', () => {
    expect(scheduleWords({ frm: 1 })).toBeNull();
    expect(scheduleWords('x')).toBeNull();
    expect(scheduleWords(null)).toBeNull();
    expect(scheduleWords({ frm: 0, to: 0, len: 0, msk: 0 })).toBe('Not scheduled');
  });
});
