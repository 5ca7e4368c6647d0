import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { createLiveSource } from '@/lib/live-events.ts';
import { frame, streamingFetch, until } from '@/test/streaming-fetch.ts';
import { iotKeys } from '../api/query-keys.ts';
import type { Device } from '../api/schemas.ts';
import { applyLiveEvent } from './apply-live-event.ts';
import type { LiveSource } from './live-events.ts';

describe('the app live source with the device pages adapter', () => {
  it('writes what the server streams into the device caches of the space', async () => {
    const server = streamingFetch();
    const live: LiveSource = createLiveSource({
      url: '/live/v1/events',
      getAccessToken: async () => 'tok',
      fetch: server.fetch,
    });
    const queryClient = new QueryClient();
    const device = { id: 'd1', name: 'probe', device_status: 'OFFLINE' } as unknown as Device;
    queryClient.setQueryData(iotKeys.devices('team-1'), [device]);
    const leave = live.subscribe('team-1', {
      onMessage: (message) => applyLiveEvent(queryClient, 'team-1', message),
    });
    await until(() => server.calls.length === 1, 'the stream');
    server.calls[0]?.push(
      frame('snapshot', { devices: [{ id: 'd1', status: 'ONLINE' }], properties: [] }, 'e.1'),
    );
    await until(
      () => queryClient.getQueryData<Device[]>(iotKeys.devices('team-1'))?.[0]?.device_status === 'ONLINE',
      'the snapshot in the cache',
    );
    server.calls[0]?.push(
      frame('devices.status', { device_id: 'd1', status: 'OFFLINE', at: '2026-01-01T00:00:00Z' }),
    );
    await until(
      () => queryClient.getQueryData<Device[]>(iotKeys.devices('team-1'))?.[0]?.device_status === 'OFFLINE',
      'the status event in the cache',
    );
    expect(queryClient.getQueryData<Device[]>(iotKeys.devices('team-1'))?.[0]).toMatchObject({
      name: 'probe',
      last_activity_at: '2026-01-01T00:00:00Z',
    });
    expect(server.calls[0]?.headers.get('x-organization')).toBe('team-1');
    leave();
  });
});
