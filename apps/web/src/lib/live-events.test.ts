import type { LiveStreamEvent, Onboarding } from '@tinkercloud/shared';
import { describe, expect, it } from 'vitest';
import { frame, streamingFetch, until } from '../test/streaming-fetch.ts';
import {
  createLiveSource,
  LIVE_HOLD_MAX,
  type StreamStatus,
  subscribeLive,
  subscribeOnboardings,
} from './live-events.ts';

const fast = { backoff: { initialMs: 5, maxMs: 20 }, random: () => 1 };
const snapshot = { devices: [{ id: 'd1', status: 'ONLINE' }], properties: [] };
const value = {
  thing_id: 't1',
  property_id: 'p1',
  name: 'temp',
  value: 21,
  updated_at: '2026-01-01T00:00:00.000Z',
};

describe('subscribeLive', () => {
  it('sends the token and space, delivers the snapshot and events, skips what breaks the contract', async () => {
    const server = streamingFetch();
    const events: LiveStreamEvent[] = [];
    const statuses: StreamStatus[] = [];
    const sub = subscribeLive({
      url: '/live/v1/events',
      getAccessToken: async () => 'tok',
      organization: 'org-1',
      fetch: server.fetch,
      onEvent: (e) => events.push(e),
      onStatus: (s) => statuses.push(s),
      ...fast,
    });
    await until(() => server.calls.length === 1, 'the request');
    const call = server.calls[0];
    expect(call?.url).toBe('/live/v1/events');
    expect(call?.headers.get('authorization')).toBe('Bearer tok');
    expect(call?.headers.get('x-organization')).toBe('org-1');
    expect(call?.headers.get('last-event-id')).toBeNull();
    call?.push(': stream open\n\n');
    call?.push(frame('snapshot', snapshot, 'e.1'));
    call?.push(frame('properties.value', { ...value, thing_id: 42 }, 'e.2'));
    call?.push(frame('unknown.kind', {}, 'e.3'));
    call?.push(frame('properties.value', value, 'e.4').slice(0, 20));
    call?.push(frame('properties.value', value, 'e.4').slice(20));
    await until(() => events.length === 2, 'two events');
    expect(events).toEqual([
      { type: 'snapshot', data: snapshot },
      { type: 'properties.value', data: value },
    ]);
    expect(statuses).toEqual(['connecting', 'open']);
    sub.stop();
    expect(call?.signal.aborted).toBe(true);
    expect(statuses.at(-1)).toBe('closed');
  });

  it('reconnects after the stream ends or fails, with Last-Event-ID, until stopped', async () => {
    // The second attempt fails with a 503; the others stream.
    const server = streamingFetch((_call, i) => (i === 1 ? 503 : 200));
    const events: LiveStreamEvent[] = [];
    const sub = subscribeLive({
      url: '/live',
      getAccessToken: async () => 'tok',
      fetch: server.fetch,
      onEvent: (e) => events.push(e),
      ...fast,
    });
    await until(() => server.calls.length === 1, 'the first request');
    expect(server.calls[0]?.headers.get('x-organization')).toBeNull();
    server.calls[0]?.push(frame('snapshot', snapshot, 'e.1') + frame('properties.value', value, 'e.2'));
    await until(() => events.length === 2, 'the first events');
    server.calls[0]?.end();
    await until(() => server.calls.length === 3, 'two more attempts');
    expect(server.calls[1]?.headers.get('last-event-id')).toBe('e.2');
    expect(server.calls[2]?.headers.get('last-event-id')).toBe('e.2');
    server.calls[2]?.push(frame('devices.status', { device_id: 'd1', status: 'OFFLINE', at: 'now' }, 'e.3'));
    await until(() => events.length === 3, 'the resumed event');
    sub.stop();
    const made = server.calls.length;
    await new Promise((r) => setTimeout(r, 60));
    expect(server.calls.length).toBe(made);
  });

  it('gives up on 403 and 404 (no access to the space) and when the user is signed out', async () => {
    for (const code of [403, 404]) {
      const server = streamingFetch(() => code);
      const statuses: StreamStatus[] = [];
      subscribeLive({
        url: '/live',
        getAccessToken: async () => 'tok',
        fetch: server.fetch,
        onEvent: () => undefined,
        onStatus: (s) => statuses.push(s),
        ...fast,
      });
      await until(() => statuses.at(-1) === 'closed', `closed after ${code}`);
      await new Promise((r) => setTimeout(r, 40));
      expect(server.calls).toHaveLength(1);
    }
    const server = streamingFetch();
    const statuses: StreamStatus[] = [];
    subscribeLive({
      url: '/live',
      getAccessToken: async () => {
        throw new Error('signed out');
      },
      fetch: server.fetch,
      onEvent: () => undefined,
      onStatus: (s) => statuses.push(s),
      ...fast,
    });
    await until(() => statuses.at(-1) === 'closed', 'closed when signed out');
    expect(server.calls).toHaveLength(0);
  });

  it('drops a silent connection and makes a new one', async () => {
    const server = streamingFetch();
    const sub = subscribeLive({
      url: '/live',
      getAccessToken: async () => 'tok',
      fetch: server.fetch,
      onEvent: () => undefined,
      idleTimeoutMs: 30,
      ...fast,
    });
    await until(() => server.calls.length >= 2, 'a second connection');
    expect(server.calls[0]?.signal.aborted).toBe(true);
    sub.stop();
  });
});

describe('subscribeOnboardings', () => {
  it('delivers the lists and an empty list when the stream fails', async () => {
    const server = streamingFetch();
    const lists: Onboarding[][] = [];
    const sub = subscribeOnboardings({
      url: '/provisioning/v1/onboarding/sse',
      getAccessToken: async () => 'tok',
      fetch: server.fetch,
      onList: (l) => lists.push(l),
      ...fast,
    });
    await until(() => server.calls.length === 1, 'the request');
    const o: Onboarding = {
      id: 'o1',
      device_id: 'd1',
      device_name: 'kitchen',
      provisioned_at: null,
      ended_at: null,
      deleted_at: null,
    };
    server.calls[0]?.push(frame('onboardings', { onboardings: [o] }));
    await until(() => lists.length === 1, 'the list');
    expect(lists[0]).toEqual([o]);
    server.calls[0]?.end();
    await until(() => lists.length === 2, 'the empty list');
    expect(lists[1]).toEqual([]);
    sub.stop();
  });
});

describe('createLiveSource', () => {
  const source = (server: ReturnType<typeof streamingFetch>) =>
    createLiveSource({
      url: '/live',
      getAccessToken: async () => 'tok',
      fetch: server.fetch,
      lingerMs: 20,
      ...fast,
    });

  it('shares one stream per space among its subscribers and closes it a while after the last leaves', async () => {
    const server = streamingFetch();
    const live = source(server);
    const a: unknown[] = [];
    const b: unknown[] = [];
    const openA: boolean[] = [];
    const openB: boolean[] = [];
    const leaveA = live.subscribe('team-1', { onMessage: (m) => a.push(m), onOpen: (o) => openA.push(o) });
    await until(() => server.calls.length === 1, 'the stream');
    expect(server.calls[0]?.headers.get('x-organization')).toBe('team-1');
    server.calls[0]?.push(': open\n\n');
    await until(() => openA.length === 1, 'open');
    const leaveB = live.subscribe('team-1', { onMessage: (m) => b.push(m), onOpen: (o) => openB.push(o) });
    expect(openB).toEqual([true]);
    server.calls[0]?.push(frame('things.updated', { thing_id: 't1' }, 'e.1'));
    await until(() => a.length === 1 && b.length === 1, 'the event on both');
    expect(a).toEqual([{ type: 'things.updated', data: { thing_id: 't1' } }]);
    expect(server.calls).toHaveLength(1);

    leaveA();
    leaveB();
    // Back within the linger time: the same stream.
    const leaveC = live.subscribe('team-1', { onMessage: () => undefined });
    await new Promise((r) => setTimeout(r, 40));
    expect(server.calls[0]?.signal.aborted).toBe(false);
    leaveC();
    await until(() => server.calls[0]?.signal.aborted ?? false, 'the stream to close');
    expect(server.calls).toHaveLength(1);
  });

  it('closes an unused stream at once when a page subscribes to another space, and everything on stop', async () => {
    const server = streamingFetch();
    const live = source(server);
    const leave = live.subscribe('my-cloud', { onMessage: () => undefined });
    await until(() => server.calls.length === 1, 'the My Cloud stream');
    expect(server.calls[0]?.headers.get('x-organization')).toBeNull();
    leave();
    const opens: boolean[] = [];
    live.subscribe('team-1', { onMessage: () => undefined, onOpen: (o) => opens.push(o) });
    expect(server.calls[0]?.signal.aborted).toBe(true);
    await until(() => server.calls.length === 2, 'the team stream');
    server.calls[1]?.push(': open\n\n');
    await until(() => opens.length === 1, 'open');
    live.stop();
    expect(server.calls[1]?.signal.aborted).toBe(true);
    expect(opens).toEqual([true, false]);
  });
  it('hands what came while the stream lingered to the page that joins it', async () => {
    const server = streamingFetch();
    const live = source(server);
    const leave = live.subscribe('team-1', { onMessage: () => undefined });
    await until(() => server.calls.length === 1, 'the stream');
    leave();
    // The next page's chunk is still loading when the change arrives.
    server.calls[0]?.push(frame('devices.updated', { device_id: 'd2' }, 'e.1'));
    await new Promise((r) => setTimeout(r, 5));
    const next: unknown[] = [];
    live.subscribe('team-1', { onMessage: (m) => next.push(m) });
    expect(next).toEqual([{ type: 'devices.updated', data: { device_id: 'd2' } }]);
    expect(server.calls).toHaveLength(1);
    live.stop();
  });

  it('holds the events a subscriber does not handle for the page that does, once', async () => {
    const server = streamingFetch();
    const live = source(server);
    const bell: unknown[] = [];
    live.subscribe('team-1', { types: ['notifications.created'], onMessage: (m) => bell.push(m) });
    await until(() => server.calls.length === 1, 'the stream');
    server.calls[0]?.push(frame('things.updated', { thing_id: 't1' }, 'e.1'));
    server.calls[0]?.push(frame('notifications.created', { notification_id: 'n1', user_id: 'u1' }));
    await until(() => bell.length === 1, 'the notification');
    expect(bell).toEqual([{ type: 'notifications.created', data: { notification_id: 'n1', user_id: 'u1' } }]);
    const page: unknown[] = [];
    live.subscribe('team-1', { onMessage: (m) => page.push(m) });
    expect(page).toEqual([{ type: 'things.updated', data: { thing_id: 't1' } }]);
    const another: unknown[] = [];
    live.subscribe('team-1', { onMessage: (m) => another.push(m) });
    expect(another).toEqual([]);
    live.stop();
  });

  it('gives a page a new connection, with every subscriber on it, when more came than it holds', async () => {
    const server = streamingFetch();
    const live = source(server);
    const opens: boolean[] = [];
    const leaveBell = live.subscribe('team-1', {
      types: ['notifications.created'],
      onMessage: () => undefined,
      onOpen: (o) => opens.push(o),
    });
    await until(() => server.calls.length === 1, 'the stream');
    server.calls[0]?.push(': open\n\n');
    await until(() => opens.length === 1, 'open');
    for (let i = 0; i <= LIVE_HOLD_MAX; i += 1)
      server.calls[0]?.push(frame('things.updated', { thing_id: `t${i}` }, `e.${i}`));
    await new Promise((r) => setTimeout(r, 20));
    const page: unknown[] = [];
    const leavePage = live.subscribe('team-1', { onMessage: (m) => page.push(m) });
    expect(server.calls[0]?.signal.aborted).toBe(true);
    await until(() => server.calls.length === 2, 'the new connection');
    server.calls[1]?.push(': open\n\n');
    await until(() => opens.length === 3, 'the bell told of the new connection');
    expect(opens).toEqual([true, false, true]);
    server.calls[1]?.push(frame('snapshot', snapshot, 'e.900'));
    await until(() => page.length === 1, 'the snapshot');
    leavePage();
    leaveBell();
    await until(
      () => server.calls[1]?.signal.aborted ?? false,
      'the new stream to close after the last leaves',
    );
  });
});
