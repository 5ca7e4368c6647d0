import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ServicesProvider } from '../../app/services.tsx';
import type { ApiRequest } from '../../lib/api.ts';
import type { Auth } from '../../lib/auth/auth-service.ts';
import { createAuthStore } from '../../lib/auth/auth-store.ts';
import { createSpaceSelection } from '../../lib/space-selection.ts';
import { ada, space, testConfig } from '../../test/app-harness.tsx';
import { frame, streamingFetch, until } from '../../test/streaming-fetch.ts';
import { spacesQueryOptions } from '../spaces/api/spaces.ts';
import { createSpacesService } from '../spaces/spaces-service.ts';
import { LINGER_MS, useDeviceStatus, useLiveEvents, usePropertyValue } from './use-live-events.ts';

afterEach(() => {
  vi.unstubAllGlobals();
});

function setup() {
  const server = streamingFetch();
  vi.stubGlobal('fetch', server.fetch);
  const store = createAuthStore();
  store.setUser(ada);
  const auth = {
    store,
    start: vi.fn(),
    login: vi.fn(async () => undefined),
    logout: vi.fn(async () => undefined),
    getAccessToken: vi.fn(async () => 'tok'),
  } satisfies Auth;
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const api = vi.fn() as unknown as ApiRequest;
  const selection = createSpaceSelection();
  const spaces = createSpacesService({ api, config: testConfig, queryClient, selection, branded: null });
  // The list of spaces, as the signed-in layout loads it.
  queryClient.setQueryData(spacesQueryOptions(api, testConfig, null).queryKey, [
    space({ id: 'my-cloud', name: 'My Cloud', space: 'private' }),
    space({ id: 'team-1', name: 'Team', space: 'pro', roles: ['role:pro-admin'] }),
  ]);
  const wrap = (children: ReactNode) => (
    <ServicesProvider services={{ config: testConfig, auth, api, spaces }}>
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </ServicesProvider>
  );
  return { server, store, selection, queryClient, wrap };
}

function Probe({ id }: { id: string }) {
  const status = useLiveEvents();
  const device = useDeviceStatus('d1');
  const value = usePropertyValue('p1');
  return (
    <p data-testid={id}>
      {status} {device ?? '-'} {value ? String(value.value) : '-'}
    </p>
  );
}

describe('useLiveEvents', () => {
  it('keeps device status and property values fresh through one shared stream', async () => {
    const { server, wrap } = setup();
    render(
      wrap(
        <>
          <Probe id="a" />
          <Probe id="b" />
        </>,
      ),
    );
    await until(() => server.calls.length === 1, 'the stream');
    const call = server.calls[0];
    expect(call?.url).toBe('/live/v1/events');
    expect(call?.headers.get('authorization')).toBe('Bearer tok');
    expect(call?.headers.get('x-organization')).toBeNull();
    await act(async () => {
      call?.push(
        frame(
          'snapshot',
          {
            devices: [{ id: 'd1', status: 'ONLINE' }],
            properties: [{ thing_id: 't1', id: 'p1', name: 'temp', value: 20, value_updated_at: null }],
          },
          'e.1',
        ),
      );
      await until(() => screen.getByTestId('a').textContent === 'open ONLINE 20', 'the snapshot');
    });
    expect(screen.getByTestId('b').textContent).toBe('open ONLINE 20');
    await act(async () => {
      call?.push(
        frame('properties.value', {
          thing_id: 't1',
          property_id: 'p1',
          name: 'temp',
          value: 21.5,
          updated_at: '2026-01-01T00:00:00.000Z',
        }),
      );
      call?.push(frame('devices.status', { device_id: 'd1', status: 'OFFLINE', at: '2026-01-01T00:00:01Z' }));
      await until(() => screen.getByTestId('a').textContent === 'open OFFLINE 21.5', 'the updates');
    });
    expect(server.calls).toHaveLength(1);
  });

  it('follows a space change and stops on sign-out', async () => {
    const { server, wrap, selection, store } = setup();
    render(wrap(<Probe id="a" />));
    await until(() => server.calls.length === 1, 'the My Cloud stream');
    act(() => selection.select('team-1'));
    await until(() => server.calls.length === 2, 'the team stream');
    expect(server.calls[0]?.signal.aborted).toBe(true);
    expect(server.calls[1]?.headers.get('x-organization')).toBe('team-1');
    act(() => store.setUser(null));
    await until(() => screen.getByTestId('a').textContent?.startsWith('closed') ?? false, 'closed');
    expect(server.calls[1]?.signal.aborted).toBe(true);
  });

  it('closes the stream a while after the last user unmounts', async () => {
    const { server, wrap } = setup();
    const view = render(wrap(<Probe id="a" />));
    await until(() => server.calls.length === 1, 'the stream');
    view.unmount();
    expect(server.calls[0]?.signal.aborted).toBe(false);
    await until(() => server.calls[0]?.signal.aborted ?? false, 'the stream to stop', LINGER_MS + 2000);
  });
});
