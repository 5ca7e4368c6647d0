/**
 * Cross-space isolation and roles for the /iot API (issue 4 item 7): another user's or another space's devices,
 * things and properties are never readable or writable; inside a space each role gets what ROLE_PERMISSIONS
 * gives it (the same table the Roles & Permissions page shows), and every refused call changes nothing.
 */
import { type Role, rolesAllow, type SpaceAction } from '@tinkercloud/shared';
import { afterAll, describe, expect, it } from 'vitest';
import { iotDevices, iotProperties, iotThings } from '../../db/schema/index.ts';
import { iotTestApp } from './testing/iot-fixtures.ts';

const { t, f } = await iotTestApp();
afterAll(() => t.close());

const LED = { name: 'led', type: 'STATUS', permission: 'READ_WRITE', update_strategy: 'ON_CHANGE' };

/** Every row of the IoT tables, to prove refused calls change nothing. */
async function snapshot() {
  const [devices, things, properties] = await Promise.all([
    t.db.select().from(iotDevices),
    t.db.select().from(iotThings),
    t.db.select().from(iotProperties),
  ]);
  const byId = <T extends { id: string }>(rows: T[]) => [...rows].sort((a, b) => a.id.localeCompare(b.id));
  return JSON.stringify([byId(devices), byId(things), byId(properties)]);
}

/** A device, a thing bound to it with one property holding a value, in My Cloud or in a space. */
async function world(userId: string, space?: string) {
  const device = await f.device(userId, { name: 'victim-device' }, space);
  const thing = await f.thing(userId, { name: 'Victim', device_id: device.id, properties: [LED] }, space);
  const pid = thing.properties?.[0]?.id as string;
  const put = await f.call(
    userId,
    'PUT',
    `/iot/v2/things/${thing.id}/properties/${pid}/publish`,
    { value: true },
    { space },
  );
  expect(put.statusCode).toBe(200);
  return { device: device.id, thing: thing.id, pid };
}

/** Calls that read or change one resource set; every one must fail for an outsider. */
function probes(w: { device: string; thing: string; pid: string }) {
  const d = `/iot/v2/devices/${w.device}`;
  const th = `/iot/v2/things/${w.thing}`;
  const p = `${th}/properties/${w.pid}`;
  return [
    ['GET', d],
    ['POST', d, { name: 'stolen' }],
    ['DELETE', d],
    ['DELETE', `${d}?force=true`],
    ['GET', `${d}/tags`],
    ['PUT', `${d}/tags`, { key: 'k', value: 'v' }],
    ['DELETE', `${d}/tags/k`],
    ['GET', `${d}/pass`],
    ['PUT', `${d}/pass`, { password: 'hijacked-1234' }],
    ['POST', `${d}/pass`, { password: 'guess-12345' }],
    ['DELETE', `${d}/pass`],
    ['GET', `${d}/properties`],
    ['PUT', `${d}/properties`, { properties: [{ name: 'led', value: false }] }],
    ['GET', `${d}/properties/${w.pid}`],
    ['GET', `${d}/events`],
    ['GET', `${d}/status`],
    ['GET', th],
    ['POST', th, { name: 'Stolen' }],
    ['DELETE', th],
    ['DELETE', `${th}?force=true`],
    ['PUT', `${th}/clone`, { name: 'Stolen copy' }],
    ['GET', `${th}/template`],
    ['GET', `${th}/tags`],
    ['PUT', `${th}/tags`, { key: 'k', value: 'v' }],
    ['GET', `${th}/properties`],
    ['PUT', `${th}/properties`, { ...LED, name: 'extra', variable_name: 'extra' }],
    ['GET', p],
    ['POST', p, { ...LED, name: 'renamed' }],
    ['DELETE', p],
    ['PUT', `${p}/publish`, { value: false }],
    ['GET', `${p}/timeseries`],
  ] as ['GET' | 'POST' | 'PUT' | 'DELETE', string, unknown?][];
}

describe('isolation between users and spaces', () => {
  it("never lets another user read or change someone's My Cloud resources (404, nothing changes)", async () => {
    const alice = await t.createUser();
    const bob = await t.createUser();
    await f.grantPlan(bob.id);
    const w = await world(alice.id);
    await world(bob.id);
    const own = await f.thing(bob.id, { name: 'Mine' });
    const before = await snapshot();
    for (const [method, url, body] of probes(w)) {
      const res = await f.call(bob.id, method, url, body);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.headers['content-type']).toBe('application/vnd.goa.error+json');
    }
    // Binding someone else's device to one's own thing does not work either.
    expect(
      (await f.call(bob.id, 'POST', `/iot/v2/things/${own.id}?force=true`, { device_id: w.device }))
        .statusCode,
    ).toBe(404);
    expect(
      (await f.call(bob.id, 'PUT', '/iot/v2/things?force=true', { name: 'X', device_id: w.device }))
        .statusCode,
    ).toBe(404);
    expect(await snapshot()).toBe(before);
    const lists = [
      (await f.call(bob.id, 'GET', '/iot/v2/devices?show_deleted=true')).json(),
      (await f.call(bob.id, 'GET', '/iot/v2/things?show_deleted=true&show_properties=true')).json(),
      (await f.call(bob.id, 'GET', `/iot/v2/things?ids=${w.thing}`)).json(),
      (await f.call(bob.id, 'GET', `/iot/v2/things?device_id=${w.device}`)).json(),
    ];
    expect(JSON.stringify(lists)).not.toContain(w.device);
    expect(JSON.stringify(lists)).not.toContain(w.thing);
    expect(
      (await f.call(alice.id, 'GET', `/iot/v2/things/${w.thing}/properties/${w.pid}`)).json().last_value,
    ).toBe(true);
  });

  it('keeps a space and My Cloud apart for the same user, and spaces apart from each other', async () => {
    const user = await t.createUser();
    const teamA = await f.space('pro', [[user.id, 'role:pro-admin']], { planId: 'cloud-enterprise' });
    const teamB = await f.space('pro', [[user.id, 'role:pro-admin']], { planId: 'cloud-enterprise' });
    const inA = await world(user.id, teamA.id);
    const mine = await world(user.id);
    const ids = async (space?: string) =>
      (await f.call(user.id, 'GET', '/iot/v2/devices', undefined, { space }))
        .json()
        .map((d: { id: string }) => d.id);
    expect(await ids()).toEqual([mine.device]);
    expect(await ids('my-cloud')).toEqual([mine.device]);
    expect(await ids(teamA.id)).toEqual([inA.device]);
    expect(await ids(teamB.id)).toEqual([]);
    const before = await snapshot();
    for (const [method, url, body] of probes(inA)) {
      expect((await f.call(user.id, method, url, body)).statusCode, `My Cloud ${method} ${url}`).toBe(404);
      expect(
        (await f.call(user.id, method, url, body, { space: teamB.id })).statusCode,
        `B ${method} ${url}`,
      ).toBe(404);
    }
    for (const [method, url, body] of probes(mine).slice(0, 6)) {
      expect((await f.call(user.id, method, url, body, { space: teamA.id })).statusCode).toBe(404);
    }
    // A device of one space cannot drive a thing of another.
    const thingInB = await f.thing(user.id, { name: 'B thing' }, teamB.id);
    const cross = await f.call(
      user.id,
      'POST',
      `/iot/v2/things/${thingInB.id}?force=true`,
      { device_id: inA.device },
      {
        space: teamB.id,
      },
    );
    expect(cross.statusCode).toBe(404);
    expect(await snapshot()).not.toBe(before); // only the new thing in B was added
    const recapA = (
      await f.call(user.id, 'GET', '/restrictions/v1/recap/me', undefined, { space: teamA.id })
    ).json();
    expect(recapA.usage).toMatchObject({ cloud_things: 1, devices: 1, members: 1 });
    const recapMine = (await f.call(user.id, 'GET', '/restrictions/v1/recap/me')).json();
    expect(recapMine.usage).toMatchObject({ cloud_things: 1, devices: 1 });
  });

  it('answers 404 for a space the caller is not in, or an id that is no space, even when repeated', async () => {
    const owner = await t.createUser();
    const stranger = await t.createUser();
    const team = await f.space('pro', [[owner.id, 'role:pro-admin']], { planId: 'cloud-enterprise' });
    await world(owner.id, team.id);
    for (const space of [team.id, 'not-a-uuid', '3fa85f64-5717-4562-b3fc-2c963f66afa6']) {
      const res = await f.call(stranger.id, 'GET', '/iot/v2/devices', undefined, { space });
      expect(res.statusCode, space).toBe(404);
      expect(res.json()).toMatchObject({ code: 'not_found', detail: 'Space not found' });
      expect(
        (await f.call(stranger.id, 'PUT', '/iot/v2/devices', { type: 'mkr1000' }, { space })).statusCode,
      ).toBe(404);
    }
    const twice = await t.app.inject({
      method: 'GET',
      url: '/iot/v2/devices',
      headers: { ...(await f.headersFor(owner.id)), 'x-organization': [team.id, team.id] },
    });
    expect(twice.statusCode).toBe(404);
  });

  it('refuses oversized bodies with 413 and changes nothing', async () => {
    const user = await t.createUser();
    const before = await snapshot();
    const huge = await f.call(user.id, 'PUT', '/iot/v2/devices', {
      type: 'mkr1000',
      name: 'x',
      pad: 'y'.repeat(1_100_000),
    });
    expect(huge.statusCode).toBe(413);
    expect(huge.headers['content-type']).toBe('application/vnd.goa.error+json');
    expect(await snapshot()).toBe(before);
  });
});

type Kind = 'edu' | 'pro';
const ROLES: [Kind, Role | null][] = [
  ['edu', 'role:edu-admin'],
  ['edu', 'role:edu-teacher'],
  ['edu', 'role:edu-student'],
  ['edu', null],
  ['pro', 'role:pro-admin'],
  ['pro', 'role:pro-editor'],
  ['pro', null],
];
const PLAN: Record<Kind, string> = { edu: 'cloud-classroom', pro: 'cloud-enterprise' };

describe('roles inside a space', () => {
  for (const [kind, role] of ROLES) {
    it(`${kind} ${role ?? 'non-member'}: each call as ROLE_PERMISSIONS says, refusals change nothing`, async () => {
      const admin = await t.createUser();
      const actor = await t.createUser();
      const adminRole: Role = kind === 'edu' ? 'role:edu-admin' : 'role:pro-admin';
      const members: [string, Role][] = [[admin.id, adminRole]];
      if (role) members.push([actor.id, role]);
      const org = await f.space(kind, members, { planId: PLAN[kind] });
      const w = await world(admin.id, org.id);
      const expected = (action: SpaceAction, ok: number) =>
        role === null ? 404 : rolesAllow([role], action) ? ok : 403;
      const cases: [SpaceAction, number, 'GET' | 'POST' | 'PUT' | 'DELETE', string, unknown?][] = [
        ['iot.read', 200, 'GET', '/iot/v2/devices'],
        ['iot.read', 200, 'GET', `/iot/v2/things/${w.thing}`],
        ['iot.read', 200, 'GET', `/iot/v2/things/${w.thing}/properties/${w.pid}/timeseries`],
        ['iot.write', 200, 'POST', `/iot/v2/things/${w.thing}`, { name: 'Renamed' }],
        ['iot.write', 200, 'PUT', `/iot/v2/things/${w.thing}/properties/${w.pid}/publish`, { value: false }],
        ['iot.write', 200, 'PUT', `/iot/v2/devices/${w.device}/tags`, { key: 'k', value: 'v' }],
        ['iot.write', 201, 'PUT', '/iot/v2/devices', { type: 'mkr1000', name: 'added' }],
        ['api_clients.manage', 200, 'GET', '/iot/v1/clients'],
        ['api_clients.manage', 201, 'POST', '/iot/v1/clients', { name: 'key' }],
        ['iot.delete', 200, 'DELETE', `/iot/v2/things/${w.thing}/properties/${w.pid}`],
        ['iot.delete', 200, 'DELETE', `/iot/v2/devices/${w.device}`],
      ];
      for (const [action, ok, method, url, body] of cases) {
        const want = expected(action, ok);
        const before = want === ok ? null : await snapshot();
        const res = await f.call(actor.id, method, url, body, { space: org.id });
        expect(res.statusCode, `${method} ${url} (${action})`).toBe(want);
        if (before !== null) expect(await snapshot(), `${method} ${url} changed data`).toBe(before);
      }
    });
  }
});
