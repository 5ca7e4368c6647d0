import type { QueryClient } from '@tanstack/react-query';
import { parseLiveStreamEvent } from '@tinkercloud/shared';
import { logger } from '@/lib/logger.ts';
import { readAgain } from '@/lib/query-client.ts';
import { MESSAGES_LIMIT, type Message } from '../api/messages.ts';
import { iotKeys } from '../api/query-keys.ts';
import type { Device, DeviceStatusEvent, Property } from '../api/schemas.ts';
import type { ChartSeries, ThingSeries } from '../api/series.ts';
import { chartValue } from '../model/chart-value.ts';
import { LIVE_WINDOW_MS } from '../model/graph-window.ts';
import type { LiveMessage } from './live-events.ts';

const newer = (next: string, current: string | undefined) =>
  current === undefined || Date.parse(next) >= Date.parse(current);

/** A property's new value, unless the cache already holds a later one (events can overtake a refetch). */
function withValue(list: Property[], id: string, value: unknown, at: string): Property[] | undefined {
  const index = list.findIndex((p) => p.id === id);
  const current = list[index];
  if (!current) return undefined;
  if (!newer(at, current.value_updated_at)) return list;
  const next = [...list];
  next[index] = { ...current, last_value: value, value_updated_at: at };
  return next;
}

/** Appends a value to the Live chart's line and forgets what slid out of its window. */
function withPoint(cache: ThingSeries, propertyId: string, value: unknown, at: string): ThingSeries {
  const v = chartValue(value);
  const t = Date.parse(at);
  const index = cache.series.findIndex((s) => s.propertyId === propertyId);
  const line = cache.series[index];
  if (v === null || !Number.isFinite(t) || !line) return cache;
  const last = line.points[line.points.length - 1];
  if (last && last.t >= t) return cache;
  const points = [...line.points, { t, v }].filter((p) => p.t >= t - LIVE_WINDOW_MS);
  const series: ChartSeries[] = [...cache.series];
  series[index] = { ...line, points };
  return { ...cache, to: Math.max(cache.to, t), series };
}

/** Puts a value on top of a messenger's list, unless it holds that value or a later one already. */
function withMessage(list: Message[], value: unknown, at: string): Message[] {
  const first = list[0];
  if (first && Date.parse(at) <= Date.parse(first.at)) return list;
  return [{ at, value }, ...list].slice(0, MESSAGES_LIMIT);
}

function setDeviceStatus(
  queryClient: QueryClient,
  space: string,
  id: string,
  status: Device['device_status'],
  at?: string,
) {
  const patch = (device: Device): Device => ({
    ...device,
    device_status: status,
    ...(at ? { last_activity_at: at } : {}),
  });
  queryClient.setQueryData<Device[]>(iotKeys.devices(space), (list) =>
    list?.map((device) => (device.id === id ? patch(device) : device)),
  );
  queryClient.setQueryData<Device>(iotKeys.device(space, id), (device) => device && patch(device));
}

function setPropertyValue(
  queryClient: QueryClient,
  space: string,
  thingId: string,
  propertyId: string,
  value: unknown,
  at: string,
) {
  const key = iotKeys.thingProperties(space, thingId);
  const list = queryClient.getQueryData<Property[]>(key);
  if (list) {
    const next = withValue(list, propertyId, value, at);
    // A property the cache does not know yet: the thing changed, read it again.
    if (next === undefined) void readAgain(queryClient, key);
    else if (next !== list) queryClient.setQueryData(key, next);
  }
  queryClient.setQueryData<ThingSeries>(
    iotKeys.series(space, thingId, 'LIVE'),
    (cache) => cache && withPoint(cache, propertyId, value, at),
  );
  queryClient.setQueryData<Message[]>(
    iotKeys.messages(space, thingId, propertyId),
    (list) => list && withMessage(list, value, at),
  );
}

/**
 * Writes one live event of the space into the query caches of the device and thing pages (see
 * `api/query-keys.ts`). Only caches that exist are touched: nothing is fetched for pages nobody looks at.
 * A message that does not match the documented shapes is logged and ignored.
 */
export function applyLiveEvent(queryClient: QueryClient, space: string, message: LiveMessage) {
  const event = parseLiveStreamEvent(message.type, message.data);
  if (!event) {
    logger.info(`Live event ${message.type} ignored: not one the stream documents`);
    return;
  }
  switch (event.type) {
    case 'snapshot':
      // A new connection: changes announced before it opened were heard by nobody, so the lists on screen
      // (read before it, maybe just before a change) are read again; unchanged ones answer 304.
      void readAgain(queryClient, iotKeys.devices(space));
      void readAgain(queryClient, iotKeys.things(space));
      void readAgain(queryClient, iotKeys.dashboards(space));
      for (const device of event.data.devices) {
        const status = device.status === 'ONLINE' || device.status === 'OFFLINE' ? device.status : 'UNKNOWN';
        setDeviceStatus(queryClient, space, device.id, status);
      }
      for (const p of event.data.properties) {
        if (p.value_updated_at)
          setPropertyValue(queryClient, space, p.thing_id, p.id, p.value, p.value_updated_at);
      }
      return;
    case 'properties.value': {
      const { thing_id, property_id, value, updated_at } = event.data;
      setPropertyValue(queryClient, space, thing_id, property_id, value, updated_at);
      return;
    }
    case 'devices.status': {
      const { device_id, status, at } = event.data;
      setDeviceStatus(queryClient, space, device_id, status, at);
      const entry: DeviceStatusEvent = {
        updated_at: at,
        value: status === 'ONLINE' ? 'CONNECTED' : 'DISCONNECTED',
      };
      queryClient.setQueryData<DeviceStatusEvent[]>(iotKeys.deviceStatus(space, device_id), (history) =>
        history && !history.some((e) => e.updated_at === at && e.value === entry.value)
          ? [entry, ...history]
          : history,
      );
      return;
    }
    case 'things.updated':
      // Its variables, binding or name changed: read again what is on screen (prefix: properties, series).
      void readAgain(queryClient, iotKeys.thing(space, event.data.thing_id));
      void readAgain(queryClient, iotKeys.things(space));
      void readAgain(queryClient, iotKeys.devices(space));
      return;
    case 'devices.updated':
      void readAgain(queryClient, iotKeys.device(space, event.data.device_id));
      void readAgain(queryClient, iotKeys.devices(space));
      void readAgain(queryClient, iotKeys.things(space));
      return;
    case 'dashboards.created':
    case 'dashboards.updated':
    case 'dashboards.deleted':
      // Its widgets, layout or name changed (or it is gone): the list and the open dashboard read again.
      void readAgain(queryClient, iotKeys.dashboard(space, event.data.dashboard_id));
      void readAgain(queryClient, iotKeys.dashboards(space));
      return;
    case 'sketches.updated':
      // Saved elsewhere, or its thing's code regenerated (a new variable): the open sketch reads its entries
      // and files again (unsaved edits stay, they live beside the cache) and so do the lists naming it.
      void readAgain(queryClient, iotKeys.sketch(space, event.data.sketch_id));
      void readAgain(queryClient, iotKeys.sketches(space));
      void readAgain(queryClient, iotKeys.groupList(space, 'sketches'));
      return;
    case 'notifications.created':
      // The user's, not the space's: the bell listens for it (`useNotificationAnnouncements`).
      return;
  }
}
