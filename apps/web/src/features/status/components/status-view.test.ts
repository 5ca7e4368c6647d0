import { describe, expect, it } from 'vitest';
import { statusView } from './status-view.ts';

describe('statusView', () => {
  it('colours the description by indicator', () => {
    expect(
      statusView({ status: { indicator: 'none', description: 'All Systems Operational' } }, false),
    ).toEqual({
      tone: 'ok',
      text: 'All Systems Operational',
    });
    expect(statusView({ status: { indicator: 'critical', description: 'Major outage' } }, false).tone).toBe(
      'critical',
    );
    expect(statusView({ status: { indicator: 'maintenance', description: 'Upgrading' } }, false).tone).toBe(
      'maintenance',
    );
  });

  it('shows a neutral Unable to obtain status on error, even with older data', () => {
    expect(statusView(undefined, true)).toEqual({ tone: 'neutral', text: 'Unable to obtain status' });
    expect(statusView({ status: { indicator: 'none', description: 'ok' } }, true).text).toBe(
      'Unable to obtain status',
    );
  });
});
