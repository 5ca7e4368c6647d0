import { randomUUID } from 'node:crypto';
import {
  batchReadSchema,
  boardListReadSchema,
  certReadSchema,
  dashboardReadSchema,
  deviceReadSchema,
  deviceStatusSchema,
  groupListSchema,
  passSchema,
  propertyReadSchema,
  rawBatchReadSchema,
  thingReadSchema,
  triggerReadSchema,
} from '@tinkercloud/shared';
import { afterAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { iotTestApp, readWriteProperty as prop } from './testing/iot-fixtures.ts';

/**
 * The web reads the IoT API with the readers of @tinkercloud/shared, derived from the schemas the routes
 * answer with. This drives the real routes the web calls and parses each answer as the web does, so a
 * contract change that leaves the web unable to read an answer fails here, not in a browser.
 */

const { t, f } = await iotTestApp();
afterAll(() => t.close());

describe('the web reads the IoT answers with the shared readers', () => {
  it('devices, things, properties, dashboards, triggers, series, groups, keys, certificates and boards', async () => {
    const user = await t.createUser();
    await f.grantPlan(user.id);
    const device = await f.device(user.id, { name: 'bench-1' });
    const thing = await f.thing(user.id, {
      name: 'Bench',
      device_id: device.id,
      properties: [prop('temp', 'FLOAT'), prop('on', 'STATUS')],
    });
    const temp = thing.properties?.find((p) => p.name === 'temp')?.id as string;
    await f.call(user.id, 'PUT', `/iot/v2/things/${thing.id}/properties/${temp}/publish`, { value: 21.5 });
    const dashboard = await f.call(user.id, 'POST', '/iot/v2/dashboards', {
      name: 'Bench overview',
      widgets: [
        { id: randomUUID(), type: 'Value', options: {}, x: 0, y: 0, width: 2, height: 1, variables: [temp] },
      ],
    });
    expect(dashboard.statusCode).toBe(201);
    const trigger = await f.call(user.id, 'PUT', '/iot/v1/triggers', {
      name: 'Too hot',
      property_id: temp,
      condition: { operator: 'GT', value: 30 },
    });
    expect(trigger.statusCode).toBe(201);

    const read = async <S extends z.ZodType>(
      schema: S,
      method: 'GET' | 'POST',
      url: string,
      body?: unknown,
    ) => {
      const res = await f.call(user.id, method, url, body);
      expect(res.statusCode, url).toBeLessThan(300);
      const parsed = schema.safeParse(res.json());
      expect(parsed.success, `${url}: ${parsed.error?.message}`).toBe(true);
      return parsed.data as z.infer<S>;
    };

    const devices = await read(deviceReadSchema.array(), 'GET', '/iot/v2/devices');
    expect(devices).toMatchObject([{ id: device.id, name: 'bench-1', thing: { id: thing.id } }]);
    await read(deviceReadSchema, 'GET', `/iot/v2/devices/${device.id}`);
    await read(deviceStatusSchema, 'GET', `/iot/v2/devices/${device.id}/status?limit=10`);
    await read(passSchema, 'GET', `/iot/v2/devices/${device.id}/pass?suggested_password=true`);
    await read(certReadSchema.array(), 'GET', `/iot/v2/devices/${device.id}/certs`);
    const things = await read(thingReadSchema.array(), 'GET', '/iot/v2/things?show_properties=true');
    expect(things).toMatchObject([{ id: thing.id, properties: [{}, {}] }]);
    await read(thingReadSchema, 'GET', `/iot/v2/things/${thing.id}`);
    const properties = await read(propertyReadSchema.array(), 'GET', `/iot/v2/things/${thing.id}/properties`);
    expect(properties).toContainEqual(expect.objectContaining({ id: temp, last_value: 21.5 }));
    const dashboards = await read(dashboardReadSchema.array(), 'GET', '/iot/v2/dashboards');
    expect(dashboards).toMatchObject([{ name: 'Bench overview', widgets: [{ variables: [{ id: temp }] }] }]);
    await read(dashboardReadSchema, 'GET', `/iot/v2/dashboards/${dashboard.json().id}`);
    const triggers = await read(triggerReadSchema.array(), 'GET', '/iot/v1/triggers');
    expect(triggers).toMatchObject([{ name: 'Too hot', condition: { operator: 'GT' } }]);
    const now = new Date();
    const window = { from: new Date(now.getTime() - 3_600_000).toISOString(), to: now.toISOString() };
    await read(batchReadSchema, 'POST', '/iot/v2/series/batch_query', {
      resp_version: 1,
      requests: [{ q: `thing.${thing.id}`, ...window, interval: 60 }],
    });
    const raw = await read(rawBatchReadSchema, 'POST', '/iot/v2/series/batch_query_raw', {
      resp_version: 1,
      requests: [{ q: `property.${temp}`, ...window, series_limit: 20 }],
    });
    expect(raw.responses[0]?.values).toEqual([21.5]);
    await read(groupListSchema, 'GET', '/groups/v1/all');
    await read(boardListReadSchema, 'GET', '/boards/v1/boards');
  });
});
