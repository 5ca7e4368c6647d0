import type { QueryClient } from '@tanstack/react-query';
import type { LiveStreamEvent } from '@tinkercloud/shared';

/** Latest device statuses by device id ('ONLINE', 'OFFLINE', 'UNKNOWN'). */
export type LiveDeviceStatuses = Record<string, string>;
/** Latest property values by property id. */
export type LivePropertyValues = Record<
  string,
  { thing_id: string; name: string; value: unknown; updated_at: string | null }
>;

/**
 * Where the live stream keeps its state in the query cache. Both are space-scoped (reset on a space change);
 * the stream's snapshot fills them again.
 */
export const liveKeys = {
  devices: ['live', 'devices'] as const,
  properties: ['live', 'properties'] as const,
};

type Patchable = Record<string, unknown>;
type ThingLike = Patchable & { properties?: (Patchable & { id?: unknown })[] };

/** Sets a field on a cached device (`['devices', id]`, the `GET /iot/v2/devices/{id}` answer) if it is cached. */
function patchDevice(queryClient: QueryClient, id: string, status: string) {
  queryClient.setQueryData<Patchable>(['devices', id], (old) =>
    old ? { ...old, device_status: status } : old,
  );
}

/** Sets a property's last value inside a cached thing (`['things', id]` with its `properties`). */
function patchThingProperty(
  queryClient: QueryClient,
  thingId: string,
  propertyId: string,
  value: unknown,
  at: string,
) {
  queryClient.setQueryData<ThingLike>(['things', thingId], (old) => {
    if (!old?.properties?.some((p) => p.id === propertyId)) return old;
    return {
      ...old,
      properties: old.properties.map((p) =>
        p.id === propertyId ? { ...p, last_value: value, value_updated_at: at } : p,
      ),
    };
  });
}

/**
 * Applies one event of the live stream to the query cache: the live maps, the cached device and thing
 * details, and invalidation of device and thing queries (lists included) when those changed.
 */
export function applyLiveEvent(queryClient: QueryClient, event: LiveStreamEvent) {
  switch (event.type) {
    case 'snapshot': {
      const devices: LiveDeviceStatuses = {};
      for (const d of event.data.devices) {
        devices[d.id] = d.status;
        patchDevice(queryClient, d.id, d.status);
      }
      const properties: LivePropertyValues = {};
      for (const p of event.data.properties) {
        properties[p.id] = {
          thing_id: p.thing_id,
          name: p.name,
          value: p.value,
          updated_at: p.value_updated_at,
        };
        if (p.value_updated_at)
          patchThingProperty(queryClient, p.thing_id, p.id, p.value, p.value_updated_at);
      }
      queryClient.setQueryData(liveKeys.devices, devices);
      queryClient.setQueryData(liveKeys.properties, properties);
      return;
    }
    case 'devices.status': {
      const { device_id, status } = event.data;
      queryClient.setQueryData<LiveDeviceStatuses>(liveKeys.devices, (old) => ({
        ...old,
        [device_id]: status,
      }));
      patchDevice(queryClient, device_id, status);
      return;
    }
    case 'properties.value': {
      const { thing_id, property_id, name, value, updated_at } = event.data;
      queryClient.setQueryData<LivePropertyValues>(liveKeys.properties, (old) => {
        const known = old?.[property_id];
        // An older value arriving late (another process, a replay) never replaces a newer one.
        if (known?.updated_at && known.updated_at > updated_at) return old;
        return { ...old, [property_id]: { thing_id, name, value, updated_at } };
      });
      patchThingProperty(queryClient, thing_id, property_id, value, updated_at);
      return;
    }
    case 'things.updated':
      void queryClient.invalidateQueries({ queryKey: ['things'] });
      void queryClient.invalidateQueries({ queryKey: ['groups'] });
      return;
    case 'devices.updated':
      void queryClient.invalidateQueries({ queryKey: ['devices'] });
      void queryClient.invalidateQueries({ queryKey: ['groups'] });
      return;
  }
}
