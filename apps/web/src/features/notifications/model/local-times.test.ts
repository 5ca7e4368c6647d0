import { describe, expect, it } from 'vitest';
import { formatDateTime } from '@/features/iot/model/format-time.ts';
import { withLocalTimes } from './local-times.ts';

describe('notification texts', () => {
  it("say the server's ISO instants in the reader's locale and time zone", () => {
    const from = '2026-12-01T00:00:00.000Z';
    const to = '2026-12-07T07:30:00+01:00';
    const text = withLocalTimes(`2 variables, ${from} to ${to}, available for 7 days.`);
    expect(text).toBe(`2 variables, ${formatDateTime(from)} to ${formatDateTime(to)}, available for 7 days.`);
    expect(text).not.toMatch(/\d{4}-\d\d-\d\dT/);
  });

  it('leaves dates without a zone, ids and other numbers as they are', () => {
    const text = 'Board 2026-12-07 at 07:30, value 2026-12-07T07:30, id 1e2f-33';
    expect(withLocalTimes(text)).toBe(text);
  });
});
