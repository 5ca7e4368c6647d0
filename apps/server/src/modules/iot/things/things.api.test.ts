import { afterAll, describe, expect, it } from 'vitest';
import { iotTestApp } from '../testing/iot-fixtures.ts';

const { t, f } = await iotTestApp();
afterAll(() => t.close());

const temperature = {
  name: 'temperature',
  type: 'TEMPERATURE_C',
  permission: 'READ_ONLY',
  update_strategy: 'TIMED',
  update_parameter: 10,
};
const led = { name: 'led', type: 'STATUS', permission: 'READ_WRITE', update_strategy: 'ON_CHANGE' };

describe('things v2', () => {
  it('creates with PUT (201) with properties and tags, shows them, lists with the collection type', async () => {
    const user = await t.createUser();
    const res = await f.call(user.id, 'PUT', '/iot/v2/things', {
      name: 'Greenhouse 1',
      timezone: 'Europe/Rome',
      webhook_uri: 'https://example.com/hook',
      webhook_active: true,
      properties: [temperature, led],
      tags: [{ key: 'site', value: 'north' }],
    });
    expect(res.statusCode).toBe(201);
    expect(res.headers['content-type']).toMatch(/^application\/vnd\.arduino\.thing\+json(;|$)/);
    const thing = res.json();
    expect(thing).toMatchObject({
      href: `/iot/v2/things/${thing.id}`,
      name: 'Greenhouse 1',
      timezone: 'Europe/Rome',
      user_id: user.id,
      webhook_uri: 'https://example.com/hook',
      webhook_active: true,
      properties_count: 2,
      tags: { site: 'north' },
    });
    expect(
      thing.properties.map((p: { variable_name: string; tag: number }) => [p.variable_name, p.tag]),
    ).toEqual([
      ['temperature', 1],
      ['led', 2],
    ]);
    expect(thing.properties[0]).toMatchObject({
      thing_id: thing.id,
      thing_name: 'Greenhouse 1',
      permission: 'READ_ONLY',
      update_strategy: 'TIMED',
      update_parameter: 10,
      persist: true,
    });
    const list = await f.call(user.id, 'GET', '/iot/v2/things');
    expect(list.headers['content-type']).toMatch(/^application\/vnd\.arduino\.thing\+json; type=collection/);
    expect(list.json()[0]).not.toHaveProperty('properties');
    expect(list.json()[0].properties_count).toBe(2);
    const withProps = (await f.call(user.id, 'GET', '/iot/v2/things?show_properties=true')).json();
    expect(withProps[0].properties).toHaveLength(2);
  });

  it('filters by ids, device and repeated tags', async () => {
    const user = await t.createUser();
    await f.grantPlan(user.id);
    const d = await f.device(user.id);
    const a = await f.thing(user.id, { name: 'A', device_id: d.id, tags: [{ key: 'k', value: '1' }] });
    const b = await f.thing(user.id, {
      name: 'B',
      tags: [
        { key: 'k', value: '1' },
        { key: 'j', value: '2' },
      ],
    });
    await f.thing(user.id, { name: 'C' });
    const names = async (q: string) =>
      (await f.call(user.id, 'GET', `/iot/v2/things?${q}`)).json().map((x: { name: string }) => x.name);
    expect(await names(`ids=${a.id}&ids=${b.id}`)).toEqual(['A', 'B']);
    expect(await names(`ids=${b.id}`)).toEqual(['B']);
    expect(await names(`device_id=${d.id}`)).toEqual(['A']);
    expect(await names('tags=k:1')).toEqual(['A', 'B']);
    expect(await names('tags=k:1&tags=j:2')).toEqual(['B']);
    expect((await f.call(user.id, 'GET', '/iot/v2/things?ids=nope')).statusCode).toBe(400);
  });

  it('binds a device: 409 when another thing has it, moved with force=true, unbound with device_id ""', async () => {
    const user = await t.createUser();
    await f.grantPlan(user.id);
    const d = await f.device(user.id, { name: 'shared' });
    const first = await f.thing(user.id, { name: 'First', device_id: d.id });
    expect(first).toMatchObject({ device_id: d.id, device_name: 'shared', device_type: 'mkrwifi1010' });
    const second = await f.thing(user.id, { name: 'Second' });
    const taken = await f.call(user.id, 'POST', `/iot/v2/things/${second.id}`, { device_id: d.id });
    expect(taken.statusCode).toBe(409);
    expect(
      (await f.call(user.id, 'PUT', '/iot/v2/things', { name: 'Third', device_id: d.id })).statusCode,
    ).toBe(409);
    const moved = await f.call(user.id, 'POST', `/iot/v2/things/${second.id}?force=true`, {
      device_id: d.id,
    });
    expect(moved.statusCode).toBe(200);
    expect(moved.json().device_id).toBe(d.id);
    expect((await f.call(user.id, 'GET', `/iot/v2/things/${first.id}`)).json()).not.toHaveProperty(
      'device_id',
    );
    expect((await f.call(user.id, 'GET', `/iot/v2/devices/${d.id}`)).json().thing.id).toBe(second.id);
    const unbound = await f.call(user.id, 'POST', `/iot/v2/things/${second.id}`, { device_id: '' });
    expect(unbound.json()).not.toHaveProperty('device_id');
    const missing = await f.call(user.id, 'POST', `/iot/v2/things/${second.id}`, {
      device_id: '3fa85f64-5717-4562-b3fc-2c963f66afa6',
    });
    expect(missing.statusCode).toBe(404);
  });

  it('updates fields and upserts properties by variable name', async () => {
    const user = await t.createUser();
    const thing = await f.thing(user.id, { properties: [temperature] });
    const tempId = thing.properties?.[0]?.id;
    const res = await f.call(user.id, 'POST', `/iot/v2/things/${thing.id}`, {
      name: 'Renamed',
      timezone: 'asia/tokyo',
      properties: [{ ...temperature, update_parameter: 60 }, led],
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ name: 'Renamed', timezone: 'Asia/Tokyo', properties_count: 2 });
    expect(body.properties.find((p: { name: string }) => p.name === 'temperature')).toMatchObject({
      id: tempId,
      update_parameter: 60,
    });
    for (const bad of [
      { name: 'bad/name' },
      { name: 'x'.repeat(65) },
      { timezone: 'Mars/Olympus' },
      { webhook_uri: 'ftp://example.com' },
      { assistant: 'SIRI' },
      { properties: [{ ...led, variable_name: '1abc' }] },
      { properties: [{ ...led, type: 'NOT_A_TYPE' }] },
      { properties: [led, { ...led, name: 'led2', variable_name: 'led' }] },
      { properties: [{ ...led, type: 'HOME_CONTACT_SENSOR' }] },
    ]) {
      const r = await f.call(user.id, 'POST', `/iot/v2/things/${thing.id}`, bad);
      expect(r.statusCode, JSON.stringify(bad)).toBe(400);
      expect(r.headers['content-type']).toBe('application/vnd.goa.error+json');
    }
    const after = (await f.call(user.id, 'GET', `/iot/v2/things/${thing.id}`)).json();
    expect(after).toMatchObject({ name: 'Renamed', timezone: 'Asia/Tokyo', properties_count: 2 });
  });

  it('clones with properties (new ids), tags only when asked, never the device', async () => {
    const user = await t.createUser();
    await f.grantPlan(user.id);
    const d = await f.device(user.id);
    const thing = await f.thing(user.id, {
      device_id: d.id,
      properties: [temperature, led],
      tags: [{ key: 'a', value: 'b' }],
    });
    const plain = await f.call(user.id, 'PUT', `/iot/v2/things/${thing.id}/clone`, { name: 'Copy' });
    expect(plain.statusCode).toBe(201);
    const copy = plain.json();
    expect(copy.id).not.toBe(thing.id);
    expect(copy).toMatchObject({ name: 'Copy', tags: {}, properties_count: 2 });
    expect(copy).not.toHaveProperty('device_id');
    expect(copy.properties.map((p: { name: string }) => p.name)).toEqual(['temperature', 'led']);
    const ids = new Set(thing.properties?.map((p) => p.id));
    expect(copy.properties.some((p: { id: string }) => ids.has(p.id))).toBe(false);
    const tagged = await f.call(user.id, 'PUT', `/iot/v2/things/${thing.id}/clone`, {
      name: 'Copy 2',
      include_tags: true,
    });
    expect(tagged.json().tags).toEqual({ a: 'b' });
    expect((await f.call(user.id, 'PUT', `/iot/v2/things/${thing.id}/clone`, {})).statusCode).toBe(400);
  });

  it('soft-deletes, restores with soft_deleted: false, deletes for good with its properties', async () => {
    const user = await t.createUser();
    const thing = await f.thing(user.id, { properties: [led] });
    const del = await f.call(user.id, 'DELETE', `/iot/v2/things/${thing.id}`);
    expect(del.statusCode).toBe(200);
    expect(del.body).toBe('');
    expect((await f.call(user.id, 'GET', `/iot/v2/things/${thing.id}`)).statusCode).toBe(404);
    const shown = await f.call(user.id, 'GET', `/iot/v2/things/${thing.id}?show_deleted=true`);
    expect(shown.json().deleted_at).toMatch(/^\d{4}-/);
    expect((await f.call(user.id, 'GET', '/iot/v2/things?show_deleted=true')).json()).toHaveLength(1);
    const restored = await f.call(user.id, 'POST', `/iot/v2/things/${thing.id}`, { soft_deleted: false });
    expect(restored.statusCode).toBe(200);
    expect(restored.json()).not.toHaveProperty('deleted_at');
    expect((await f.call(user.id, 'DELETE', `/iot/v2/things/${thing.id}?force=true`)).statusCode).toBe(200);
    expect((await f.call(user.id, 'GET', `/iot/v2/things/${thing.id}?show_deleted=true`)).statusCode).toBe(
      404,
    );
  });

  it('keeps tags and gives a template with the variables by sketch name', async () => {
    const user = await t.createUser();
    const d = await f.device(user.id);
    const thing = await f.thing(user.id, {
      name: 'Weather Station',
      device_id: d.id,
      properties: [temperature],
    });
    expect(
      (await f.call(user.id, 'PUT', `/iot/v2/things/${thing.id}/tags`, { key: 'x', value: 'y' })).statusCode,
    ).toBe(200);
    expect((await f.call(user.id, 'GET', `/iot/v2/things/${thing.id}/tags`)).json()).toEqual({
      tags: [{ key: 'x', value: 'y' }],
    });
    expect((await f.call(user.id, 'DELETE', `/iot/v2/things/${thing.id}/tags/x`)).statusCode).toBe(200);
    expect((await f.call(user.id, 'GET', `/iot/v2/things/${thing.id}/tags`)).json()).toEqual({ tags: [] });
    const template = await f.call(user.id, 'GET', `/iot/v2/things/${thing.id}/template`);
    expect(template.headers['content-type']).toMatch(/^application\/vnd\.arduino\.thingtemplate\+json/);
    expect(template.json()).toEqual({
      id: 'weather_station',
      name: 'Weather Station',
      timezone: 'America/New_York',
      tags: [],
      device_metadata: { fqbn: 'arduino:samd:mkrwifi1010', name: d.name },
      variables: [
        {
          name: 'temperature',
          permission: 'READ_ONLY',
          type: 'TEMPERATURE_C',
          update_strategy: 'TIMED',
          update_parameter: 10,
          variable_name: 'temperature',
        },
      ],
    });
  });

  it('answers 412 past the plan limit for things (free plan: 2), counting soft-deleted ones only when restored', async () => {
    const user = await t.createUser();
    await f.thing(user.id, { name: 'One' });
    const two = await f.thing(user.id, { name: 'Two' });
    const third = await f.call(user.id, 'PUT', '/iot/v2/things', { name: 'Three' });
    expect(third.statusCode).toBe(412);
    expect(third.headers['content-type']).toBe('application/vnd.goa.error+json');
    expect(third.json()).toMatchObject({ code: 'precondition_failed', status: 412 });
    expect(third.json().detail).toMatch(/2 things at most/);
    expect(
      (await f.call(user.id, 'PUT', `/iot/v2/things/${two.id}/clone`, { name: 'Copy' })).statusCode,
    ).toBe(412);
    await f.call(user.id, 'DELETE', `/iot/v2/things/${two.id}`);
    const replacement = await f.thing(user.id, { name: 'Three' });
    expect(replacement.name).toBe('Three');
    const restore = await f.call(user.id, 'POST', `/iot/v2/things/${two.id}`, { soft_deleted: false });
    expect(restore.statusCode).toBe(412);
    const recap = (await f.call(user.id, 'GET', '/restrictions/v1/recap/me')).json();
    expect(recap.usage.cloud_things).toBe(2);
    await f.grantPlan(user.id, 'create-entry');
    expect((await f.call(user.id, 'PUT', '/iot/v2/things', { name: 'Four' })).statusCode).toBe(201);
  });
});
