import { type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query';
import { LIVE_STREAM_PATH } from '@tinkercloud/shared';
import { useEffect, useSyncExternalStore } from 'react';
import { useAuthState, useServices } from '../../app/services.tsx';
import { type StreamStatus, subscribeLive } from '../../lib/live-events.ts';
import { joinUrl } from '../../lib/urls.ts';
import { applyLiveEvent, type LiveDeviceStatuses, type LivePropertyValues, liveKeys } from './live-cache.ts';

/** A connection lingers this long after its last user unmounts, so a page change does not reconnect. */
export const LINGER_MS = 2000;

interface Connection {
  key: string;
  users: number;
  stop: () => void;
  lingering?: ReturnType<typeof setTimeout>;
}

/** One stream per query cache, shared by every component that uses it. */
const connections = new WeakMap<QueryClient, Connection>();

/** The status of that stream, readable before it opens and after it closes. */
interface StatusStore {
  status: StreamStatus;
  listeners: Set<() => void>;
}
const statuses = new WeakMap<QueryClient, StatusStore>();

function statusStore(queryClient: QueryClient): StatusStore {
  let store = statuses.get(queryClient);
  if (!store) {
    store = { status: 'closed', listeners: new Set() };
    statuses.set(queryClient, store);
  }
  return store;
}

export interface LiveConnectionDeps {
  url: string;
  getAccessToken: () => Promise<string>;
  spaceId: string;
  fetch?: typeof fetch;
}

/**
 * Takes a share of the live stream of `spaceId`, opening it when none is open for that space (and closing the
 * one of another space). Answers the function that gives the share back.
 */
export function acquireLiveConnection(queryClient: QueryClient, deps: LiveConnectionDeps): () => void {
  let conn = connections.get(queryClient);
  if (conn && conn.key !== deps.spaceId) {
    clearTimeout(conn.lingering);
    conn.stop();
    conn = undefined;
  }
  if (!conn) {
    const created: Connection = { key: deps.spaceId, users: 0, stop: () => undefined };
    const store = statusStore(queryClient);
    const sub = subscribeLive({
      url: deps.url,
      getAccessToken: deps.getAccessToken,
      organization: deps.spaceId,
      fetch: deps.fetch,
      onEvent: (event) => applyLiveEvent(queryClient, event),
      onStatus(status) {
        // A stream being replaced reports 'closed' after its successor started: only the current one speaks.
        if (connections.get(queryClient) !== created && status !== 'connecting') return;
        store.status = status;
        for (const l of [...store.listeners]) l();
      },
    });
    created.stop = () => {
      sub.stop();
      if (connections.get(queryClient) === created) connections.delete(queryClient);
    };
    connections.set(queryClient, created);
    conn = created;
  }
  const current = conn;
  clearTimeout(current.lingering);
  current.users += 1;
  let released = false;
  return () => {
    if (released) return;
    released = true;
    current.users -= 1;
    if (current.users > 0) return;
    current.lingering = setTimeout(() => {
      if (current.users === 0) current.stop();
    }, LINGER_MS);
  };
}

/** Closes the stream at once (sign-out), whoever holds a share of it. */
export function stopLiveConnection(queryClient: QueryClient) {
  const conn = connections.get(queryClient);
  if (!conn) return;
  clearTimeout(conn.lingering);
  conn.stop();
}

/**
 * Keeps the query caches of device statuses and property values fresh from the live stream of the selected
 * space while the calling component is mounted: `liveKeys.devices` / `liveKeys.properties` (read them with
 * `useDeviceStatus` / `usePropertyValue`), cached `['devices', id]` and `['things', id]` details, and
 * invalidation of device and thing queries when those change. The stream follows space changes and stops on
 * sign-out. Answers the connection status.
 */
export function useLiveEvents(): StreamStatus {
  const { auth, config, spaces } = useServices();
  const queryClient = useQueryClient();
  const { isAuthenticated } = useAuthState();
  const spaceId = useSyncExternalStore(spaces.selection.subscribe, () => spaces.selected().id);
  // Observed here so the maps outlive the cache's garbage collection while the stream feeds them.
  useLiveMap<LiveDeviceStatuses>(liveKeys.devices);
  useLiveMap<LivePropertyValues>(liveKeys.properties);

  useEffect(() => {
    if (!isAuthenticated) {
      stopLiveConnection(queryClient);
      return;
    }
    return acquireLiveConnection(queryClient, {
      url: joinUrl(config.hosts.api, LIVE_STREAM_PATH),
      getAccessToken: auth.getAccessToken,
      spaceId,
    });
  }, [isAuthenticated, spaceId, queryClient, config.hosts.api, auth.getAccessToken]);

  const store = statusStore(queryClient);
  const status = useSyncExternalStore(
    (listener) => {
      store.listeners.add(listener);
      return () => store.listeners.delete(listener);
    },
    () => store.status,
  );
  return isAuthenticated ? status : 'closed';
}

function useLiveMap<T>(key: readonly string[]) {
  return useQuery<T>({
    queryKey: key,
    // Filled by the stream, never fetched: an empty map until the snapshot arrives.
    queryFn: () => ({}) as T,
    staleTime: Number.POSITIVE_INFINITY,
  }).data;
}

/** The latest status of a device seen on the live stream ('ONLINE', 'OFFLINE', 'UNKNOWN'), if any. */
export function useDeviceStatus(deviceId: string): string | undefined {
  return useLiveMap<LiveDeviceStatuses>(liveKeys.devices)?.[deviceId];
}

/** The latest value of a property seen on the live stream, if any. */
export function usePropertyValue(propertyId: string): LivePropertyValues[string] | undefined {
  return useLiveMap<LivePropertyValues>(liveKeys.properties)?.[propertyId];
}
