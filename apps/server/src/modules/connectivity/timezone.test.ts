import { describe, expect, it } from 'vitest';
import { offsetAt, timezoneInfo } from './timezone.ts';

const at = (iso: string) => Date.parse(iso);

describe('timezone of a thing', () => {
  it('gives the offset now and the last second before it changes (Berlin, spring and autumn)', () => {
    // Summer time starts 2024-03-31 01:00 UTC and ends 2024-10-27 01:00 UTC.
    expect(timezoneInfo('Europe/Berlin', at('2024-03-01T12:00:00Z'))).toEqual({
      offset: 3600,
      until: at('2024-03-31T01:00:00Z') / 1000 - 1,
    });
    expect(timezoneInfo('Europe/Berlin', at('2024-07-01T00:00:00Z'))).toEqual({
      offset: 7200,
      until: at('2024-10-27T01:00:00Z') / 1000 - 1,
    });
  });

  it('handles zones west of UTC and half-hour offsets', () => {
    expect(timezoneInfo('America/New_York', at('2024-01-15T00:00:00Z'))).toEqual({
      offset: -18000,
      until: at('2024-03-10T07:00:00Z') / 1000 - 1,
    });
    expect(offsetAt('Asia/Kolkata', at('2024-01-15T00:00:00Z'))).toBe(19800);
  });

  it('gives a zone without changes (and an unknown zone, read as UTC) a date a year ahead', () => {
    const now = at('2024-05-01T00:00:00Z');
    const year = 366 * 86400;
    expect(timezoneInfo('Asia/Kolkata', now)).toEqual({ offset: 19800, until: now / 1000 + year });
    expect(timezoneInfo('UTC', now)).toEqual({ offset: 0, until: now / 1000 + year });
    expect(timezoneInfo('Not/AZone', now)).toEqual({ offset: 0, until: now / 1000 + year });
  });

  it('answers from its memory of the zone exactly as a fresh walk would, whatever order times come in', () => {
    const spring = at('2024-03-31T01:00:00Z') / 1000 - 1;
    const autumn = at('2024-10-27T01:00:00Z') / 1000 - 1;
    expect(timezoneInfo('Europe/Berlin', at('2024-03-01T12:00:00Z'))).toEqual({
      offset: 3600,
      until: spring,
    });
    // Within the remembered span, up to its last second; then past it; then before it again.
    expect(timezoneInfo('Europe/Berlin', at('2024-03-20T00:00:00Z'))).toEqual({
      offset: 3600,
      until: spring,
    });
    expect(timezoneInfo('Europe/Berlin', spring * 1000)).toEqual({ offset: 3600, until: spring });
    expect(timezoneInfo('Europe/Berlin', spring * 1000 + 1000)).toEqual({ offset: 7200, until: autumn });
    expect(timezoneInfo('Europe/Berlin', at('2024-02-01T00:00:00Z'))).toEqual({
      offset: 3600,
      until: spring,
    });
    // A zone without changes keeps giving a year from the moment asked.
    const now = at('2024-05-01T00:00:00Z');
    expect(timezoneInfo('UTC', now)).toEqual({ offset: 0, until: now / 1000 + 366 * 86400 });
    expect(timezoneInfo('UTC', now + 3_600_000)).toEqual({
      offset: 0,
      until: now / 1000 + 3600 + 366 * 86400,
    });
  });
});
