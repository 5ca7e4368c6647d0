import type { AppConfig } from '@tinkercloud/shared';
import { describe, expect, it, vi } from 'vitest';
import type { ApiRequest } from '@/lib/api.ts';
import { fetchStatus, STATUS_POLL_MS, statusQueryOptions } from './status.ts';

const config = { hosts: { status: 'https://status.example' } } as AppConfig;
const feed = { status: { indicator: 'minor', description: 'Partial outage' } };

describe('status feed (spec 7.6 and 9)', () => {
  it('is polled every 5 minutes', () => {
    const api = vi.fn() as unknown as ApiRequest;
    const options = statusQueryOptions(api, config);
    expect(STATUS_POLL_MS).toBe(300_000);
    expect(options.refetchInterval).toBe(300_000);
    expect(options.staleTime).toBe(300_000);
  });

  it('reads the public feed without our token', async () => {
    const api = vi.fn(async () => feed);
    await expect(fetchStatus(api as unknown as ApiRequest, config)).resolves.toEqual(feed);
    expect(api).toHaveBeenCalledWith('https://status.example/api/v2/status.json', { auth: false });
  });

  it('fails on a feed it cannot read', async () => {
    const api = vi.fn(async () => ({ status: { indicator: 'purple' } }));
    await expect(fetchStatus(api as unknown as ApiRequest, config)).rejects.toThrow();
  });
});
