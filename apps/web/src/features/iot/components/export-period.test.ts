import { describe, expect, it } from 'vitest';
import { exportPeriod } from './ExportCsvButton.tsx';

const NOW = Date.parse('2026-05-01T12:00:00Z');
const none = { from: '', to: '' };

describe('the period of a CSV download', () => {
  it('ends now for the offered ranges', () => {
    expect(exportPeriod('1H', none, NOW)).toEqual({ from: NOW - 3_600_000, to: NOW });
    expect(exportPeriod('15D', none, NOW)).toEqual({ from: NOW - 15 * 86_400_000, to: NOW });
  });

  it('takes a custom start and end, and says what is wrong with one', () => {
    const period = exportPeriod('custom', { from: '2026-04-01T08:00', to: '2026-04-02T08:00' }, NOW);
    expect(typeof period === 'object' && period.to - period.from).toBe(86_400_000);
    expect(exportPeriod('custom', { from: '2026-04-02T08:00', to: '2026-04-01T08:00' }, NOW)).toBe(
      'The start must be before the end.',
    );
    expect(exportPeriod('custom', { from: '', to: '2026-04-01T08:00' }, NOW)).toBe(
      'Enter a start and an end.',
    );
  });
});
