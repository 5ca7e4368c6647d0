import { dashboardCopyName, type RefusedValue, toErrorBody } from '@tinkercloud/shared';
import type { Dashboard, Widget } from '@/features/dashboards/api/dashboard-schemas.ts';
import type { Ota } from '@/features/devices/api/ota.ts';
import {
  type FakeGroupsState,
  fakeGroups,
  type KindStore,
  type Named,
} from '@/features/lists/testing/fake-groups.ts';
import { type FakeSketchContent, fakeSketches } from '@/features/sketches/testing/fake-sketches.ts';
import { ApiError, type RequestOptions } from '@/lib/api.ts';
import type { Handler } from '@/test/app-harness.tsx';
import type { Device, DeviceStatusEvent, Property, Thing, Trigger } from '../api/schemas.ts';
import { isChartable } from '../model/value-kind.ts';

export interface Call {
  method: string;
  url: string;
  body: unknown;
  organization: string | undefined;
}

export interface FakeIotState {
  devices: Device[];
  things: Thing[];
  properties: Property[];
  triggers: Trigger[];
  dashboards: Dashboard[];
  statuses: Record<string, DeviceStatusEvent[]>;
  /** OTA updates per device id, newest first (the OTA host's `/v1/ota`). */
  otas: Record<string, Ota[]>;
  /** Stored values per property id, oldest first. */
  values: Record<string, { at: string; value: unknown }[]>;
  /** The secret key the server proposes. */
  suggestedKey: string;
  failSettingKey: boolean;
  failList: boolean;
  failTriggers: boolean;
  /** Sketches as group items (the web has no sketch list of its own); their files are `sketchContent`'s. */
  sketches: Named[];
  /** Files and secrets per sketch id (`features/sketches/testing/fake-sketches.ts`); a blank .ino if absent. */
  sketchContent: Record<string, FakeSketchContent>;
  /** What each device sent that was refused (`…/refused_values`, a thing's through its device). */
  refused: Record<string, RefusedValue[]>;
}

const apiError = (status: number, detail: string) =>
  new ApiError(toErrorBody({ code: status === 404 ? 'not_found' : 'unexpected_error', detail, status }));

/**
 * An in-memory stand-in for the IoT REST API of one space, for page tests: it answers the calls the device,
 * thing and trigger pages make, keeps what they change, and records every call (`calls` for `/iot`,
 * `groups.calls` for the lists' `/groups/v1`, `sketches.calls` for the files host). A DELETE without force sends the record to the trash.
 */
export function fakeIot(seed: Partial<FakeIotState> = {}, groupsSeed: Partial<FakeGroupsState> = {}) {
  const state: FakeIotState = {
    devices: [],
    things: [],
    properties: [],
    triggers: [],
    dashboards: [],
    statuses: {},
    otas: {},
    values: {},
    suggestedKey: 'K3yShownOnce0123456789abcdefghij',
    failSettingKey: false,
    failList: false,
    failTriggers: false,
    sketches: [],
    sketchContent: {},
    refused: {},
    ...seed,
  };
  const calls: Call[] = [];
  let created = 0;

  // The soft delete of spec 7.4: a DELETE without force sends the record to its kind's trash.
  const store = <T extends Named>(live: () => T[], put: (record: T) => void): KindStore => ({
    live,
    trash: [],
    restore: (record) => put(record as T),
  });
  const stores = {
    DEVICE: store(
      () => state.devices,
      (d) => state.devices.push(d),
    ),
    THING: store(
      () => state.things,
      (t) => state.things.push(t),
    ),
    DASHBOARD: store(
      () => state.dashboards,
      (d) => state.dashboards.push(d),
    ),
    TRIGGER: store(
      () => state.triggers,
      (t) => state.triggers.push(t),
    ),
    SKETCH: store(
      () => state.sketches,
      (x) => state.sketches.push(x),
    ),
  };
  const groups = fakeGroups(stores, groupsSeed);
  const softDelete = (kind: keyof typeof stores, record: Named, url: string) => {
    if (!url.includes('force=true')) {
      stores[kind].trash.push({ record, deleted_at: new Date().toISOString() });
    }
  };

  const sketches = fakeSketches({
    list: () => state.sketches,
    placement: groups.state.placement,
    content: state.sketchContent,
    trash: (record) => {
      softDelete('SKETCH', record, '');
      state.sketches = state.sketches.filter((x) => x.id !== record.id);
    },
  });

  const device = (id: string) => {
    const found = state.devices.find((d) => d.id === id);
    if (!found) throw apiError(404, 'Device not found');
    return found;
  };
  const thing = (id: string) => {
    const found = state.things.find((t) => t.id === id);
    if (!found) throw apiError(404, 'Thing not found');
    return found;
  };

  function series(body: unknown, raw: boolean) {
    const request = (body as { requests: { q: string; from?: string; to?: string; series_limit?: number }[] })
      .requests[0];
    // `thing.{id}` asks for every variable of a thing, `property.{id}` for one.
    const [scope, target] = request?.q.split('.') ?? [];
    const from = request?.from ? Date.parse(request.from) : Number.NEGATIVE_INFINITY;
    const to = request?.to ? Date.parse(request.to) : Number.POSITIVE_INFINITY;
    return {
      resp_version: 1,
      responses: state.properties
        .filter((p) => (scope === 'property' ? p.id === target : p.thing_id === target))
        .map((p) => {
          const numeric = isChartable(p.type);
          const stored = (state.values[p.id] ?? []).filter((v) => {
            const t = Date.parse(v.at);
            return t >= from && t <= to;
          });
          const kept = raw
            ? [...stored].reverse().slice(0, request?.series_limit ?? stored.length)
            : numeric
              ? stored
              : [];
          return {
            status: raw || numeric ? 'ok' : 'error',
            property_id: p.id,
            property_name: p.name,
            property_type: p.type,
            times: kept.map((v) => v.at),
            values: kept.map((v) => (raw ? v.value : Number(v.value))),
          };
        }),
    };
  }

  const handle: Handler = (url: string, options: RequestOptions) => {
    const grouped = groups.handle(url, options);
    if (grouped !== undefined) return grouped;
    const sketched = sketches.handle(url, options);
    if (sketched !== undefined) return sketched;
    // The OTA host (`hosts.ota`, empty in tests) serves `/v1/ota`.
    if (/^(\/ota)?\/v1\/ota\?/.test(url)) {
      calls.push({
        method: options.method ?? 'GET',
        url,
        body: options.body,
        organization: options.organization,
      });
      const deviceId = new URLSearchParams(url.split('?')[1]).get('device_id') ?? '';
      return { ota: state.otas[deviceId] ?? [] };
    }
    if (!url.startsWith('/iot/')) return undefined;
    const method = options.method ?? 'GET';
    calls.push({ method, url, body: options.body, organization: options.organization });
    const path = url.split('?')[0] ?? url;
    const parts = path.split('/').slice(3); // after /iot/v1 or /iot/v2
    const [collection, id, sub, subId, action] = parts;
    if (collection === 'devices') {
      if (!id) {
        if (method === 'PUT') {
          created += 1;
          const body = options.body as { name: string; type: string };
          const made: Device = {
            id: `00000000-0000-4000-8000-00000000000${created}`,
            name: body.name,
            type: body.type,
            label: 'ESP32 Dev Module',
            fqbn: 'esp32:esp32:esp32',
            device_status: 'UNKNOWN',
          };
          state.devices.push(made);
          return made;
        }
        if (state.failList) throw apiError(500, 'The database is not answering.');
        return state.devices;
      }
      if (sub === 'pass') {
        device(id);
        if (method === 'GET') return { set: false, suggested_password: state.suggestedKey };
        if (state.failSettingKey) throw apiError(500, 'The key could not be stored.');
        return { set: true };
      }
      if (sub === 'status') return { id, events: state.statuses[id] ?? [] };
      if (sub === 'refused_values') {
        device(id);
        if (method === 'DELETE') state.refused[id] = [];
        return method === 'DELETE' ? null : { device_id: id, refused: state.refused[id] ?? [] };
      }
      if (method === 'DELETE') {
        softDelete('DEVICE', device(id), url);
        state.devices = state.devices.filter((d) => d.id !== id);
        return null;
      }
      return device(id);
    }
    if (collection === 'things') {
      if (!id) {
        if (!url.includes('show_properties=true')) return state.things;
        return state.things.map((t) => ({
          ...t,
          properties: state.properties.filter((p) => p.thing_id === t.id),
        }));
      }
      if (sub === 'properties') {
        thing(id);
        if (subId && action === 'publish') {
          const p = state.properties.find((x) => x.id === subId);
          if (!p) throw apiError(404, 'Property not found');
          p.last_value = (options.body as { value: unknown }).value;
          p.value_updated_at = new Date().toISOString();
          // Stored in the history too, as the server does.
          state.values[p.id] = [
            ...(state.values[p.id] ?? []),
            { at: p.value_updated_at, value: p.last_value },
          ];
          return null;
        }
        return state.properties.filter((p) => p.thing_id === id);
      }
      const found = thing(id);
      if (sub === 'refused_values') {
        const deviceId = found.device_id ?? null;
        return { device_id: deviceId, refused: deviceId ? (state.refused[deviceId] ?? []) : [] };
      }
      if (sub === 'sketch' && method === 'PUT') {
        found.sketch_id = sketches.generateForThing(found).id;
        return found;
      }
      if (method === 'DELETE') {
        softDelete('THING', found, url);
        state.things = state.things.filter((t) => t.id !== id);
        return null;
      }
      if (method === 'POST') {
        const deviceId = (options.body as { device_id: string | null }).device_id ?? undefined;
        for (const d of state.devices) {
          // The server omits the field of an unbound device (it never answers null).
          if (d.thing?.id === id) d.thing = undefined;
          if (d.id === deviceId) d.thing = { id, name: found.name };
        }
        found.device_id = deviceId;
        found.device_name = deviceId ? device(deviceId).name : undefined;
        return found;
      }
      return found;
    }
    if (collection === 'triggers' && !id && method === 'GET') {
      if (state.failTriggers) throw apiError(500, 'The database is not answering.');
      return state.triggers;
    }
    if (collection === 'triggers' && id && method === 'DELETE') {
      const found = state.triggers.find((t) => t.id === id);
      if (!found) throw apiError(404, 'Trigger not found');
      softDelete('TRIGGER', found, url);
      state.triggers = state.triggers.filter((t) => t.id !== id);
      return null;
    }
    if (collection === 'dashboards') {
      if (!id) {
        if (method === 'POST') {
          created += 1;
          const made: Dashboard = {
            ...(options.body as { name: string }),
            id: `dashboard-${created}`,
            updated_at: new Date().toISOString(),
            widgets: [],
          };
          state.dashboards.push(made);
          return made;
        }
        if (state.failList) throw apiError(500, 'The database is not answering.');
        return state.dashboards;
      }
      const found = state.dashboards.find((d) => d.id === id);
      if (!found) throw apiError(404, 'Dashboard not found');
      if (method === 'DELETE') {
        softDelete('DASHBOARD', found, url);
        state.dashboards = state.dashboards.filter((d) => d.id !== id);
        return null;
      }
      if (method === 'PUT' && sub === 'clone') {
        created += 1;
        const copy: Dashboard = { ...found, id: `dashboard-${created}`, name: dashboardCopyName(found.name) };
        state.dashboards.push(copy);
        return copy;
      }
      if (method === 'PUT' && !sub) {
        // The widgets' variables come back as the linked variables the page reads.
        const body = options.body as {
          name?: string;
          widgets?: (Omit<Widget, 'variables'> & { variables: string[] })[];
        };
        const linked = (vid: string) => {
          const p = state.properties.find((x) => x.id === vid);
          return p && { ...p, thing_name: state.things.find((t) => t.id === p.thing_id)?.name ?? '' };
        };
        Object.assign(found, {
          ...(body.name ? { name: body.name } : {}),
          ...(body.widgets
            ? {
                widgets: body.widgets.map((w) => ({
                  ...w,
                  variables: w.variables.flatMap((vid) => linked(vid) ?? []),
                })),
              }
            : {}),
        });
        return found;
      }
      return found;
    }
    if (collection === 'series' && method === 'POST' && id === 'export_link') {
      // The link the server would answer: the CSV behind it is the server's business (its API tests).
      return {
        id: 'e1',
        url: 'http://localhost/iot/v2/series/historic_data/e1',
        expires_at: new Date(Date.now() + 300_000).toISOString(),
      };
    }
    if (collection === 'series' && method === 'POST') return series(options.body, id === 'batch_query_raw');
    return undefined;
  };

  return { state, calls, handle, groups, sketches };
}
