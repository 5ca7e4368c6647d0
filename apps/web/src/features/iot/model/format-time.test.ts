import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime } from './format-time.ts';

describe('dates, one way on every page', () => {
  const iso = '2026-12-07T07:00:00.000Z';

  it("writes an instant as a medium date, with a short time, in the reader's locale and zone", () => {
    const date = new Date(iso);
    expect(formatDateTime(iso)).toBe(
      date.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' }),
    );
    expect(formatDate(iso)).toBe(date.toLocaleDateString(undefined, { dateStyle: 'medium' }));
    // The day alone is the start of the same text: one date format, the time added when it matters.
    expect(formatDateTime(iso).startsWith(formatDate(iso))).toBe(true);
    expect(formatDate(Date.parse(iso))).toBe(formatDate(iso));
  });

  it('shows a dash for none and the value itself when it is not a date', () => {
    expect(formatDate(undefined)).toBe('–');
    expect(formatDateTime(undefined)).toBe('–');
    expect(formatDate('soon')).toBe('soon');
    expect(formatDateTime('soon')).toBe('soon');
  });
});
