/**
 * Onboarding records (issue 5 item 6): start and end from the browser, the list and its event stream, marked
 * provisioned when the device connects; the board catalogue.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { injectStream } from '../../../test/sse.ts';
import { iotFixtures } from '../iot/testing/iot-fixtures.ts';
import { createLocalBus } from '../live/local-bus.ts';
import { markProvisioned } from './mark-provisioned.ts';

let t: TestApp;
let f: ReturnType<typeof iotFixtures>;
const bus = createLocalBus();
beforeAll(async () => {
  t = await createTestApp({}, { events: bus });
  f = iotFixtures(t);
});
afterAll(() => t?.close());

const BASE = '/provisioning/v1/onboarding';
type Onboarding = {
  id: string;
  device_id: string;
  device_name: string;
  provisioned_at: string | null;
  ended_at: string | null;
  deleted_at: string | null;
};

async function stream(userId: string, space?: string) {
  const headers = await f.headersFor(userId, space ? { 'x-organization': space } : {});
  return injectStream(t.app, `${BASE}/sse`, headers);
}
const listOf = (data: unknown) => (data as { onboardings: Onboarding[] }).onboardings;

describe('onboarding', () => {
  it('starts once per waiting device, lists, shows and ends', async () => {
    const user = await t.createUser();
    const device = await f.device(user.id, { name: 'garden-board' });
    const started = await f.call(user.id, 'POST', BASE, { device_id: device.id });
    expect(started.statusCode).toBe(201);
    const o = started.json() as Onboarding;
    expect(o).toEqual({
      id: expect.any(String),
      device_id: device.id,
      device_name: 'garden-board',
      provisioned_at: null,
      ended_at: null,
      deleted_at: null,
      created_at: expect.any(String),
    });
    const again = await f.call(user.id, 'POST', BASE, { device_id: device.id });
    expect(again.statusCode).toBe(200);
    expect(again.json().id).toBe(o.id);

    const list = await f.call(user.id, 'GET', BASE);
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual({ onboardings: [started.json()] });
    expect((await f.call(user.id, 'GET', `${BASE}/${o.id}`)).json()).toEqual(started.json());

    const ended = await f.call(user.id, 'DELETE', `${BASE}/${o.id}`);
    expect(ended.statusCode).toBe(200);
    const endedAt = ended.json().ended_at;
    expect(endedAt).toEqual(expect.any(String));
    // Ending twice changes nothing; a new start makes a new onboarding.
    expect((await f.call(user.id, 'DELETE', `${BASE}/${o.id}`)).json().ended_at).toBe(endedAt);
    const next = await f.call(user.id, 'POST', BASE, { device_id: device.id });
    expect(next.statusCode).toBe(201);
    expect(next.json().id).not.toBe(o.id);
    // A deleted device's onboardings carry its deletion time.
    expect((await f.call(user.id, 'DELETE', `/iot/v2/devices/${device.id}`)).statusCode).toBe(200);
    const after = listOf((await f.call(user.id, 'GET', BASE)).json());
    expect(after.map((x) => [x.id, x.deleted_at !== null])).toEqual([
      [next.json().id, true],
      [o.id, true],
    ]);
  });

  it("answers 'Onboarding ID not found' for unknown ids and other users' onboardings", async () => {
    const owner = await t.createUser();
    const other = await t.createUser();
    const device = await f.device(owner.id);
    const o = (await f.call(owner.id, 'POST', BASE, { device_id: device.id })).json() as Onboarding;
    for (const [user, id] of [
      [owner.id, '3fa85f64-5717-4562-b3fc-2c963f66afa6'],
      [owner.id, 'not-an-id'],
      [other.id, o.id],
    ] as const) {
      for (const method of ['GET', 'DELETE'] as const) {
        const res = await f.call(user, method, `${BASE}/${id}`);
        expect(res.statusCode, `${method} ${id}`).toBe(404);
        expect(res.json()).toMatchObject({
          code: 'not_found',
          name: 'Not found',
          detail: 'Onboarding ID not found',
          status: 404,
        });
      }
    }
    expect((await f.call(owner.id, 'GET', `${BASE}/${o.id}`)).json().ended_at).toBeNull();
    // Another user's device, a missing device, a malformed body.
    const notMine = await f.call(other.id, 'POST', BASE, { device_id: device.id });
    expect(notMine.statusCode).toBe(404);
    expect(notMine.json()).toMatchObject({ detail: 'Device not found' });
    expect((await f.call(other.id, 'POST', BASE, { device_id: 'x' })).statusCode).toBe(400);
    expect((await f.call(other.id, 'GET', BASE)).json()).toEqual({ onboardings: [] });
    expect((await f.call(null, 'GET', BASE)).statusCode).toBe(401);
  });

  it('keeps spaces apart: an onboarding in a team space is listed there only; outsiders get 404', async () => {
    const user = await t.createUser();
    const outsider = await t.createUser();
    const team = await f.space('pro', [[user.id, 'role:pro-admin']], { planId: 'cloud-enterprise' });
    const device = await f.device(user.id, {}, team.id);
    // The device is not in My Cloud.
    expect((await f.call(user.id, 'POST', BASE, { device_id: device.id })).statusCode).toBe(404);
    const inTeam = await f.call(user.id, 'POST', BASE, { device_id: device.id }, { space: team.id });
    expect(inTeam.statusCode).toBe(201);
    expect(listOf((await f.call(user.id, 'GET', BASE, undefined, { space: team.id })).json())).toHaveLength(
      1,
    );
    expect(listOf((await f.call(user.id, 'GET', BASE)).json())).toHaveLength(0);
    const stranger = await f.call(outsider.id, 'GET', BASE, undefined, { space: team.id });
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json()).toMatchObject({ detail: 'Space not found' });
    const strangerStream = await stream(outsider.id, team.id);
    expect(strangerStream.statusCode).toBe(404);
  });

  it('marks the onboardings of several devices connecting together in one go, each once', async () => {
    const user = await t.createUser();
    const a = await f.device(user.id);
    const b = await f.device(user.id);
    const idle = await f.device(user.id);
    for (const d of [a, b, idle]) await f.call(user.id, 'POST', BASE, { device_id: d.id });
    expect(await markProvisioned(t.db, bus, [a.id, b.id])).toBe(2);
    expect(await markProvisioned(t.db, bus, [a.id, b.id])).toBe(0);
    const list = (await f.call(user.id, 'GET', BASE)).json() as { onboardings: Onboarding[] };
    const provisioned = (id: string) => list.onboardings.find((o) => o.device_id === id)?.provisioned_at;
    expect(provisioned(a.id)).toEqual(expect.any(String));
    expect(provisioned(b.id)).toEqual(expect.any(String));
    expect(provisioned(idle.id)).toBeNull();
  });

  it('streams the list at once and at each change, and marks it provisioned when the device connects', async () => {
    const user = await t.createUser();
    const other = await t.createUser();
    const device = await f.device(user.id, { name: 'kitchen' });
    const otherDevice = await f.device(other.id);
    const s = await stream(user.id);
    const otherStream = await stream(other.id);
    expect(s.statusCode).toBe(200);
    expect(s.headers['content-type']).toMatch(/^text\/event-stream/);
    expect(await s.reader.next()).toEqual({ event: 'onboardings', data: { onboardings: [] } });
    expect(listOf((await otherStream.reader.next()).data)).toEqual([]);

    const o = (await f.call(user.id, 'POST', BASE, { device_id: device.id })).json() as Onboarding;
    const afterStart = listOf((await s.reader.nextOf('onboardings')).data);
    expect(afterStart).toMatchObject([{ id: o.id, device_name: 'kitchen', provisioned_at: null }]);

    expect(await markProvisioned(t.db, bus, device.id)).toBe(1);
    const afterConnect = listOf((await s.reader.nextOf('onboardings')).data);
    expect(afterConnect[0]?.provisioned_at).toEqual(expect.any(String));
    // Connecting again changes nothing; an ended onboarding is never marked.
    expect(await markProvisioned(t.db, bus, device.id)).toBe(0);
    const second = (await f.call(user.id, 'POST', BASE, { device_id: device.id })).json() as Onboarding;
    await s.reader.nextOf('onboardings');
    await f.call(user.id, 'DELETE', `${BASE}/${second.id}`);
    await s.reader.nextOf('onboardings');
    expect(await markProvisioned(t.db, bus, device.id)).toBe(0);

    // The other user's stream heard none of it: its next event is its own onboarding.
    const theirs = (await f.call(other.id, 'POST', BASE, { device_id: otherDevice.id })).json() as Onboarding;
    expect(listOf((await otherStream.reader.next()).data).map((x) => x.id)).toEqual([theirs.id]);
    s.close();
    otherStream.close();
  });
});

describe('GET /boards/v1/boards', () => {
  it('lists the catalogue /iot/v1/supported/devices lists, behind sign-in', async () => {
    const user = await t.createUser();
    const boards = await f.call(user.id, 'GET', '/boards/v1/boards');
    expect(boards.statusCode).toBe(200);
    const supported = await f.call(user.id, 'GET', '/iot/v1/supported/devices');
    expect(boards.json()).toEqual({ boards: supported.json() });
    expect(boards.json().boards).toContainEqual(
      expect.objectContaining({ type: 'unor4wifi', label: 'Arduino UNO R4 WiFi', provisioning: 'v2' }),
    );
    expect((await f.call(null, 'GET', '/boards/v1/boards')).statusCode).toBe(401);
  });

  it('documents the provisioning, boards and live routes in the OpenAPI document', async () => {
    const doc = (await t.app.inject('/openapi.json')).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
    expect(Object.keys(doc.paths['/provisioning/v1/onboarding'] ?? {})).toEqual(['get', 'post']);
    expect(Object.keys(doc.paths['/provisioning/v1/onboarding/{id}'] ?? {})).toEqual(['get', 'delete']);
    expect(doc.paths['/provisioning/v1/onboarding/sse']).toHaveProperty('get');
    expect(doc.paths['/boards/v1/boards']).toHaveProperty('get');
    expect(doc.paths['/live/v1/events']).toHaveProperty('get');
  });
});
