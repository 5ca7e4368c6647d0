/**
 * `GET /live/v1/events` (interface 4): the snapshot, live events from the IoT API, isolation between spaces,
 * Last-Event-ID resumes, heartbeats, the per-user cap and clean-up when the client goes away.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/app.ts';
import { httpStream, injectStream } from '../../../test/sse.ts';
import { iotDevices } from '../../db/schema/index.ts';
import { iotTestApp } from '../iot/testing/iot-fixtures.ts';

const { t, f } = await iotTestApp({}, { live: { heartbeatMs: 40, maxStreamsPerUser: 3, bufferSize: 5 } });
afterAll(() => t.close());

const URL = '/live/v1/events';
const TEMP = {
  name: 'temperature',
  type: 'TEMPERATURE_C',
  permission: 'READ_ONLY',
  update_strategy: 'ON_CHANGE',
};

async function open(userId: string | null, opts: { space?: string; lastEventId?: string } = {}) {
  const extra: Record<string, string> = {};
  if (opts.space) extra['x-organization'] = opts.space;
  if (opts.lastEventId) extra['last-event-id'] = opts.lastEventId;
  return injectStream(t.app, URL, await f.headersFor(userId, extra));
}

/** A device bound to a thing with a temperature property, in My Cloud or a space. */
async function world(userId: string, space?: string) {
  const device = await f.device(userId, { name: 'probe' }, space);
  const thing = await f.thing(userId, { name: 'Room', device_id: device.id, properties: [TEMP] }, space);
  const pid = thing.properties?.[0]?.id as string;
  const publish = (value: unknown) =>
    f.call(userId, 'PUT', `/iot/v2/things/${thing.id}/properties/${pid}/publish`, { value }, { space });
  return { device: device.id, thing: thing.id, pid, publish };
}

describe('GET /live/v1/events', () => {
  it('starts with a snapshot of the space, then streams a value published through the API', async () => {
    const user = await t.createUser();
    const w = await world(user.id);
    expect((await w.publish(21.5)).statusCode).toBe(200);
    await t.db.update(iotDevices).set({ status: 'ONLINE' });

    const s = await open(user.id);
    expect(s.statusCode).toBe(200);
    expect(s.headers['content-type']).toMatch(/^text\/event-stream/);
    expect(s.headers['cache-control']).toContain('no-cache');
    const snap = await s.reader.next();
    expect(snap.event).toBe('snapshot');
    expect(snap.id).toMatch(/^[0-9a-f]{8}\.\d+$/);
    const data = snap.data as { devices: unknown[]; properties: Record<string, unknown>[] };
    expect(data.devices).toEqual([{ id: w.device, status: 'ONLINE' }]);
    expect(data.properties).toEqual([
      {
        thing_id: w.thing,
        id: w.pid,
        name: 'temperature',
        value: 21.5,
        value_updated_at: expect.any(String),
      },
    ]);

    expect((await w.publish(22.25)).statusCode).toBe(200);
    const ev = await s.reader.next();
    expect(ev.event).toBe('properties.value');
    expect(ev.data).toEqual({
      thing_id: w.thing,
      property_id: w.pid,
      name: 'temperature',
      value: 22.25,
      updated_at: expect.any(String),
    });
    // Ids only grow.
    expect(Number(ev.id?.split('.')[1])).toBeGreaterThan(Number(snap.id?.split('.')[1]));
    s.close();
  });

  it('announces device and thing changes: create, update, bind, delete', async () => {
    const user = await t.createUser();
    const s = await open(user.id);
    expect((await s.reader.next()).data).toEqual({ devices: [], properties: [] });

    const device = await f.device(user.id);
    expect(await s.reader.next()).toMatchObject({ event: 'devices.updated', data: { device_id: device.id } });
    const renamed = await f.call(user.id, 'POST', `/iot/v2/devices/${device.id}`, { name: 'renamed' });
    expect(renamed.statusCode).toBe(200);
    expect(await s.reader.next()).toMatchObject({ event: 'devices.updated', data: { device_id: device.id } });

    const thing = await f.thing(user.id);
    expect(await s.reader.next()).toMatchObject({ event: 'things.updated', data: { thing_id: thing.id } });
    const bound = await f.call(user.id, 'POST', `/iot/v2/things/${thing.id}`, { device_id: device.id });
    expect(bound.statusCode).toBe(200);
    const afterBind = [await s.reader.next(), await s.reader.next()];
    expect(afterBind).toEqual([
      expect.objectContaining({ event: 'things.updated', data: { thing_id: thing.id } }),
      expect.objectContaining({ event: 'devices.updated', data: { device_id: device.id } }),
    ]);

    const prop = await f.call(user.id, 'PUT', `/iot/v2/things/${thing.id}/properties`, TEMP);
    expect(prop.statusCode).toBe(201);
    expect(await s.reader.next()).toMatchObject({ event: 'things.updated', data: { thing_id: thing.id } });

    expect((await f.call(user.id, 'DELETE', `/iot/v2/things/${thing.id}`)).statusCode).toBe(200);
    expect([await s.reader.next(), await s.reader.next()]).toEqual([
      expect.objectContaining({ event: 'things.updated', data: { thing_id: thing.id } }),
      expect.objectContaining({ event: 'devices.updated', data: { device_id: device.id } }),
    ]);
    expect((await f.call(user.id, 'DELETE', `/iot/v2/devices/${device.id}`)).statusCode).toBe(200);
    expect(await s.reader.next()).toMatchObject({ event: 'devices.updated', data: { device_id: device.id } });
    s.close();
  });

  it('announces dashboard changes (create, update, clone, delete) only to their own space', async () => {
    const user = await t.createUser();
    const stranger = await t.createUser();
    const s = await open(user.id);
    expect((await s.reader.next()).event).toBe('snapshot');

    // Another user's dashboard is never announced here: the next event is our own.
    const theirs = await f.call(stranger.id, 'POST', '/iot/v2/dashboards', { name: 'Theirs' });
    expect(theirs.statusCode).toBe(201);
    const created = await f.call(user.id, 'POST', '/iot/v2/dashboards', { name: 'Garden' });
    expect(created.statusCode).toBe(201);
    const id = created.json().id as string;
    expect(await s.reader.next()).toMatchObject({ event: 'dashboards.created', data: { dashboard_id: id } });

    const renamed = await f.call(user.id, 'PUT', `/iot/v2/dashboards/${id}`, { name: 'Orchard' });
    expect(renamed.statusCode).toBe(200);
    expect(await s.reader.next()).toMatchObject({ event: 'dashboards.updated', data: { dashboard_id: id } });

    const copy = await f.call(user.id, 'PUT', `/iot/v2/dashboards/${id}/clone`, {});
    expect(copy.statusCode).toBe(201);
    expect(await s.reader.next()).toMatchObject({
      event: 'dashboards.created',
      data: { dashboard_id: copy.json().id },
    });

    // Refused changes announce nothing.
    const bad = await f.call(user.id, 'PUT', `/iot/v2/dashboards/${id}`, { name: 42 });
    expect(bad.statusCode).toBe(400);
    expect((await f.call(user.id, 'DELETE', `/iot/v2/dashboards/${id}`)).statusCode).toBe(200);
    expect(await s.reader.next()).toMatchObject({ event: 'dashboards.deleted', data: { dashboard_id: id } });
    s.close();
  });

  it("never delivers another space's events; outsiders get 404, no token 401", async () => {
    const { space: team, admin: alice, editor: bob } = await f.team({ planId: 'cloud-enterprise' });
    const carol = await t.createUser();
    const other = await f.space('edu', [[carol.id, 'role:edu-admin']], {
      planId: 'cloud-classroom',
      planSeats: 10,
    });
    const aliceHome = await world(alice.id);
    const bobHome = await world(bob.id);
    const teamWorld = await world(alice.id, team.id);
    const otherWorld = await world(carol.id, other.id);

    const bobInTeam = await open(bob.id, { space: team.id });
    const bobAtHome = await open(bob.id);
    const snapTeam = (await bobInTeam.reader.next()).data as { devices: { id: string }[] };
    expect(snapTeam.devices.map((d) => d.id)).toEqual([teamWorld.device]);
    const snapHome = (await bobAtHome.reader.next()).data as { devices: { id: string }[] };
    expect(snapHome.devices.map((d) => d.id)).toEqual([bobHome.device]);

    // Values in Alice's My Cloud and in the other school reach neither of Bob's streams …
    expect((await aliceHome.publish(1)).statusCode).toBe(200);
    expect((await otherWorld.publish(2)).statusCode).toBe(200);
    // … while the team's value reaches only his team stream, and his own only his My Cloud stream.
    expect((await teamWorld.publish(3)).statusCode).toBe(200);
    expect((await bobHome.publish(4)).statusCode).toBe(200);
    expect(await bobInTeam.reader.next()).toMatchObject({ data: { property_id: teamWorld.pid, value: 3 } });
    expect(await bobAtHome.reader.next()).toMatchObject({ data: { property_id: bobHome.pid, value: 4 } });
    // A last event in each space proves nothing else was queued before it.
    expect((await teamWorld.publish(5)).statusCode).toBe(200);
    expect((await bobHome.publish(6)).statusCode).toBe(200);
    expect(await bobInTeam.reader.next()).toMatchObject({ data: { value: 5 } });
    expect(await bobAtHome.reader.next()).toMatchObject({ data: { value: 6 } });
    bobInTeam.close();
    bobAtHome.close();

    const outsider = await open(carol.id, { space: team.id });
    expect(outsider.statusCode).toBe(404);
    expect(outsider.body).toMatchObject({ code: 'not_found', status: 404, detail: 'Space not found' });
    const unknown = await open(carol.id, { space: '3fa85f64-5717-4562-b3fc-2c963f66afa6' });
    expect(unknown.statusCode).toBe(404);
    const anonymous = await open(null);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.body).toMatchObject({ code: 'unauthorized', detail: 'Authentication error' });
  });

  it("announces the caller's own notifications on every stream of theirs, whatever the space, to nobody else", async () => {
    const alice = await t.createUser();
    const bob = await t.createUser();
    const team = await f.space(
      'pro',
      [
        [alice.id, 'role:pro-admin'],
        [bob.id, 'role:pro-editor'],
      ],
      { planId: 'cloud-enterprise' },
    );
    const teamWorld = await world(alice.id, team.id);
    const bobInTeam = await open(bob.id, { space: team.id });
    const bobAtHome = await open(bob.id);
    const aliceInTeam = await open(alice.id, { space: team.id });
    for (const s of [bobInTeam, bobAtHome, aliceInTeam])
      expect((await s.reader.next()).event).toBe('snapshot');

    // An export request leaves Bob a notification ("Your historic data is ready").
    const now = Date.now();
    const requested = await f.call(
      bob.id,
      'POST',
      '/iot/v2/series/historic_data',
      {
        from: new Date(now - 3_600_000).toISOString(),
        to: new Date(now).toISOString(),
        properties: [teamWorld.pid],
      },
      { space: team.id },
    );
    expect(requested.statusCode).toBe(202);
    const listed = await t.app.inject({
      method: 'GET',
      url: '/notifications',
      headers: await f.headersFor(bob.id),
    });
    const id = listed.json().notifications[0].id as string;
    const announced = { event: 'notifications.created', data: { notification_id: id, user_id: bob.id } };
    expect(await bobInTeam.reader.next()).toMatchObject(announced);
    expect(await bobAtHome.reader.next()).toMatchObject(announced);

    // Alice shares the space but not Bob's notifications: her next event is the team's value.
    expect((await teamWorld.publish(7)).statusCode).toBe(200);
    expect(await aliceInTeam.reader.next()).toMatchObject({ event: 'properties.value', data: { value: 7 } });
    // Bob's team stream has nothing queued before that value either.
    expect(await bobInTeam.reader.next()).toMatchObject({ event: 'properties.value', data: { value: 7 } });
    for (const s of [bobInTeam, bobAtHome, aliceInTeam]) s.close();
  });

  it('resumes after Last-Event-ID without a snapshot while the id is held, else sends a snapshot', async () => {
    const user = await t.createUser();
    const w = await world(user.id);
    const first = await open(user.id);
    await first.reader.nextOf('snapshot');
    await w.publish(1);
    const one = await first.reader.next();
    first.close();

    // Missed while disconnected.
    await w.publish(2);
    await w.publish(3);
    const resumed = await open(user.id, { lastEventId: one.id });
    expect(resumed.statusCode).toBe(200);
    const missed = [await resumed.reader.next(), await resumed.reader.next()];
    expect(missed.map((m) => [m.event, (m.data as { value: number }).value])).toEqual([
      ['properties.value', 2],
      ['properties.value', 3],
    ]);
    expect(Number(missed[0]?.id?.split('.')[1])).toBeGreaterThan(Number(one.id?.split('.')[1]));
    const lastSeen = missed[1]?.id as string;
    await w.publish(4);
    expect(await resumed.reader.next()).toMatchObject({ data: { value: 4 } });
    resumed.close();

    // Ids from another server process (other epoch), or evicted from the 5-event buffer: a fresh snapshot.
    const foreign = await open(user.id, { lastEventId: '00000000.1' });
    expect((await foreign.reader.next()).event).toBe('snapshot');
    foreign.close();
    for (let v = 10; v < 17; v += 1) await w.publish(v);
    const tooOld = await open(user.id, { lastEventId: lastSeen });
    const snap = await tooOld.reader.next();
    expect(snap.event).toBe('snapshot');
    expect((snap.data as { properties: { value: unknown }[] }).properties[0]?.value).toBe(16);
    tooOld.close();
    const garbage = await open(user.id, { lastEventId: 'not an id' });
    expect((await garbage.reader.next()).event).toBe('snapshot');
    garbage.close();
  });

  it('sends comment heartbeats', async () => {
    const user = await t.createUser();
    const s = await open(user.id);
    await s.reader.next();
    const before = s.reader.comments;
    await s.reader.waitForComments(before + 2);
    s.close();
  });

  it('caps the streams one user holds open; a closed stream frees its place', async () => {
    const user = await t.createUser();
    const streams = [await open(user.id), await open(user.id), await open(user.id)];
    for (const s of streams) expect(s.statusCode).toBe(200);
    const refused = await open(user.id);
    expect(refused.statusCode).toBe(429);
    expect(refused.body).toMatchObject({ code: 'too_many_requests', status: 429 });
    // Others are not affected.
    const other = await open((await t.createUser()).id);
    expect(other.statusCode).toBe(200);
    other.close();

    streams[0]?.close();
    let again = await open(user.id);
    // The place frees once the server saw the close: retry for as long as a busy machine may need.
    for (const until = Date.now() + 15_000; again.statusCode === 429 && Date.now() < until; ) {
      await new Promise((r) => setTimeout(r, 20));
      again = await open(user.id);
    }
    expect(again.statusCode).toBe(200);
    for (const s of [...streams, again]) s.close();
  });

  it('ends the stream of a member removed from the space', async () => {
    const { space: team, admin, editor: member } = await f.team();
    const s = await open(member.id, { space: team.id });
    await s.reader.nextOf('snapshot');
    const removed = await f.call(
      admin.id,
      'DELETE',
      `/classroom/v1/organizations/${team.id}/members/${member.id}`,
    );
    expect(removed.statusCode).toBeLessThan(300);
    await s.reader.waitForEnd();
  });

  it('works over real HTTP; a disconnect frees the stream and closing the server ends open streams', async () => {
    // A second app on the same database, listening on a real port, with one stream per user.
    const app2 = await createTestApp({}, { live: { maxStreamsPerUser: 1 }, database: t.database });
    await app2.app.listen({ port: 0, host: '127.0.0.1' });
    const address = app2.app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const user = await t.createUser();
    const w = await world(user.id);
    const headers = { authorization: `Bearer ${await app2.tokenFor(user.id)}` };
    const get = () => httpStream(`http://127.0.0.1:${port}${URL}`, headers);

    const first = await get();
    expect(first.statusCode).toBe(200);
    expect((await first.reader.next()).event).toBe('snapshot');
    // Each app has its own in-process bus here: publish through the one streaming.
    const put = await app2.app.inject({
      method: 'PUT',
      url: `/iot/v2/things/${w.thing}/properties/${w.pid}/publish`,
      headers: { ...headers, 'content-type': 'application/json' },
      payload: { value: 30 },
    });
    expect(put.statusCode).toBe(200);
    expect(await first.reader.next()).toMatchObject({ event: 'properties.value', data: { value: 30 } });

    const refused = await get();
    expect(refused.statusCode).toBe(429);
    refused.close();
    first.close();
    let again = await get();
    // The place frees once the server saw the disconnect: retry for as long as a busy machine may need.
    for (const until = Date.now() + 15_000; again.statusCode === 429 && Date.now() < until; ) {
      again.close();
      await new Promise((r) => setTimeout(r, 20));
      again = await get();
    }
    expect(again.statusCode).toBe(200);
    await again.reader.next();
    await app2.close();
    await again.reader.waitForEnd();
  });
});
