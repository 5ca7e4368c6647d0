import { randomUUID } from 'node:crypto';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import type { ConnectivityHooks } from '../connectivity/hooks.ts';
import { createAnswerCache } from '../iot/common/answer-cache.ts';
import { createIotQuotas } from '../iot/common/quotas.ts';
import type { SpaceRequest } from '../iot/common/space.ts';
import { createDashboardsService } from '../iot/dashboards/dashboards.service.ts';
import { createDevicesService } from '../iot/devices/devices.service.ts';
import { sketchBrokerOf } from '../iot/sketches/sketch-broker.ts';
import { createThingSketchService } from '../iot/sketches/thing-sketch.service.ts';
import { createThingsService } from '../iot/things/things.service.ts';
import type { EventBus } from '../live/live-event.ts';
import { createSpaceResolver } from '../spaces/space-access.ts';
import type { TelemetryStore } from '../telemetry/telemetry-store.ts';
import { DEMO_PROPERTIES, type DemoVariable } from './demo-device.ts';
import type { DemoKeyOf } from './demo-keys.ts';

/** Marks what the demo made, so the server finds its devices again at start (and users see what it is). */
export const DEMO_TAG = { key: 'demo', value: 'true' } as const;
const DEMO_NAMES = {
  device: 'Demo_device',
  thing: 'Demo thing',
  dashboard: 'Demo dashboard',
} as const;

interface DemoResources {
  deviceId: string;
  thingId: string;
  dashboardId: string;
}

type Widget = {
  type: string;
  name: string;
  vars: DemoVariable[];
  x: number;
  y: number;
  w: number;
  h: number;
};
const WIDGETS: Widget[] = [
  { type: 'value', name: 'Temperature', vars: ['temperature'], x: 0, y: 0, w: 2, h: 2 },
  { type: 'value', name: 'Humidity', vars: ['humidity'], x: 2, y: 0, w: 2, h: 2 },
  { type: 'value', name: 'Counter', vars: ['counter'], x: 4, y: 0, w: 2, h: 2 },
  { type: 'switch', name: 'LED', vars: ['led'], x: 6, y: 0, w: 2, h: 2 },
  {
    type: 'chart',
    name: 'Temperature and humidity',
    vars: ['temperature', 'humidity'],
    x: 0,
    y: 2,
    w: 6,
    h: 4,
  },
  { type: 'messenger', name: 'Messages', vars: ['message'], x: 6, y: 2, w: 2, h: 4 },
];

/**
 * Makes the demo device, thing and dashboard of a user's My Cloud through the IoT services, the same rules and
 * announcements as the API (quotas, live events, the broker's hooks); the device key is set through its `pass`
 * service, so only its hash is stored.
 */
export function createDemoResources(deps: {
  config: Pick<Config, 'productSlug' | 'productName' | 'mqtt' | 'publicUrl'>;
  db: Database;
  events?: EventBus;
  telemetry: TelemetryStore;
  connectivity?: ConnectivityHooks;
}) {
  const resolve = createSpaceResolver(deps.db);
  const quotas = createIotQuotas({ config: deps.config });
  const devices = createDevicesService({
    db: deps.db,
    resolve,
    quotas,
    events: deps.events,
    telemetry: deps.telemetry,
    // Lists are the API's business; nothing is listed here.
    listCache: createAnswerCache({ maxBytes: 0 }),
    connectivity: deps.connectivity,
  });
  const things = createThingsService({
    db: deps.db,
    resolve,
    quotas,
    events: deps.events,
    connectivity: deps.connectivity,
  });
  const dashboards = createDashboardsService({ db: deps.db, resolve, events: deps.events });
  // The thing's code, so a newcomer opens a sketch that already matches the demo thing's variables.
  const sketches = createThingSketchService({
    db: deps.db,
    resolve,
    things,
    quotas,
    events: deps.events,
    broker: sketchBrokerOf(deps.config),
  });

  return async function create(userId: string, keyOf: DemoKeyOf): Promise<DemoResources> {
    // The user's own My Cloud, as if they had called the API themselves.
    const me: SpaceRequest = { actorId: userId, header: undefined, keySpace: undefined };
    const device = await devices.create(me, {
      name: DEMO_NAMES.device,
      type: 'login_and_secretkey_wifi',
      fqbn: 'esp32:esp32:esp32',
      connection_type: 'wifi',
    });
    await devices.putTag(me, device.id, DEMO_TAG);
    await devices.setPass(me, device.id, keyOf(device.id));
    const thing = await things.create(
      me,
      {
        name: DEMO_NAMES.thing,
        device_id: device.id,
        tags: [DEMO_TAG],
        properties: DEMO_PROPERTIES.map((p) => ({
          name: p.name,
          variable_name: p.name,
          type: p.type,
          permission: p.permission,
          update_strategy: 'ON_CHANGE' as const,
        })),
      },
      false,
    );
    await sketches.create(me, thing.id, 'v2');
    const idOf = new Map((thing.properties ?? []).map((p) => [p.name, p.id]));
    const dashboard = await dashboards.create(
      me,
      {
        name: DEMO_NAMES.dashboard,
        widgets: WIDGETS.map((w) => ({
          id: randomUUID(),
          type: w.type,
          name: w.name,
          options: {},
          x: w.x,
          y: w.y,
          width: w.w,
          height: w.h,
          variables: w.vars.map((v) => idOf.get(v) as string),
        })),
      },
      2,
    );
    return { deviceId: device.id, thingId: thing.id, dashboardId: dashboard.id };
  };
}
