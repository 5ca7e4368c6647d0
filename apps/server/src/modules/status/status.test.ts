import { describe, expect, it } from 'vitest';
import { computeStatus } from './status.service.ts';

describe('computeStatus', () => {
  it('is operational when every component answers', async () => {
    const feed = await computeStatus([{ name: 'Database', check: async () => {} }]);
    expect(feed.status).toEqual({ indicator: 'none', description: 'All Systems Operational' });
    expect(feed.components).toEqual([
      { name: 'API', status: 'operational' },
      { name: 'Database', status: 'operational' },
    ]);
  });

  it('reports a major outage naming the failing components', async () => {
    const feed = await computeStatus([
      { name: 'Database', check: async () => Promise.reject(new Error('down')) },
      { name: 'Broker', check: async () => {} },
    ]);
    expect(feed.status).toEqual({ indicator: 'major', description: 'Major outage: Database' });
    expect(feed.components).toContainEqual({ name: 'Database', status: 'major_outage' });
  });
});
