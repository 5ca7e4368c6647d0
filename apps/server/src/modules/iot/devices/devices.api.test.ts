import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { iotDeviceSecrets, iotDevices } from '../../../db/schema/index.ts';
import { iotTestApp } from '../testing/iot-fixtures.ts';

const { t, f } = await iotTestApp();
afterAll(() => t.close());

const UHWID = 'a'.repeat(64);

describe('devices v2', () => {
  it('creates with PUT (201, devicev2 media type) and shows the upstream shape', async () => {
    const user = await t.createUser();
    const res = await f.call(user.id, 'PUT', '/iot/v2/devices', {
      type: 'nano_33_iot',
      name: 'kitchen-board',
      serial: 'SN-001',
      connection_type: 'wifi',
      unique_hardware_id: UHWID,
      wifi_fw_version: '1.5.0',
    });
    expect(res.statusCode).toBe(201);
    expect(res.headers['content-type']).toMatch(/^application\/vnd\.arduino\.devicev2\+json(;|$)/);
    const device = res.json();
    expect(device).toMatchObject({
      href: `/iot/v2/devices/${device.id}`,
      name: 'kitchen-board',
      label: 'Arduino NANO 33 IoT',
      serial: 'SN-001',
      type: 'nano_33_iot',
      user_id: user.id,
      fqbn: 'arduino:samd:nano_33_iot',
      connection_type: 'wifi',
      device_status: 'UNKNOWN',
      unique_hardware_id: UHWID,
      wifi_fw_version: '1.5.0',
      ota_compatible: true,
      no_sketch: false,
      tags: {},
    });
    expect(device).not.toHaveProperty('organization_id');
    expect(device).not.toHaveProperty('thing');
    const shown = await f.call(user.id, 'GET', `/iot/v2/devices/${device.id}`);
    expect(shown.statusCode).toBe(200);
    expect(shown.json()).toEqual(device);
  });

  it('lists with the collection media type and filters by serial, hardware id and repeated tags', async () => {
    const user = await t.createUser();
    const a = await f.device(user.id, { name: 'a', serial: 'S-A', unique_hardware_id: UHWID });
    const b = await f.device(user.id, { name: 'b', serial: 'S-B' });
    const c = await f.device(user.id, { name: 'c', serial: 'S-C' });
    for (const [id, key, value] of [
      [a.id, 'room', 'lab'],
      [a.id, 'floor', '1'],
      [b.id, 'room', 'lab'],
      [c.id, 'room', 'office'],
    ] as const) {
      expect((await f.call(user.id, 'PUT', `/iot/v2/devices/${id}/tags`, { key, value })).statusCode).toBe(
        200,
      );
    }
    const list = await f.call(user.id, 'GET', '/iot/v2/devices');
    expect(list.headers['content-type']).toMatch(
      /^application\/vnd\.arduino\.devicev2\+json; type=collection/,
    );
    expect(list.json().map((d: { name: string }) => d.name)).toEqual(['a', 'b', 'c']);
    const names = async (query: string) =>
      (await f.call(user.id, 'GET', `/iot/v2/devices?${query}`)).json().map((d: { name: string }) => d.name);
    expect(await names('serial=S-B')).toEqual(['b']);
    expect(await names(`unique_hardware_id=${UHWID}`)).toEqual(['a']);
    expect(await names('tags=room:lab')).toEqual(['a', 'b']);
    expect(await names('tags=room:lab&tags=floor:1')).toEqual(['a']);
    expect(await names('tags=room:garage')).toEqual([]);
    const bad = await f.call(user.id, 'GET', '/iot/v2/devices?tags=room');
    expect(bad.statusCode).toBe(400);
    expect(bad.headers['content-type']).toBe('application/vnd.goa.error+json');
    expect(bad.json()).toMatchObject({ code: 'validation_error', status: 400 });
  });

  it('updates with POST, keeps what is not sent, and refuses invalid fields', async () => {
    const user = await t.createUser();
    const d = await f.device(user.id, { name: 'old', serial: 'X1' });
    const res = await f.call(user.id, 'POST', `/iot/v2/devices/${d.id}`, { name: 'new-name', locked: true });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ name: 'new-name', serial: 'X1', locked: true });
    for (const body of [
      { name: 'has space' },
      { name: 'x'.repeat(65) },
      { type: 'toaster' },
      { unique_hardware_id: 'short' },
      { ble_mac: 'zz:zz' },
      { wifi_fw_version: 'v1' },
      { connection_type: 'carrier-pigeon' },
      { locked: 'yes' },
    ]) {
      const bad = await f.call(user.id, 'POST', `/iot/v2/devices/${d.id}`, body);
      expect(bad.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await f.call(user.id, 'GET', `/iot/v2/devices/${d.id}`)).json().name).toBe('new-name');
  });

  it('soft-deletes (200, no body), lists it with show_deleted, restores with soft_deleted: false, then deletes for good', async () => {
    const user = await t.createUser();
    const d = await f.device(user.id, { name: 'gone' });
    const del = await f.call(user.id, 'DELETE', `/iot/v2/devices/${d.id}`);
    expect(del.statusCode).toBe(200);
    expect(del.body).toBe('');
    expect((await f.call(user.id, 'GET', `/iot/v2/devices/${d.id}`)).statusCode).toBe(404);
    expect((await f.call(user.id, 'GET', '/iot/v2/devices')).json()).toEqual([]);
    const trash = (await f.call(user.id, 'GET', '/iot/v2/devices?show_deleted=true')).json();
    expect(trash).toHaveLength(1);
    expect(trash[0].deleted_at).toMatch(/^\d{4}-/);
    expect((await f.call(user.id, 'DELETE', `/iot/v2/devices/${d.id}`)).statusCode).toBe(404);
    expect((await f.call(user.id, 'POST', `/iot/v2/devices/${d.id}`, { name: 'x' })).statusCode).toBe(404);
    const restored = await f.call(user.id, 'POST', `/iot/v2/devices/${d.id}`, { soft_deleted: false });
    expect(restored.statusCode).toBe(200);
    expect(restored.json()).not.toHaveProperty('deleted_at');
    expect((await f.call(user.id, 'DELETE', `/iot/v2/devices/${d.id}?force=true`)).statusCode).toBe(200);
    expect(await t.db.select().from(iotDevices).where(eq(iotDevices.id, d.id))).toEqual([]);
    expect((await f.call(user.id, 'DELETE', `/iot/v2/devices/${d.id}?force=true`)).statusCode).toBe(404);
  });

  it('manages tags: list, overwrite, delete, with the upstream patterns', async () => {
    const user = await t.createUser();
    const d = await f.device(user.id);
    await f.call(user.id, 'PUT', `/iot/v2/devices/${d.id}/tags`, { key: 'env', value: 'dev' });
    await f.call(user.id, 'PUT', `/iot/v2/devices/${d.id}/tags`, { key: 'env', value: 'prod' });
    await f.call(user.id, 'PUT', `/iot/v2/devices/${d.id}/tags`, { key: 'owner', value: 'me@home' });
    const tags = await f.call(user.id, 'GET', `/iot/v2/devices/${d.id}/tags`);
    expect(tags.headers['content-type']).toMatch(/^application\/vnd\.arduino\.tags\+json/);
    expect(tags.json()).toEqual({
      tags: [
        { key: 'env', value: 'prod' },
        { key: 'owner', value: 'me@home' },
      ],
    });
    expect((await f.call(user.id, 'DELETE', `/iot/v2/devices/${d.id}/tags/env`)).statusCode).toBe(200);
    expect((await f.call(user.id, 'GET', `/iot/v2/devices/${d.id}`)).json().tags).toEqual({
      owner: 'me@home',
    });
    for (const body of [
      { key: 'a b', value: 'x' },
      { key: 'k', value: '' },
      { key: 'k' },
      { key: 'k'.repeat(65), value: 'v' },
    ]) {
      expect((await f.call(user.id, 'PUT', `/iot/v2/devices/${d.id}/tags`, body)).statusCode).toBe(400);
    }
  });

  it('keeps the secret key hashed: suggests one, sets it once, checks it, removes it', async () => {
    const user = await t.createUser();
    const d = await f.device(user.id, { type: 'login_and_secretkey_wifi', fqbn: 'esp32:esp32:esp32' });
    expect(d).toMatchObject({ label: 'ESP32 Dev Module', fqbn: 'esp32:esp32:esp32' });
    const url = `/iot/v2/devices/${d.id}/pass`;
    expect((await f.call(user.id, 'GET', url)).json()).toEqual({ set: false });
    const suggestion = await f.call(user.id, 'GET', `${url}?suggested_password=true`);
    expect(suggestion.headers['content-type']).toMatch(/^application\/vnd\.arduino\.devicev2\.pass\+json/);
    const password = suggestion.json().suggested_password as string;
    expect(password).toMatch(/^[A-Z2-9]{32}$/);
    const set = await f.call(user.id, 'PUT', url, { password });
    expect(set.statusCode).toBe(200);
    expect(set.json()).toEqual({ set: true });
    const [stored] = await t.db.select().from(iotDeviceSecrets).where(eq(iotDeviceSecrets.deviceId, d.id));
    expect(stored?.secretHash).toMatch(/^scrypt\$/);
    expect(stored?.secretHash).not.toContain(password);
    expect((await f.call(user.id, 'POST', url, { password })).statusCode).toBe(200);
    const wrong = await f.call(user.id, 'POST', url, { password: 'not-the-key' });
    expect(wrong.statusCode).toBe(400);
    expect((await f.call(user.id, 'PUT', url, { password: 'short' })).statusCode).toBe(400);
    expect((await f.call(user.id, 'DELETE', url)).statusCode).toBe(200);
    expect((await f.call(user.id, 'GET', url)).json()).toEqual({ set: false });
  });

  it('shows the bound thing and its properties, takes values as the device would, lists events', async () => {
    const user = await t.createUser();
    const d = await f.device(user.id);
    const thing = await f.thing(user.id, {
      device_id: d.id,
      properties: [
        { name: 'temperature', type: 'TEMPERATURE_C', permission: 'READ_ONLY', update_strategy: 'ON_CHANGE' },
        { name: 'led', type: 'STATUS', permission: 'READ_WRITE', update_strategy: 'ON_CHANGE' },
      ],
    });
    const shown = (await f.call(user.id, 'GET', `/iot/v2/devices/${d.id}`)).json();
    expect(shown.thing).toMatchObject({ id: thing.id, name: 'Thing', device_id: d.id, properties_count: 2 });
    const put = await f.call(user.id, 'PUT', `/iot/v2/devices/${d.id}/properties`, {
      properties: [
        { name: 'temperature', type: 'infer', value: 21.5 },
        { name: 'led', type: 'json', value: 'true' },
      ],
    });
    expect(put.statusCode).toBe(200);
    const props = await f.call(user.id, 'GET', `/iot/v2/devices/${d.id}/properties`);
    expect(props.headers['content-type']).toMatch(/^application\/vnd\.arduino\.devicev2properties\+json/);
    expect(props.json()).toMatchObject({ deviceId: d.id, user_id: user.id, data_retention_days: 30 });
    const byName = Object.fromEntries(
      props.json().properties.map((p: { name: string; last_value: unknown }) => [p.name, p.last_value]),
    );
    expect(byName).toEqual({ temperature: 21.5, led: true });
    const events = (await f.call(user.id, 'GET', `/iot/v2/devices/${d.id}/events`)).json();
    expect(events.id).toBe(d.id);
    expect(events.events.map((e: { name: string; value: unknown }) => [e.name, e.value]).sort()).toEqual([
      ['led', true],
      ['temperature', 21.5],
    ]);
    const tempId = props.json().properties.find((p: { name: string }) => p.name === 'temperature').id;
    const values = (await f.call(user.id, 'GET', `/iot/v2/devices/${d.id}/properties/${tempId}`)).json();
    expect(values).toMatchObject({
      id: tempId,
      name: 'temperature',
      values: [{ value: { payload: '21.5' } }],
    });
    const status = (await f.call(user.id, 'GET', `/iot/v2/devices/${d.id}/status`)).json();
    expect(status).toEqual({ id: d.id, events: [] });
    const wrongType = await f.call(user.id, 'PUT', `/iot/v2/devices/${d.id}/properties`, {
      properties: [{ name: 'temperature', value: 'hot' }],
    });
    expect(wrongType.statusCode).toBe(400);
    const unknown = await f.call(user.id, 'PUT', `/iot/v2/devices/${d.id}/properties`, {
      properties: [{ name: 'nope', value: 1 }],
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('lists the supported boards and the property types to signed-in callers only', async () => {
    const user = await t.createUser();
    const boards = await f.call(user.id, 'GET', '/iot/v1/supported/devices');
    expect(boards.statusCode).toBe(200);
    expect(boards.json()).toContainEqual(
      expect.objectContaining({
        type: 'unor4wifi',
        fqbn: 'arduino:renesas_uno:unor4wifi',
        vendor: 'Arduino',
      }),
    );
    const types = await f.call(user.id, 'GET', '/iot/v1/property_types');
    expect(types.headers['content-type']).toMatch(
      /^application\/vnd\.arduino\.propertytype\+json; type=collection/,
    );
    expect(types.json()).toHaveLength(104);
    expect((await f.call(null, 'GET', '/iot/v1/supported/devices')).statusCode).toBe(401);
    expect((await f.call(null, 'GET', '/iot/v1/property_types')).statusCode).toBe(401);
  });

  it('answers 400 for invalid ids and bodies, 401 without a token, and changes nothing', async () => {
    const user = await t.createUser();
    expect((await f.call(user.id, 'GET', '/iot/v2/devices/not-a-uuid')).statusCode).toBe(400);
    expect((await f.call(user.id, 'PUT', '/iot/v2/devices', {})).statusCode).toBe(400);
    expect(
      (await f.call(user.id, 'PUT', '/iot/v2/devices', { type: 'mkr1000', name: '<script>' })).statusCode,
    ).toBe(400);
    const notJson = await t.app.inject({
      method: 'PUT',
      url: '/iot/v2/devices',
      headers: { ...(await f.headersFor(user.id)), 'content-type': 'application/json' },
      payload: '{"type":',
    });
    expect(notJson.statusCode).toBe(400);
    const anonymous = await f.call(null, 'GET', '/iot/v2/devices');
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.headers['content-type']).toBe('application/vnd.goa.error+json');
    expect(anonymous.json()).toMatchObject({
      code: 'unauthorized',
      status: 401,
      detail: 'Authentication error',
    });
    expect((await f.call(user.id, 'GET', '/iot/v2/devices')).json()).toEqual([]);
  });
});
