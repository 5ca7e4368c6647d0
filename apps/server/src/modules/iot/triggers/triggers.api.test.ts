import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { iotTestApp, readWriteProperty as prop } from '../testing/iot-fixtures.ts';

const { t, f } = await iotTestApp();
afterAll(() => t.close());

const email = (to: string) => ({
  name: 'Mail me',
  kind: 'NOTIFY-EMAIL',
  email: {
    subject: {
      expression: 'Alert: {{prop}}',
      variables: [{ placeholder: 'prop', entity: 'PROPERTY', attribute: 'VALUE' }],
    },
    body: { expression: 'The value is now {{prop}}.\nCheck it.' },
    delivery: { to: [{ id: to }] },
  },
});
const push = (to: string) => ({
  name: 'Push me',
  kind: 'NOTIFY-PUSH',
  push_notification: {
    title: { expression: 'Alert' },
    body: { expression: 'Door opened' },
    delivery: { to: [{ id: to }] },
  },
});

async function setup(plan: string | null = 'create-maker') {
  const user = await t.createUser();
  if (plan) await f.grantPlan(user.id, plan);
  const device = await f.device(user.id);
  const thing = await f.thing(user.id, {
    device_id: device.id,
    properties: [
      prop('temp', 'TEMPERATURE_C'),
      prop('door', 'STATUS'),
      prop('msg', 'CHARSTRING'),
      prop('where', 'LOCATION'),
    ],
  });
  const ids = Object.fromEntries((thing.properties ?? []).map((p) => [p.name, p.id])) as Record<
    string,
    string
  >;
  return { user, device, thing, ids };
}

describe('triggers v1', () => {
  it('creates a property trigger with actions (201), shows linked entities, lists and filters', async () => {
    const { user, device, thing, ids } = await setup();
    const res = await f.call(user.id, 'PUT', '/iot/v1/triggers', {
      name: 'Too hot',
      description: 'Over 30 degrees',
      property_id: ids.temp,
      condition: { operator: 'GT', value: 30 },
      actions: [email(user.id), push(user.id)],
    });
    expect(res.statusCode).toBe(201);
    expect(res.headers['content-type']).toMatch(/^application\/vnd\.arduino\.trigger\+json(;|$)/);
    const trigger = res.json();
    expect(trigger).toMatchObject({
      name: 'Too hot',
      active: true,
      property_id: ids.temp,
      condition: { operator: 'GT', value: 30 },
      created_by: user.id,
    });
    expect(trigger.actions.map((a: { kind: string; trigger_id: string }) => [a.kind, a.trigger_id])).toEqual([
      ['NOTIFY-EMAIL', trigger.id],
      ['NOTIFY-PUSH', trigger.id],
    ]);
    const shown = await f.call(user.id, 'GET', `/iot/v1/triggers/${trigger.id}`);
    expect(shown.headers['content-type']).toMatch(
      /^application\/vnd\.arduino\.trigger_with_linked_entities\+json/,
    );
    expect(shown.json()).toMatchObject({
      id: trigger.id,
      linked_property: {
        status: 'OK',
        property: { id: ids.temp, thing_id: thing.id, linked_to_trigger: true },
      },
    });
    const status = await f.call(user.id, 'PUT', '/iot/v1/triggers', {
      name: 'Offline',
      device_status_source: { criteria: 'INCLUDE', device_ids: [device.id], grace_period_offline: 300 },
      actions: [email(user.id)],
    });
    expect(status.statusCode).toBe(201);
    const statusShown = (await f.call(user.id, 'GET', `/iot/v1/triggers/${status.json().id}`)).json();
    expect(statusShown.device_status_source).toMatchObject({
      criteria: 'INCLUDE',
      grace_period_offline: 300,
      linked_devices: [{ status: 'OK', device: { id: device.id } }],
    });
    const names = async (q: string) =>
      (await f.call(user.id, 'GET', `/iot/v1/triggers?${q}`)).json().map((x: { name: string }) => x.name);
    expect(await names('')).toEqual(['Too hot', 'Offline']);
    expect(await names(`property_id=${ids.temp}`)).toEqual(['Too hot']);
    expect(await names(`device_id=${device.id}`)).toEqual(['Offline']);
    expect(await names('source_type=PROPERTY')).toEqual(['Too hot']);
    expect(await names('source_type=DEVICE_INCLUDE')).toEqual(['Offline']);
    expect(await names('source_type=DEVICE_EXCLUDE')).toEqual([]);
  });

  it('checks conditions against the property type (any type), with sensible defaults', async () => {
    const { user, ids } = await setup();
    const create = (property: string, condition?: unknown) =>
      f.call(user.id, 'PUT', '/iot/v1/triggers', {
        name: 'c',
        property_id: property,
        ...(condition !== undefined && { condition }),
      });
    expect((await create(ids.door as string)).json().condition).toEqual({ operator: 'TRUE' });
    expect(
      (await create(ids.msg as string, { operator: 'CONTAINS', value: 'fire' })).json().condition,
    ).toEqual({
      operator: 'CONTAINS',
      value: 'fire',
    });
    expect((await create(ids.where as string)).json().condition).toEqual({ operator: 'CHANGED' });
    expect((await create(ids.temp as string, { operator: 'CONTAINS', value: 'x' })).statusCode).toBe(400);
    expect((await create(ids.temp as string, { operator: 'GT' })).statusCode).toBe(400);
    expect((await create(ids.door as string, { operator: 'GT', value: 1 })).statusCode).toBe(400);
    expect((await create(ids.msg as string, { operator: 'EQ', value: 3 })).statusCode).toBe(400);
  });

  it('refuses bad triggers: no source, both sources, foreign property or device, outside recipients, bad actions', async () => {
    const { user, device, ids } = await setup();
    const other = await setup();
    for (const body of [
      { name: 'x' },
      {
        name: 'x',
        property_id: ids.temp,
        device_status_source: { criteria: 'INCLUDE', device_ids: [device.id] },
      },
      { name: 'x', property_id: other.ids.temp },
      { name: 'x', device_status_source: { criteria: 'INCLUDE', device_ids: [other.device.id] } },
      { name: 'x', property_id: ids.temp, actions: [email(other.user.id)] },
      { name: 'x', property_id: ids.temp, actions: [{ name: 'a', kind: 'NOTIFY-EMAIL' }] },
      { name: 'x', property_id: ids.temp, actions: [{ ...email(user.id), kind: 'NOTIFY-SMS' }] },
      { name: '', property_id: ids.temp },
      { name: 'x'.repeat(257), property_id: ids.temp },
      { name: 'x', device_status_source: { criteria: 'SOMETIMES' } },
      { name: 'x', device_status_source: { criteria: 'INCLUDE', grace_period_online: 2_000_000 } },
      {
        name: 'x',
        property_id: ids.temp,
        actions: [
          { ...email(user.id), email: { ...email(user.id).email, subject: { expression: 's'.repeat(101) } } },
        ],
      },
    ]) {
      const res = await f.call(user.id, 'PUT', '/iot/v1/triggers', body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 120)).toBe(400);
    }
    expect((await f.call(user.id, 'GET', '/iot/v1/triggers')).json()).toEqual([]);
  });

  it('updates (POST replaces actions, PATCH adds), unsubscribes, soft/force deletes and restores', async () => {
    const { user, ids } = await setup();
    const tr = (
      await f.call(user.id, 'PUT', '/iot/v1/triggers', {
        name: 'T',
        property_id: ids.door,
        actions: [email(user.id)],
      })
    ).json();
    const post = await f.call(user.id, 'POST', `/iot/v1/triggers/${tr.id}`, {
      name: 'T2',
      active: false,
      actions: [push(user.id)],
    });
    expect(post.statusCode).toBe(200);
    expect(post.json()).toMatchObject({ name: 'T2', active: false });
    expect(post.json().actions.map((a: { kind: string }) => a.kind)).toEqual(['NOTIFY-PUSH']);
    const patch = await f.call(user.id, 'PATCH', `/iot/v1/triggers/${tr.id}`, { actions: [email(user.id)] });
    expect(patch.json().actions.map((a: { kind: string }) => a.kind)).toEqual([
      'NOTIFY-PUSH',
      'NOTIFY-EMAIL',
    ]);
    const changed = await f.call(user.id, 'PATCH', `/iot/v1/triggers/${tr.id}`, {
      condition: { operator: 'FALSE' },
    });
    expect(changed.json().condition).toEqual({ operator: 'FALSE' });
    expect(
      (await f.call(user.id, 'POST', `/iot/v1/triggers/${tr.id}/unsubscribe`, { recipients: [user.id] }))
        .statusCode,
    ).toBe(200);
    const after = (await f.call(user.id, 'GET', `/iot/v1/triggers/${tr.id}`)).json();
    expect(
      after.actions.every(
        (a: {
          email?: { delivery: { to: unknown[] } };
          push_notification?: { delivery: { to: unknown[] } };
        }) => (a.email ?? a.push_notification)?.delivery.to.length === 0,
      ),
    ).toBe(true);
    const template = await f.call(user.id, 'GET', `/iot/v1/triggers/${tr.id}/template`);
    expect(template.headers['content-type']).toMatch(/^application\/vnd\.arduino\.trigger_template\+json/);
    expect(template.json()).toMatchObject({
      id: 't2',
      name: 'T2',
      linked_property: { thing_id: 'thing', property_id: 'door' },
    });
    expect((await f.call(user.id, 'DELETE', `/iot/v1/triggers/${tr.id}`)).statusCode).toBe(200);
    expect((await f.call(user.id, 'GET', `/iot/v1/triggers/${tr.id}`)).statusCode).toBe(404);
    expect((await f.call(user.id, 'GET', '/iot/v1/triggers?show_deleted=true')).json()).toHaveLength(1);
    expect(
      (await f.call(user.id, 'POST', `/iot/v1/triggers/${tr.id}`, { soft_deleted: false })).statusCode,
    ).toBe(200);
    expect((await f.call(user.id, 'DELETE', `/iot/v1/triggers/${tr.id}?force=true`)).statusCode).toBe(200);
    expect((await f.call(user.id, 'GET', '/iot/v1/actions')).json()).toEqual([]);
  });

  it('needs a paid plan other than Entry and stays under cloud_triggers (412)', async () => {
    const free = await setup(null);
    const body = (ids: Record<string, string>) => ({ name: 'T', property_id: ids.door });
    const refused = await f.call(free.user.id, 'PUT', '/iot/v1/triggers', body(free.ids));
    expect(refused.statusCode).toBe(412);
    expect(refused.headers['content-type']).toBe('application/vnd.goa.error+json');
    expect(refused.json().detail).toMatch(/paid plan/);
    const entry = await setup('create-entry');
    expect((await f.call(entry.user.id, 'PUT', '/iot/v1/triggers', body(entry.ids))).statusCode).toBe(412);
    const maker = await setup('create-maker');
    for (let i = 0; i < 10; i++) {
      expect((await f.call(maker.user.id, 'PUT', '/iot/v1/triggers', body(maker.ids))).statusCode).toBe(201);
    }
    const eleventh = await f.call(maker.user.id, 'PUT', '/iot/v1/triggers', body(maker.ids));
    expect(eleventh.statusCode).toBe(412);
    expect(eleventh.json().detail).toMatch(/10 triggers at most/);
    expect((await f.call(free.user.id, 'POST', '/iot/v1/actions', email(free.user.id))).statusCode).toBe(412);
  });
});

describe('actions v1', () => {
  it('creates (201), lists, shows, updates, unsubscribes and deletes actions', async () => {
    const { user, ids } = await setup();
    const tr = (
      await f.call(user.id, 'PUT', '/iot/v1/triggers', { name: 'T', property_id: ids.door })
    ).json();
    const res = await f.call(user.id, 'POST', '/iot/v1/actions', { ...email(user.id), trigger_id: tr.id });
    expect(res.statusCode).toBe(201);
    expect(res.headers['content-type']).toMatch(/^application\/vnd\.arduino\.action\+json(;|$)/);
    const action = res.json();
    expect(action).toMatchObject({ kind: 'NOTIFY-EMAIL', trigger_id: tr.id, created_by: user.id });
    const list = await f.call(user.id, 'GET', '/iot/v1/actions');
    expect(list.headers['content-type']).toMatch(/^application\/vnd\.arduino\.action\+json; type=collection/);
    expect(list.json().map((a: { id: string }) => a.id)).toEqual([action.id]);
    const updated = await f.call(user.id, 'PUT', `/iot/v1/actions/${action.id}`, {
      name: 'Renamed',
      description: 'd',
    });
    expect(updated.json()).toMatchObject({ name: 'Renamed', description: 'd' });
    const unsub = await f.call(user.id, 'PUT', `/iot/v1/actions/${action.id}/unsubscribe`, {
      recipients: [user.id],
    });
    expect(unsub.json().email.delivery.to).toEqual([]);
    expect(
      (await f.call(user.id, 'POST', '/iot/v1/actions', { ...push(user.id), trigger_id: randomUUID() }))
        .statusCode,
    ).toBe(404);
    expect(
      (await f.call(user.id, 'POST', '/iot/v1/actions', { name: 'x', kind: 'NOTIFY-PUSH' })).statusCode,
    ).toBe(400);
    expect((await f.call(user.id, 'DELETE', `/iot/v1/actions/${action.id}`)).statusCode).toBe(200);
    expect((await f.call(user.id, 'GET', `/iot/v1/actions/${action.id}`)).statusCode).toBe(404);
  });

  it('keeps triggers and actions inside their space', async () => {
    const owner = await setup();
    const stranger = await setup();
    const tr = (
      await f.call(owner.user.id, 'PUT', '/iot/v1/triggers', {
        name: 'Mine',
        property_id: owner.ids.door,
        actions: [email(owner.user.id)],
      })
    ).json();
    const actionId = tr.actions[0].id;
    for (const [method, url, body] of [
      ['GET', `/iot/v1/triggers/${tr.id}`],
      ['POST', `/iot/v1/triggers/${tr.id}`, { name: 'Stolen' }],
      ['PATCH', `/iot/v1/triggers/${tr.id}`, { active: false }],
      ['DELETE', `/iot/v1/triggers/${tr.id}?force=true`],
      ['GET', `/iot/v1/triggers/${tr.id}/template`],
      ['POST', `/iot/v1/triggers/${tr.id}/unsubscribe`, { recipients: [owner.user.id] }],
      ['GET', `/iot/v1/actions/${actionId}`],
      ['PUT', `/iot/v1/actions/${actionId}`, { name: 'Stolen' }],
      ['DELETE', `/iot/v1/actions/${actionId}`],
      ['POST', '/iot/v1/actions', { ...email(stranger.user.id), trigger_id: tr.id }],
    ] as const) {
      expect((await f.call(stranger.user.id, method, url, body)).statusCode, `${method} ${url}`).toBe(404);
    }
    expect((await f.call(stranger.user.id, 'GET', '/iot/v1/triggers')).json()).toEqual([]);
    expect((await f.call(stranger.user.id, 'GET', '/iot/v1/actions')).json()).toEqual([]);
    expect((await f.call(owner.user.id, 'GET', `/iot/v1/triggers/${tr.id}`)).json()).toMatchObject({
      name: 'Mine',
      active: true,
    });
  });
});
