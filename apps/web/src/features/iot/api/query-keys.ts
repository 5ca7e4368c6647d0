import type { GraphRange } from '@tinkercloud/shared';

/**
 * The TanStack Query keys of the device and thing pages. Live updates (`live/apply-live-event.ts`) write into
 * these caches, so a page shows a new value by reading its query, whatever brought the value (the event
 * stream, a refetch, or a publish from this browser). Every key starts with `iot` and the selected space id
 * (`my-cloud` for My Cloud), so a space change resets them all and two spaces never share an entry.
 *
 * | key | holds |
 * |---|---|
 * | `['iot', space, 'devices']` | `GET /iot/v2/devices`: `Device[]` |
 * | `['iot', space, 'device', id]` | `GET /iot/v2/devices/{id}`: `Device` |
 * | `['iot', space, 'device', id, 'status']` | `GET /iot/v2/devices/{id}/status`: `DeviceStatusEvent[]`, newest first |
 * | `['iot', space, 'device', id, 'ota']` | `GET {ota}/v1/ota?device_id={id}`: `Ota[]`, newest first |
 * | `['iot', space, 'things']` | `GET /iot/v2/things`: `Thing[]` |
 * | `['iot', space, 'things', 'properties']` | `GET /iot/v2/things?show_properties=true`: `ThingWithProperties[]` |
 * | `['iot', space, 'thing', id]` | `GET /iot/v2/things/{id}`: `Thing` |
 * | `['iot', space, 'thing', id, 'properties']` | `GET /iot/v2/things/{id}/properties`: `Property[]` |
 * | `['iot', space, 'thing', id, 'tags']` | `GET /iot/v2/things/{id}/tags`: `TagPair[]` |
 * | `['iot', space, 'device' or 'thing', id, 'refused']` | `GET …/refused_values` (`features/devices/api/refused-values.ts`) |
 * | `['iot', 'timezones']` | `GET /iot/v2/timezones`: `TimezoneInfo[]` (the same in every space) |
 * | `['iot', space, 'thing', id, 'series', range]` | the chart series of the thing's numeric variables |
 * | `['iot', space, 'triggers']` | `GET /iot/v1/triggers`: `Trigger[]` |
 * | `['iot', space, 'thing', id, 'messages', propertyId]` | the latest raw values of one variable, newest first |
 * | `['iot', space, 'dashboards']` | `GET /iot/v2/dashboards`: `Dashboard[]` |
 * | `['iot', space, 'dashboard', id]` | `GET /iot/v2/dashboards/{id}`: `Dashboard` |
 * | `['iot', space, 'groups', ...]` | the lists' folders, placement and trash (`features/lists/api/group-keys.ts`) |
 * | `['iot', space, 'sketches']` | `GET /groups/v1/sketches`: the sketches as group items (`GroupItem[]`) |
 * | `['iot', space, 'sketch', id, ...]` | one sketch, its files and secrets (`features/sketches/api/sketch-keys.ts`) |
 */
export const iotKeys = {
  space: (space: string) => ['iot', space] as const,
  devices: (space: string) => ['iot', space, 'devices'] as const,
  device: (space: string, id: string) => ['iot', space, 'device', id] as const,
  deviceStatus: (space: string, id: string) => ['iot', space, 'device', id, 'status'] as const,
  deviceOta: (space: string, id: string) => ['iot', space, 'device', id, 'ota'] as const,
  things: (space: string) => ['iot', space, 'things'] as const,
  /** Under `things`, so whatever refreshes the things list refreshes the variable names too. */
  thingsWithProperties: (space: string) => ['iot', space, 'things', 'properties'] as const,
  thing: (space: string, id: string) => ['iot', space, 'thing', id] as const,
  thingProperties: (space: string, id: string) => ['iot', space, 'thing', id, 'properties'] as const,
  thingTags: (space: string, id: string) => ['iot', space, 'thing', id, 'tags'] as const,
  timezones: () => ['iot', 'timezones'] as const,
  series: (space: string, thingId: string, range: GraphRange) =>
    ['iot', space, 'thing', thingId, 'series', range] as const,
  triggers: (space: string) => ['iot', space, 'triggers'] as const,
  messages: (space: string, thingId: string, propertyId: string) =>
    ['iot', space, 'thing', thingId, 'messages', propertyId] as const,
  dashboards: (space: string) => ['iot', space, 'dashboards'] as const,
  dashboard: (space: string, id: string) => ['iot', space, 'dashboard', id] as const,
  sketches: (space: string) => ['iot', space, 'sketches'] as const,
  /** One sketch: its entries, files and secrets below it (`features/sketches/api/sketch-keys.ts`). */
  sketch: (space: string, id: string) => ['iot', space, 'sketch', id] as const,
  /** One group list with its folders (`features/lists/api/group-keys.ts`). */
  groupList: (space: string, list: string) => ['iot', space, 'groups', list] as const,
};
