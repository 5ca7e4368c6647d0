/**
 * The thing's sketch (ThingsV2 createSketch, updateSketch, deleteSketch): generated from the thing's
 * variables and device, stored, attached through `sketch_id`; isolation between spaces and bad input.
 */
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { iotSketches, iotThings } from '../../../db/schema/index.ts';
import { iotTestApp } from '../testing/iot-fixtures.ts';

const { t, f } = await iotTestApp();
afterAll(() => t.close());

const TEMP = {
  name: 'temperature',
  type: 'TEMPERATURE',
  permission: 'READ_ONLY',
  update_strategy: 'TIMED',
  update_parameter: 10,
};
const LED = { name: 'led', type: 'STATUS', permission: 'READ_WRITE', update_strategy: 'ON_CHANGE' };

async function sketchOf(id: string) {
  const rows = await t.db.select().from(iotSketches).where(eq(iotSketches.id, id));
  return rows[0];
}
const fileOf = (s: { files: { name: string; content: string }[] } | undefined, name: string) =>
  s?.files.find((x) => x.name === name)?.content ?? '';

describe('PUT /iot/v2/things/{id}/sketch', () => {
  it('generates the sketch of a secret-key device thing, stores it and answers 201 with the thing', async () => {
    const user = await t.createUser();
    const device = await f.device(user.id, { type: 'login_and_secretkey_wifi', name: 'esp' });
    const thing = await f.thing(user.id, {
      name: 'Green house',
      device_id: device.id,
      properties: [TEMP, LED],
    });

    const res = await f.call(user.id, 'PUT', `/iot/v2/things/${thing.id}/sketch`, { sketch_version: 'v2' });
    expect(res.statusCode).toBe(201);
    expect(res.headers['content-type']).toMatch(/^application\/vnd\.arduino\.thing\+json/);
    const body = res.json();
    expect(body).toMatchObject({ id: thing.id, device_id: device.id, sketch_id: expect.any(String) });
    expect(body.properties).toHaveLength(2);

    const sketch = await sketchOf(body.sketch_id);
    expect(sketch).toMatchObject({
      name: 'Green_house',
      thingId: thing.id,
      sketchVersion: 'v2',
      ownerUserId: user.id,
    });
    // arduino_secrets.h is not a stored file: the secrets API names what the connection needs.
    expect(sketch?.files.map((x) => x.name)).toEqual(['Green_house.ino', 'thingProperties.h']);
    const h = fileOf(sketch, 'thingProperties.h');
    expect(h).toContain('CloudTemperature temperature;');
    expect(h).toContain('bool led;');
    expect(h).toContain('ArduinoCloud.addProperty(temperature, READ, 10 * SECONDS, NULL);');
    expect(h).toContain('ArduinoCloud.addProperty(led, READWRITE, ON_CHANGE, onLedChange);');
    expect(h).toContain(`const char DEVICE_LOGIN_NAME[] = "${device.id}";`);
    expect(h).toContain('ArduinoCloud.setSecretDeviceKey(DEVICE_KEY);');
    expect(fileOf(sketch, 'Green_house.ino')).toContain('void onLedChange() {');
    const secrets = await f.call(user.id, 'GET', `/create/v2/sketches/byID/${body.sketch_id}/secrets`);
    expect(secrets.json().secrets).toContainEqual({ name: 'SECRET_DEVICE_KEY', value: '' });

    // Shown as attached; a second sketch of the same name gets the next free name.
    const shown = await f.call(user.id, 'GET', `/iot/v2/things/${thing.id}`);
    expect(shown.json().sketch_id).toBe(body.sketch_id);
    const again = await f.call(user.id, 'PUT', `/iot/v2/things/${thing.id}/sketch`, { sketch_version: 'v1' });
    expect(again.statusCode).toBe(201);
    const second = await sketchOf(again.json().sketch_id);
    expect(second).toMatchObject({ name: 'Green_house_2', sketchVersion: 'v1' });
    expect(fileOf(second, 'thingProperties.h')).toContain(`const char THING_ID[] = "${thing.id}";`);
  });

  it('attaches an existing sketch (regenerating it with a version), detaches keeping the sketch', async () => {
    const user = await t.createUser();
    const a = await f.thing(user.id, { name: 'A', properties: [TEMP] });
    const b = await f.thing(user.id, { name: 'B', properties: [LED] });
    const sketchId = (await f.call(user.id, 'PUT', `/iot/v2/things/${a.id}/sketch`, {})).json().sketch_id;

    const attached = await f.call(user.id, 'PUT', `/iot/v2/things/${b.id}/sketch/${sketchId}`);
    expect(attached.statusCode, attached.body).toBe(200);
    expect(attached.json()).toMatchObject({ id: b.id, sketch_id: sketchId });
    expect(fileOf(await sketchOf(sketchId), 'thingProperties.h')).toContain('temperature');

    const regenerated = await f.call(user.id, 'PUT', `/iot/v2/things/${b.id}/sketch/${sketchId}`, {
      sketch_version: 'v2',
    });
    expect(regenerated.statusCode).toBe(200);
    const h = fileOf(await sketchOf(sketchId), 'thingProperties.h');
    expect(h).toContain('bool led;');
    expect(h).not.toContain('temperature');

    const detached = await f.call(user.id, 'DELETE', `/iot/v2/things/${b.id}/sketch`);
    expect(detached.statusCode).toBe(200);
    expect(detached.json().id).toBe(b.id);
    expect(detached.json().sketch_id).toBeUndefined();
    expect(await sketchOf(sketchId)).toBeDefined();
    // Detaching twice is harmless.
    expect((await f.call(user.id, 'DELETE', `/iot/v2/things/${b.id}/sketch`)).statusCode).toBe(200);
    // The thing's own sketch stays attached to A.
    expect((await f.call(user.id, 'GET', `/iot/v2/things/${a.id}`)).json().sketch_id).toBe(sketchId);
  });

  it("never reaches another space's thing or sketch", async () => {
    const alice = await t.createUser();
    const bob = await t.createUser();
    const team = await f.space('pro', [[alice.id, 'role:pro-admin']], { planId: 'cloud-enterprise' });
    const aliceThing = await f.thing(alice.id, { properties: [TEMP] });
    const teamThing = await f.thing(alice.id, { properties: [TEMP] }, team.id);
    const bobThing = await f.thing(bob.id, {});
    const aliceSketch = (await f.call(alice.id, 'PUT', `/iot/v2/things/${aliceThing.id}/sketch`, {})).json()
      .sketch_id as string;

    // Bob cannot generate, attach to, or detach from Alice's thing, nor attach Alice's sketch to his own.
    expect((await f.call(bob.id, 'PUT', `/iot/v2/things/${aliceThing.id}/sketch`, {})).statusCode).toBe(404);
    expect((await f.call(bob.id, 'DELETE', `/iot/v2/things/${aliceThing.id}/sketch`)).statusCode).toBe(404);
    const steal = await f.call(bob.id, 'PUT', `/iot/v2/things/${bobThing.id}/sketch/${aliceSketch}`);
    expect(steal.statusCode).toBe(404);
    expect(steal.json()).toMatchObject({ status: 404 });
    expect(
      (await f.call(bob.id, 'PUT', `/iot/v2/things/${team.id}/sketch`, {}, { space: team.id })).statusCode,
    ).toBe(404);
    // Alice's My Cloud sketch is not a sketch of her team space either.
    const cross = await f.call(
      alice.id,
      'PUT',
      `/iot/v2/things/${teamThing.id}/sketch/${aliceSketch}`,
      undefined,
      {
        space: team.id,
      },
    );
    expect(cross.statusCode).toBe(404);
    const [row] = await t.db.select().from(iotThings).where(eq(iotThings.id, teamThing.id));
    expect(row?.sketchId).toBeNull();
    const [bobRow] = await t.db.select().from(iotThings).where(eq(iotThings.id, bobThing.id));
    expect(bobRow?.sketchId).toBeNull();
    expect((await f.call(alice.id, 'GET', `/iot/v2/things/${aliceThing.id}`)).json().sketch_id).toBe(
      aliceSketch,
    );
  });

  it('refuses bad input with 4xx and the error body, changing nothing', async () => {
    const user = await t.createUser();
    const thing = await f.thing(user.id, {});
    const url = `/iot/v2/things/${thing.id}/sketch`;
    for (const [method, path, body] of [
      ['PUT', url, { sketch_version: 'v3' }],
      ['PUT', url, { sketch_version: 2 }],
      ['PUT', '/iot/v2/things/not-a-uuid/sketch', {}],
      ['PUT', `${url}/not-a-uuid`, {}],
      ['DELETE', '/iot/v2/things/not-a-uuid/sketch', undefined],
    ] as const) {
      const res = await f.call(user.id, method, path, body);
      expect(res.statusCode, `${method} ${path} ${JSON.stringify(body)}`).toBe(400);
      expect(res.headers['content-type']).toMatch(/^application\/vnd\.goa\.error\+json/);
      expect(res.json()).toMatchObject({ status: 400, code: expect.any(String), detail: expect.any(String) });
    }
    const missing = '3fa85f64-5717-4562-b3fc-2c963f66afa6';
    expect((await f.call(user.id, 'PUT', `/iot/v2/things/${missing}/sketch`, {})).statusCode).toBe(404);
    expect((await f.call(user.id, 'PUT', `${url}/${missing}`, {})).statusCode).toBe(404);
    expect((await f.call(null, 'PUT', url, {})).statusCode).toBe(401);
    const [row] = await t.db.select().from(iotThings).where(eq(iotThings.id, thing.id));
    expect(row?.sketchId).toBeNull();
    expect(await t.db.select().from(iotSketches).where(eq(iotSketches.ownerUserId, user.id))).toEqual([]);
  });

  it('answers 412 for a thing whose device runs no sketch', async () => {
    const user = await t.createUser();
    const device = await f.device(user.id, { type: 'phone', name: 'phone' });
    const thing = await f.thing(user.id, { device_id: device.id });
    const res = await f.call(user.id, 'PUT', `/iot/v2/things/${thing.id}/sketch`, {});
    expect(res.statusCode).toBe(412);
    expect(res.json()).toMatchObject({ status: 412 });
  });
});

describe('the generated sketch as read-only files (/create/v2)', () => {
  it('shows the sketch by id, lists its folder and serves its files; nothing of another space', async () => {
    const user = await t.createUser();
    const other = await t.createUser();
    const thing = await f.thing(user.id, { name: 'Pond', properties: [TEMP, LED] });
    const sketchId = (await f.call(user.id, 'PUT', `/iot/v2/things/${thing.id}/sketch`, {})).json().sketch_id;

    const shown = await f.call(user.id, 'GET', `/create/v2/sketches/byID/${sketchId}`);
    expect(shown.statusCode).toBe(200);
    expect(shown.json()).toMatchObject({
      id: sketchId,
      name: 'Pond',
      path: '$HOME/sketches_v2/Pond',
      thing_id: thing.id,
      sketch_version: 'v2',
      ino: { name: 'Pond.ino', path: '$HOME/sketches_v2/Pond/Pond.ino', type: 'file' },
    });
    expect(shown.json().files.map((x: { name: string }) => x.name)).toEqual([
      'Pond.ino',
      'thingProperties.h',
    ]);
    expect(shown.json().files[1]).toMatchObject({ name: 'thingProperties.h', read_only: true });

    const root = await f.call(user.id, 'GET', '/create/v2/files/d/%24HOME/sketches_v2');
    expect(root.statusCode).toBe(200);
    expect(root.json()).toEqual([expect.objectContaining({ name: 'Pond', type: 'folder' })]);
    const deep = await f.call(user.id, 'GET', '/create/v2/files/d/$HOME/sketches_v2?deep=true');
    expect(deep.json().map((e: { path: string }) => e.path)).toEqual([
      '$HOME/sketches_v2/Pond',
      '$HOME/sketches_v2/Pond/Pond.ino',
      '$HOME/sketches_v2/Pond/thingProperties.h',
    ]);
    const folder = await f.call(user.id, 'GET', '/create/v2/files/d/$HOME/sketches_v2/Pond');
    expect(folder.json()).toHaveLength(2);

    const file = await f.call(user.id, 'GET', '/create/v2/files/f/$HOME/sketches_v2/Pond/thingProperties.h');
    expect(file.statusCode).toBe(200);
    expect(file.json()).toMatchObject({ name: 'thingProperties.h', mimetype: 'text/x-chdr' });
    const text = Buffer.from(file.json().data, 'base64').toString('utf8');
    expect(text).toContain('ArduinoCloud.addProperty(led, READWRITE, ON_CHANGE, onLedChange);');
    expect(file.json().size).toBe(Buffer.byteLength(text));

    // Another user sees none of it; paths outside the root, of the wrong kind or too deep are 400; no token 401.
    expect((await f.call(other.id, 'GET', `/create/v2/sketches/byID/${sketchId}`)).statusCode).toBe(404);
    expect((await f.call(other.id, 'GET', '/create/v2/files/d/$HOME/sketches_v2')).json()).toEqual([]);
    expect((await f.call(other.id, 'GET', '/create/v2/files/d/$HOME/sketches_v2/Pond')).statusCode).toBe(404);
    const stolen = await f.call(other.id, 'GET', '/create/v2/files/f/$HOME/sketches_v2/Pond/Pond.ino');
    expect(stolen.statusCode).toBe(404);
    expect(stolen.json()).toMatchObject({ status: 404, code: 'not_found' });
    for (const path of [
      '/create/v2/files/f/$HOME/sketches_v2/Pond/%2E%2E',
      '/create/v2/files/f/etc/passwd',
      '/create/v2/files/f/$HOME/sketches_v2/Pond',
      '/create/v2/files/d/$HOME/sketches_v2/Pond/deeper',
    ]) {
      const res = await f.call(user.id, 'GET', path);
      expect(res.statusCode, path).toBe(400);
      expect(res.json()).toMatchObject({ status: 400, code: 'bad_request' });
    }
    expect((await f.call(user.id, 'GET', '/create/v2/sketches/byID/not-a-uuid')).statusCode).toBe(400);
    expect((await f.call(user.id, 'GET', '/create/v2/files/d/$HOME/sketches_v2?deep=maybe')).statusCode).toBe(
      400,
    );
    expect((await f.call(null, 'GET', `/create/v2/sketches/byID/${sketchId}`)).statusCode).toBe(401);
  });
});

describe('generated sketches in the group lists', () => {
  it('lists them under /groups/v1/sketches and moves them between sketch folders; other users see none', async () => {
    const user = await t.createUser();
    const other = await t.createUser();
    const thing = await f.thing(user.id, { name: 'Hive' });
    const sketchId = (await f.call(user.id, 'PUT', `/iot/v2/things/${thing.id}/sketch`, {})).json().sketch_id;

    const listed = await f.call(user.id, 'GET', '/groups/v1/sketches');
    expect(listed.statusCode).toBe(200);
    expect(listed.json()).toMatchObject({
      folders: [],
      items: [{ id: sketchId, kind: 'SKETCH', name: 'Hive' }],
    });
    const folder = (
      await f.call(user.id, 'POST', '/groups/v1/folders', { name: 'Bees', kind: 'SKETCH' })
    ).json();
    const moved = await f.call(user.id, 'PUT', '/groups/v1/items', {
      kind: 'SKETCH',
      ids: [sketchId],
      folder_id: folder.id,
    });
    expect(moved.statusCode).toBe(204);
    const inFolder = await f.call(user.id, 'GET', `/groups/v1/sketches?parent_id=${folder.id}`);
    expect(inFolder.json().items).toMatchObject([{ id: sketchId, folderId: folder.id }]);
    expect((await f.call(user.id, 'GET', '/groups/v1/sketches')).json().items).toEqual([]);

    expect((await f.call(other.id, 'GET', '/groups/v1/sketches')).json()).toEqual({ folders: [], items: [] });
    const steal = await f.call(other.id, 'PUT', '/groups/v1/items', {
      kind: 'SKETCH',
      ids: [sketchId],
      folder_id: null,
    });
    expect(steal.statusCode).toBe(404);
  });
});
