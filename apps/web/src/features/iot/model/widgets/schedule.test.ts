import { describe, expect, it } from 'vitest';
import {
  decodeRepeat,
  describeSchedule,
  encodeRepeat,
  formatDuration,
  type Repeat,
  readSchedule,
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
    expect(describeSchedule(schedule)).toBe('Every Mon, Fri from 1 Jan 2027, 08:00 for 1 h 30 min (no end)');
    expect(describeSchedule(readSchedule(null))).toBe('Not scheduled');
    expect(readSchedule({ frm: -5, to: 'x', len: 1.7, msk: 3 })).toEqual({ frm: 0, to: 0, len: 1, msk: 3 });
    expect(formatDuration(90_061)).toBe('1 d 1 h 1 min 1 s');
  });
});
