/**
 * Sketch storage and the files API with writes (issue 26 items 1 and 4): create, write, move, delete,
 * rename, duplicate, the trash, zip, secrets, paths refused, bounds and the disk quota, roles.
 */

import { request as httpRequest } from 'node:http';
import { SKETCH_FILE_MAX_BYTES, SKETCH_MAX_FILES } from '@tinkercloud/shared';
import { eq } from 'drizzle-orm';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, describe, expect, it } from 'vitest';
import { iotSketches, iotSketchSecrets } from '../../../db/schema/index.ts';
import { createEventBus } from '../../live/event-bus.ts';
import type { LiveEvent } from '../../live/live-event.ts';
import { iotTestApp } from '../testing/iot-fixtures.ts';

const events = createEventBus();
const { t, f } = await iotTestApp(undefined, { events });
afterAll(() => t.close());

const ROOT = '$HOME/sketches_v2';
const b64 = (text: string) => Buffer.from(text).toString('base64');
const text = (data: string) => Buffer.from(data, 'base64').toString('utf8');

type Entry = { name: string; path: string; read_only?: boolean };

async function createSketch(userId: string, body: Record<string, unknown>, space?: string) {
  const res = await f.call(userId, 'POST', '/create/v2/sketches', body, { space });
  if (res.statusCode !== 201) throw new Error(`sketch create failed: ${res.statusCode} ${res.body}`);
  return res.json() as { id: string; name: string; files: Entry[]; size: number; ino: Entry };
}

async function rowOf(id: string) {
  return (await t.db.select().from(iotSketches).where(eq(iotSketches.id, id)))[0];
}

async function readFile(userId: string, path: string, space?: string) {
  return f.call(userId, 'GET', `/create/v2/files/f/${path}`, undefined, { space });
}

/**
 * A request sent over a socket with its path as written: HTTP clients (light-my-request and browsers alike)
 * resolve `..` and `.` segments, even encoded, before sending; a hostile client does not.
 */
async function rawPost(userId: string, path: string, body: unknown) {
  if (!t.app.server.listening) await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address() as { port: number };
  const headers = { ...(await f.headersFor(userId)), 'content-type': 'application/json' };
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = httpRequest(
      { host: '127.0.0.1', port: address.port, method: 'POST', path, headers },
      (res) => {
        let text = '';
        res.on('data', (c) => {
          text += c;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
      },
    );
    req.on('error', reject);
    req.end(JSON.stringify(body));
  });
}

const writeFile = (userId: string, path: string, content: string, space?: string) =>
  f.call(userId, 'POST', `/create/v2/files/f/${path}`, { data: b64(content) }, { space });

describe('sketches', () => {
  it('creates a new sketch with an empty setup() and loop(), writes, replaces, moves and deletes files', async () => {
    const user = await t.createUser();
    const heard: LiveEvent[] = [];
    const stop = events.subscribe({ organizationId: null, ownerUserId: user.id }, (e) => heard.push(e));
    const s = await createSketch(user.id, { name: 'Blink' });
    expect(s.files.map((x) => x.name)).toEqual(['Blink.ino']);
    expect(s.ino).toMatchObject({ name: 'Blink.ino', path: `${ROOT}/Blink/Blink.ino` });
    const ino = text((await readFile(user.id, `${ROOT}/Blink/Blink.ino`)).json().data);
    expect(ino).toMatch(/void setup\(\) \{[\s\S]*\}\s*void loop\(\) \{[\s\S]*\}/);

    const created = await writeFile(user.id, `${ROOT}/Blink/led.h`, '#define LED 13\n');
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ name: 'led.h', size: 15 });
    const replaced = await writeFile(user.id, `${ROOT}/Blink/led.h`, '#define LED 2\n');
    expect(replaced.statusCode).toBe(200);
    expect(text((await readFile(user.id, `${ROOT}/Blink/led.h`)).json().data)).toBe('#define LED 2\n');
    expect((await rowOf(s.id))?.bytes).toBe(Buffer.byteLength(ino) + 14);

    const moved = await f.call(user.id, 'POST', '/create/v2/files/mv', {
      from: `${ROOT}/Blink/led.h`,
      to: `${ROOT}/Blink/pins.h`,
    });
    expect(moved.statusCode, moved.body).toBe(204);
    const listed = (await f.call(user.id, 'GET', `/create/v2/files/d/${ROOT}/Blink`)).json() as Entry[];
    expect(listed.map((e) => e.name)).toEqual(['Blink.ino', 'pins.h']);
    // Out of the sketch, onto the main .ino, or the main .ino itself: refused.
    for (const [from, to, status] of [
      [`${ROOT}/Blink/pins.h`, `${ROOT}/Other/pins.h`, 400],
      [`${ROOT}/Blink/pins.h`, `${ROOT}/Blink/Blink.ino`, 409],
      [`${ROOT}/Blink/Blink.ino`, `${ROOT}/Blink/main.ino`, 400],
      [`${ROOT}/Blink/nothing.h`, `${ROOT}/Blink/x.h`, 404],
    ] as const) {
      expect((await f.call(user.id, 'POST', '/create/v2/files/mv', { from, to })).statusCode, to).toBe(
        status,
      );
    }

    expect((await f.call(user.id, 'DELETE', `/create/v2/files/f/${ROOT}/Blink/pins.h`)).statusCode).toBe(204);
    const main = await f.call(user.id, 'DELETE', `/create/v2/files/f/${ROOT}/Blink/Blink.ino`);
    expect(main.statusCode).toBe(400);
    expect(main.json().detail).toMatch(/main \.ino/);
    expect((await rowOf(s.id))?.files.map((x) => x.name)).toEqual(['Blink.ino']);
    // Each committed change was announced for the lists and the editor to read again.
    stop();
    expect(heard.filter((e) => e.type === 'sketches.updated')).toHaveLength(5);
    expect(heard[0]).toMatchObject({ type: 'sketches.updated', data: { sketch_id: s.id } });
    // A name taken: 409.
    expect((await f.call(user.id, 'POST', '/create/v2/sketches', { name: 'Blink' })).statusCode).toBe(409);
  });

  it('creates from an upload: the main .ino takes the name, arduino_secrets.h becomes secrets', async () => {
    const user = await t.createUser();
    const s = await createSketch(user.id, {
      name: 'Weather',
      files: [
        { name: 'station.ino', data: b64('#include "arduino_secrets.h"\nvoid setup() {}\nvoid loop() {}\n') },
        { name: 'util.h', data: b64('int twice(int x);\n') },
        { name: 'arduino_secrets.h', data: b64('#define SECRET_SSID "home"\n#define SECRET_PASS ""\n') },
      ],
    });
    expect(s.files.map((x) => x.name)).toEqual(['Weather.ino', 'util.h']);
    const secrets = (await f.call(user.id, 'GET', `/create/v2/sketches/byID/${s.id}/secrets`)).json();
    expect(secrets.secrets).toEqual([{ name: 'SECRET_SSID', value: 'home' }]);

    const bad = async (files: unknown, status: number) => {
      const res = await f.call(user.id, 'POST', '/create/v2/sketches', { name: 'Bad', files });
      expect(res.statusCode, res.body).toBe(status);
      expect(res.json()).toMatchObject({ status });
    };
    await bad([{ name: 'a.ino', data: 'not base64!' }], 400);
    await bad([{ name: 'a.h', data: b64('int x;') }], 400); // no .ino
    await bad([{ name: 'a.exe', data: b64('x') }], 400);
    await bad([{ name: '../a.ino', data: b64('x') }], 400);
    await bad([{ name: 'a.ino', data: b64('x'.repeat(SKETCH_FILE_MAX_BYTES + 1)) }], 413);
    await bad(
      Array.from({ length: SKETCH_MAX_FILES + 1 }, (_, i) => ({ name: `f${i}.ino`, data: b64('x') })),
      400,
    );
    expect((await f.call(user.id, 'GET', '/groups/v1/sketches')).json().items).toHaveLength(1);
  });

  it('refuses every unsafe path with a 400 in the error body and writes nothing', async () => {
    const user = await t.createUser();
    const s = await createSketch(user.id, { name: 'Safe' });
    const before = await rowOf(s.id);
    // Dot segments are sent over a socket below: inject, like a browser, resolves them first.
    const urls = [
      `${ROOT}/Safe//x.h`,
      `${ROOT}/Safe/%2E%2E`,
      `${ROOT}/Safe%2Fx.h`,
      `${ROOT}/Safe/x%2Fy.h`,
      `${ROOT}/Safe/x%5Cy.h`,
      `${ROOT}/Safe/x\\y.h`,
      `${ROOT}/Safe/x%00.h`,
      `%2F${ROOT}/Safe/x.h`,
      '/etc/x.h',
      'etc/passwd',
      `$HOME/other/Safe/x.h`,
      `${ROOT}/Safe/sub/x.h`,
      `${ROOT}/Safe/x`,
      `${ROOT}/Safe/x.exe`,
      `${ROOT}/Safe/_x.h`,
      `${ROOT}/Safe/x y.h`,
      `${ROOT}/Safe/${'a'.repeat(64)}.h`,
    ];
    for (const path of urls) {
      const res = await f.call(user.id, 'POST', `/create/v2/files/f/${path}`, { data: b64('int x;') });
      expect(res.statusCode, path).toBe(400);
      expect(res.json(), path).toMatchObject({
        status: 400,
        code: expect.any(String),
        detail: expect.any(String),
      });
      expect((await f.call(user.id, 'DELETE', `/create/v2/files/f/${path}`)).statusCode, path).toBe(400);
    }
    for (const path of [
      `${ROOT}/Safe/../Safe/x.h`,
      `${ROOT}/Safe/./x.h`,
      `${ROOT}/Safe/%2E%2E/Safe/x.h`,
      `${ROOT}/../../etc/x.h`,
      `${ROOT}/Safe/..`,
    ]) {
      const res = await rawPost(user.id, `/create/v2/files/f/${path}`, { data: b64('int x;') });
      expect(res.status, path).toBe(400);
      expect(JSON.parse(res.body), path).toMatchObject({ status: 400 });
    }
    for (const to of [`${ROOT}/Safe/../x.h`, `${ROOT}/Safe/x\\y.h`, `${ROOT}/Safe/`, '/Safe/x.h']) {
      const res = await f.call(user.id, 'POST', '/create/v2/files/mv', { from: `${ROOT}/Safe/Safe.ino`, to });
      expect(res.statusCode, to).toBe(400);
    }
    for (const name of ['../x', 'a/b', '.hidden', 'a\\b', '']) {
      expect((await f.call(user.id, 'POST', '/create/v2/sketches', { name })).statusCode, name).toBe(400);
      expect((await f.call(user.id, 'PATCH', `/create/v2/sketches/byID/${s.id}`, { name })).statusCode).toBe(
        400,
      );
    }
    const after = await rowOf(s.id);
    expect(after?.files).toEqual(before?.files);
    expect(after?.name).toBe('Safe');
    expect((await f.call(user.id, 'GET', '/groups/v1/sketches')).json().items).toHaveLength(1);
  });

  it('refuses arduino_secrets.h as a file, a thing sketch’s thingProperties.h, bad content and too many files', async () => {
    const user = await t.createUser();
    const s = await createSketch(user.id, { name: 'Rules' });
    const secrets = await writeFile(user.id, `${ROOT}/Rules/arduino_secrets.h`, '#define SECRET_X "y"\n');
    expect(secrets.statusCode).toBe(400);
    expect(secrets.json().detail).toMatch(/secrets/);

    const thing = await f.thing(user.id, { name: 'Lamp', properties: [] });
    const sketchId = (await f.call(user.id, 'PUT', `/iot/v2/things/${thing.id}/sketch`, {})).json().sketch_id;
    const generated = await writeFile(user.id, `${ROOT}/Lamp/thingProperties.h`, '// mine\n');
    expect(generated.statusCode).toBe(409);
    expect(generated.json().detail).toMatch(/generated/);
    expect(
      (await f.call(user.id, 'DELETE', `/create/v2/files/f/${ROOT}/Lamp/thingProperties.h`)).statusCode,
    ).toBe(409);
    expect((await rowOf(sketchId))?.files.map((x) => x.name)).toEqual(['Lamp.ino', 'thingProperties.h']);

    const path = `${ROOT}/Rules/big.h`;
    const big = await f.call(user.id, 'POST', `/create/v2/files/f/${path}`, {
      data: b64('x'.repeat(SKETCH_FILE_MAX_BYTES + 1)),
    });
    expect(big.statusCode).toBe(413);
    // Far over: the body limit refuses it before it is parsed, in the same error body.
    const huge = await f.call(user.id, 'POST', `/create/v2/files/f/${path}`, {
      data: b64('x'.repeat(SKETCH_FILE_MAX_BYTES * 2)),
    });
    expect(huge.statusCode).toBe(413);
    expect(huge.json()).toMatchObject({ status: 413 });
    const max = await f.call(user.id, 'POST', `/create/v2/files/f/${path}`, {
      data: b64('x'.repeat(SKETCH_FILE_MAX_BYTES)),
    });
    expect(max.statusCode).toBe(201);
    for (const data of ['%%%', 'abc', b64('\u0000'), Buffer.from([0xff, 0xfe]).toString('base64')]) {
      expect(
        (await f.call(user.id, 'POST', `/create/v2/files/f/${ROOT}/Rules/c.h`, { data })).statusCode,
        data,
      ).toBe(400);
    }
    for (let i = 2; i < SKETCH_MAX_FILES; i++) {
      expect((await writeFile(user.id, `${ROOT}/Rules/f${i}.h`, 'x')).statusCode).toBe(201);
    }
    const over = await writeFile(user.id, `${ROOT}/Rules/one_more.h`, 'x');
    expect(over.statusCode).toBe(412);
    expect(over.json().detail).toMatch(`at most ${SKETCH_MAX_FILES} files`);
    expect((await rowOf(s.id))?.files).toHaveLength(SKETCH_MAX_FILES);
  });

  it('answers 412 past the disk quota and writes nothing; the trash counts; the recap shows the bytes', async () => {
    const user = await t.createUser();
    const s = await createSketch(user.id, { name: 'Full' });
    const limit = 100 * 1024 * 1024; // the free plan's create_sketches_disk
    // As if the space held almost 100 MB already (the quota sums the stored byte counts).
    const other = await createSketch(user.id, { name: 'Heavy' });
    await t.db
      .update(iotSketches)
      .set({ bytes: limit - 50 })
      .where(eq(iotSketches.id, other.id));
    const used = (await rowOf(s.id))?.bytes ?? 0;
    await t.db.update(iotSketches).set({ deletedAt: new Date() }).where(eq(iotSketches.id, other.id));

    const before = await rowOf(s.id);
    const res = await writeFile(user.id, `${ROOT}/Full/more.h`, 'x'.repeat(100));
    expect(res.statusCode).toBe(412);
    expect(res.json().detail).toBe(
      'Sketch storage is full: 100 MB of 100 MB used. Delete sketches or empty the trash to make room.',
    );
    expect(await rowOf(s.id)).toEqual(before);
    expect((await f.call(user.id, 'POST', '/create/v2/sketches', { name: 'New' })).statusCode).toBe(412);
    expect((await f.call(user.id, 'POST', `/create/v2/sketches/byID/${s.id}/duplicate`, {})).statusCode).toBe(
      412,
    );
    expect((await f.call(user.id, 'GET', '/groups/v1/sketches')).json().items).toHaveLength(1);
    // Writes that free bytes still pass; a small one fits.
    expect(
      (await writeFile(user.id, `${ROOT}/Full/Full.ino`, 'void setup(){}\nvoid loop(){}\n')).statusCode,
    ).toBe(200);
    const recap = (await f.call(user.id, 'GET', '/restrictions/v1/recap/me')).json();
    expect(recap.usage.create_disk_sketches).toBe(limit - 50 + ((await rowOf(s.id))?.bytes ?? 0));
    expect(used).toBeGreaterThan(0);

    // Two writes at once that fit alone but not together: the per-space lock lets exactly one through.
    await t.db
      .update(iotSketches)
      .set({ bytes: limit - ((await rowOf(s.id))?.bytes ?? 0) - 60 })
      .where(eq(iotSketches.id, other.id));
    const both = await Promise.all([
      writeFile(user.id, `${ROOT}/Full/a.h`, 'x'.repeat(40)),
      writeFile(user.id, `${ROOT}/Full/b.h`, 'x'.repeat(40)),
    ]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([201, 412]);
    expect((await rowOf(s.id))?.files).toHaveLength(2);

    // Purged from the trash, its bytes are free again.
    const purge = await f.call(user.id, 'POST', '/groups/v1/trash/purge', {
      items: [{ kind: 'SKETCH', id: other.id }],
    });
    expect(purge.statusCode).toBe(204);
    expect((await writeFile(user.id, `${ROOT}/Full/more.h`, 'x'.repeat(100))).statusCode).toBe(201);
  });

  it('renames (the main .ino follows), duplicates without secrets or thing, trashes, restores and purges', async () => {
    const user = await t.createUser();
    const thing = await f.thing(user.id, { name: 'Pump', properties: [] });
    const sketchId = (await f.call(user.id, 'PUT', `/iot/v2/things/${thing.id}/sketch`, {})).json().sketch_id;
    const put = await f.call(user.id, 'PUT', `/create/v2/sketches/byID/${sketchId}/secrets`, {
      secrets: [
        { name: 'SECRET_SSID', value: 'net' },
        { name: 'SECRET_OPTIONAL_PASS', value: 'hunter2' },
      ],
    });
    expect(put.statusCode, put.body).toBe(200);

    const renamed = await f.call(user.id, 'PATCH', `/create/v2/sketches/byID/${sketchId}`, { name: 'Pump2' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({
      name: 'Pump2',
      path: `${ROOT}/Pump2`,
      ino: { name: 'Pump2.ino' },
    });
    expect((await readFile(user.id, `${ROOT}/Pump/Pump.ino`)).statusCode).toBe(404);
    await createSketch(user.id, { name: 'Taken' });
    const clash = await f.call(user.id, 'PATCH', `/create/v2/sketches/byID/${sketchId}`, { name: 'Taken' });
    expect(clash.statusCode).toBe(409);
    expect((await rowOf(sketchId))?.name).toBe('Pump2');

    const copy = await f.call(user.id, 'POST', `/create/v2/sketches/byID/${sketchId}/duplicate`, {});
    expect(copy.statusCode, copy.body).toBe(201);
    expect(copy.json()).toMatchObject({ name: 'Pump2_copy', ino: { name: 'Pump2_copy.ino' } });
    expect(copy.json().thing_id).toBeUndefined();
    // No thing: its thingProperties.h is a plain file now.
    expect(copy.json().files.find((e: Entry) => e.name === 'thingProperties.h').read_only).toBeUndefined();
    const again = await f.call(user.id, 'POST', `/create/v2/sketches/byID/${sketchId}/duplicate`, {});
    expect(again.json().name).toBe('Pump2_copy_2');
    const named = await f.call(user.id, 'POST', `/create/v2/sketches/byID/${sketchId}/duplicate`, {
      name: 'Mine',
    });
    expect(named.json().name).toBe('Mine');
    const copied = await t.db
      .select()
      .from(iotSketchSecrets)
      .where(eq(iotSketchSecrets.sketchId, copy.json().id));
    expect(copied).toEqual([]);
    const copySecrets = (
      await f.call(user.id, 'GET', `/create/v2/sketches/byID/${copy.json().id}/secrets`)
    ).json();
    expect(copySecrets.secrets.every((x: { value: string }) => x.value === '')).toBe(true);

    const deleted = await f.call(user.id, 'DELETE', `/create/v2/sketches/byID/${copy.json().id}`);
    expect(deleted.statusCode).toBe(204);
    expect((await f.call(user.id, 'GET', `/create/v2/sketches/byID/${copy.json().id}`)).statusCode).toBe(404);
    expect((await readFile(user.id, `${ROOT}/Pump2_copy/Pump2_copy.ino`)).statusCode).toBe(404);
    const trash = (await f.call(user.id, 'GET', '/groups/v1/trash')).json();
    expect(trash.items).toMatchObject([
      { kind: 'SKETCH', id: copy.json().id, deleted_at: expect.any(String) },
    ]);
    const restored = await f.call(user.id, 'POST', '/groups/v1/trash/restore', {
      items: [{ kind: 'SKETCH', id: copy.json().id }],
    });
    expect(restored.statusCode, restored.body).toBe(204);
    expect((await f.call(user.id, 'GET', `/create/v2/sketches/byID/${copy.json().id}`)).statusCode).toBe(200);
    await f.call(user.id, 'DELETE', `/create/v2/sketches/byID/${again.json().id}`);
    const purged = await f.call(user.id, 'POST', '/groups/v1/trash/purge', {
      items: [{ kind: 'SKETCH', id: again.json().id }],
    });
    expect(purged.statusCode).toBe(204);
    expect(await rowOf(again.json().id)).toBeUndefined();
    expect((await f.call(user.id, 'GET', '/groups/v1/trash')).json().items).toEqual([]);
  });

  it('zips {name}/{file} with arduino_secrets.h naming the secrets, values empty; secrets never in files', async () => {
    const user = await t.createUser();
    const device = await f.device(user.id, { type: 'login_and_secretkey_wifi', name: 'esp' });
    const thing = await f.thing(user.id, { name: 'Zip', device_id: device.id, properties: [] });
    const sketchId = (await f.call(user.id, 'PUT', `/iot/v2/things/${thing.id}/sketch`, {})).json().sketch_id;
    expect(
      (await writeFile(user.id, `${ROOT}/Zip/extra.h`, 'const char* k = SECRET_API_TOKEN;\n')).statusCode,
    ).toBe(201);
    const secrets = await f.call(user.id, 'GET', `/create/v2/sketches/byID/${sketchId}/secrets`);
    expect(
      secrets
        .json()
        .secrets.map((x: { name: string }) => x.name)
        .sort(),
    ).toEqual(['SECRET_API_TOKEN', 'SECRET_DEVICE_KEY', 'SECRET_OPTIONAL_PASS', 'SECRET_SSID']);
    await f.call(user.id, 'PUT', `/create/v2/sketches/byID/${sketchId}/secrets`, {
      secrets: [
        { name: 'SECRET_SSID', value: 'wlan-top-secret' },
        { name: 'SECRET_API_TOKEN', value: 'tok-top-secret' },
      ],
    });
    const stored = (await f.call(user.id, 'GET', `/create/v2/sketches/byID/${sketchId}/secrets`)).json();
    expect(stored.secrets).toContainEqual({ name: 'SECRET_SSID', value: 'wlan-top-secret' });

    const zip = await f.call(user.id, 'GET', `/create/v2/sketches/byID/${sketchId}/zip`);
    expect(zip.statusCode).toBe(200);
    expect(zip.headers['content-type']).toBe('application/zip');
    const entries = unzipSync(new Uint8Array(zip.rawPayload));
    expect(Object.keys(entries).sort()).toEqual([
      'Zip/Zip.ino',
      'Zip/arduino_secrets.h',
      'Zip/extra.h',
      'Zip/thingProperties.h',
    ]);
    const header = strFromU8(entries['Zip/arduino_secrets.h'] as Uint8Array);
    expect(header).toContain('#define SECRET_SSID ""');
    expect(header).toContain('#define SECRET_API_TOKEN ""');
    expect(header).toContain('#define SECRET_DEVICE_KEY ""');
    const all = Object.values(entries)
      .map((e) => strFromU8(e))
      .join('\n');
    expect(all).not.toContain('top-secret');

    // Nowhere in the files API either.
    const deep = (await f.call(user.id, 'GET', `/create/v2/files/d/${ROOT}?deep=true`)).json() as Entry[];
    expect(deep.map((e) => e.name)).not.toContain('arduino_secrets.h');
    for (const e of deep.filter((x) => x.path.split('/').length === 4)) {
      expect(text((await readFile(user.id, e.path)).json().data)).not.toContain('top-secret');
    }
    expect(
      JSON.stringify((await f.call(user.id, 'GET', `/create/v2/sketches/byID/${sketchId}`)).json()),
    ).not.toContain('top-secret');
    // Nor in a template made from the thing, nor in its .tino archive.
    const tpl = await f.call(user.id, 'POST', '/storage/template/v1/', {
      name: 'Kit',
      thing_ids: [thing.id],
    });
    expect(tpl.statusCode, tpl.body).toBe(201);
    expect(tpl.body).not.toContain('top-secret');
    const archive = await f.call(user.id, 'GET', `/storage/template/archive/v1/${tpl.json().template_id}`);
    expect(archive.statusCode).toBe(200);
    const packed = unzipSync(new Uint8Array(archive.rawPayload));
    expect(
      Object.values(packed)
        .map((e) => strFromU8(e))
        .join('\n'),
    ).not.toContain('top-secret');
    // An empty value removes a secret; a bad name is a 400.
    const cleared = await f.call(user.id, 'PUT', `/create/v2/sketches/byID/${sketchId}/secrets`, {
      secrets: [{ name: 'SECRET_SSID', value: '' }],
    });
    expect(cleared.json().secrets).toContainEqual({ name: 'SECRET_SSID', value: '' });
    expect(
      (
        await f.call(user.id, 'PUT', `/create/v2/sketches/byID/${sketchId}/secrets`, {
          secrets: [{ name: 'PASSWORD', value: 'x' }],
        })
      ).statusCode,
    ).toBe(400);
  });

  it('lets a student edit class sketches but not delete them; another space sees 404', async () => {
    const { space: school, admin, student } = await f.school({ planId: 'cloud-classroom' });
    const outsider = await t.createUser();
    const s = await createSketch(admin.id, { name: 'Class' }, school.id);
    const opts = { space: school.id };
    expect((await writeFile(student.id, `${ROOT}/Class/lesson.h`, 'int a;\n', school.id)).statusCode).toBe(
      201,
    );
    expect(
      (await f.call(student.id, 'PATCH', `/create/v2/sketches/byID/${s.id}`, { name: 'Class2' }, opts))
        .statusCode,
    ).toBe(200);
    const del = await f.call(student.id, 'DELETE', `/create/v2/sketches/byID/${s.id}`, undefined, opts);
    expect(del.statusCode).toBe(403);
    expect((await rowOf(s.id))?.deletedAt).toBeNull();

    // Not in My Cloud of the admin, not for someone outside the school.
    expect((await f.call(admin.id, 'GET', `/create/v2/sketches/byID/${s.id}`)).statusCode).toBe(404);
    expect((await readFile(admin.id, `${ROOT}/Class2/Class2.ino`)).statusCode).toBe(404);
    expect((await writeFile(admin.id, `${ROOT}/Class2/x.h`, 'x')).statusCode).toBe(404);
    expect(
      (await f.call(outsider.id, 'GET', `/create/v2/sketches/byID/${s.id}`, undefined, opts)).statusCode,
    ).toBe(404);
    expect(
      (await f.call(outsider.id, 'DELETE', `/create/v2/sketches/byID/${s.id}`, undefined, opts)).statusCode,
    ).toBe(404);
    expect(
      (await f.call(admin.id, 'DELETE', `/create/v2/sketches/byID/${s.id}`, undefined, opts)).statusCode,
    ).toBe(204);
  });
});

describe("a thing's code in step with the thing", () => {
  it('regenerates thingProperties.h when a variable is added, keeps the edited .ino and appends the callback', async () => {
    const user = await t.createUser();
    const thing = await f.thing(user.id, {
      name: 'Garden',
      properties: [{ name: 'led', type: 'STATUS', permission: 'READ_WRITE', update_strategy: 'ON_CHANGE' }],
    });
    const sketchId = (await f.call(user.id, 'PUT', `/iot/v2/things/${thing.id}/sketch`, {})).json().sketch_id;
    const inoPath = `${ROOT}/Garden/Garden.ino`;
    const original = text((await readFile(user.id, inoPath)).json().data);
    const edited = original.replace(
      '  // Your code here: read sensors into the variables, act on their values.',
      '  digitalWrite(LED_BUILTIN, led); // mine, untouched',
    );
    expect((await writeFile(user.id, inoPath, edited)).statusCode).toBe(200);

    const heard: LiveEvent[] = [];
    const stop = events.subscribe({ organizationId: null, ownerUserId: user.id }, (e) => heard.push(e));
    const added = await f.call(user.id, 'PUT', `/iot/v2/things/${thing.id}/properties`, {
      name: 'pump',
      type: 'STATUS',
      permission: 'READ_WRITE',
      update_strategy: 'ON_CHANGE',
    });
    expect(added.statusCode, added.body).toBe(201);
    // The regenerated code is announced, so an editor open on the sketch reads it without a reload.
    stop();
    expect(heard).toContainEqual(
      expect.objectContaining({ type: 'sketches.updated', data: { sketch_id: sketchId } }),
    );
    const ino = text((await readFile(user.id, inoPath)).json().data);
    expect(ino.startsWith(edited)).toBe(true);
    expect(ino.slice(edited.length)).toBe(
      '\n// Called when the cloud writes pump.\nvoid onPumpChange() {\n  // Act on the new value here.\n}\n',
    );
    expect(ino.match(/void onLedChange\(\) \{/g)).toHaveLength(1);
    const h = text((await readFile(user.id, `${ROOT}/Garden/thingProperties.h`)).json().data);
    expect(h).toContain('ArduinoCloud.addProperty(pump, READWRITE, ON_CHANGE, onPumpChange);');

    // A callback the user wrote in another file is not appended again; a read-only variable gets none.
    await writeFile(user.id, `${ROOT}/Garden/handlers.cpp`, 'void onFanChange() {\n  fan();\n}\n');
    for (const p of [
      { name: 'fan', type: 'STATUS', permission: 'READ_WRITE', update_strategy: 'ON_CHANGE' },
      { name: 'temp', type: 'TEMPERATURE', permission: 'READ_ONLY', update_strategy: 'ON_CHANGE' },
    ]) {
      expect((await f.call(user.id, 'PUT', `/iot/v2/things/${thing.id}/properties`, p)).statusCode).toBe(201);
    }
    const after = text((await readFile(user.id, inoPath)).json().data);
    expect(after).toBe(ino);
    const h2 = text((await readFile(user.id, `${ROOT}/Garden/thingProperties.h`)).json().data);
    expect(h2).toContain('CloudTemperature temp;');
    expect(h2).toContain('onFanChange');

    // Deleting a variable regenerates the header and leaves the user's code alone.
    const pump = added.json().id as string;
    expect(
      (await f.call(user.id, 'DELETE', `/iot/v2/things/${thing.id}/properties/${pump}`)).statusCode,
    ).toBe(200);
    const h3 = text((await readFile(user.id, `${ROOT}/Garden/thingProperties.h`)).json().data);
    expect(h3).not.toContain('pump');
    expect(text((await readFile(user.id, inoPath)).json().data)).toBe(ino);
    expect((await rowOf(sketchId))?.files.map((x) => x.name)).toEqual([
      'Garden.ino',
      'thingProperties.h',
      'handlers.cpp',
    ]);
  });

  it('regenerates thingProperties.h when the device is bound, unbound or changes type', async () => {
    const user = await t.createUser();
    const thing = await f.thing(user.id, { name: 'Board', properties: [] });
    await f.call(user.id, 'PUT', `/iot/v2/things/${thing.id}/sketch`, {});
    const header = async () => text((await readFile(user.id, `${ROOT}/Board/thingProperties.h`)).json().data);
    expect(await header()).not.toContain('DEVICE_LOGIN_NAME');

    const device = await f.device(user.id, { type: 'login_and_secretkey_wifi', name: 'esp' });
    const bound = await f.call(user.id, 'POST', `/iot/v2/things/${thing.id}`, { device_id: device.id });
    expect(bound.statusCode, bound.body).toBe(200);
    expect(await header()).toContain(`const char DEVICE_LOGIN_NAME[] = "${device.id}";`);

    const typed = await f.call(user.id, 'POST', `/iot/v2/devices/${device.id}`, { type: 'mkrwifi1010' });
    expect(typed.statusCode, typed.body).toBe(200);
    expect(await header()).not.toContain('DEVICE_LOGIN_NAME');
    const eth = await f.call(user.id, 'POST', `/iot/v2/devices/${device.id}`, { connection_type: 'eth' });
    expect(eth.statusCode, eth.body).toBe(200);
    expect(await header()).toContain('EthernetConnectionHandler');

    const unbound = await f.call(user.id, 'POST', `/iot/v2/things/${thing.id}`, { device_id: null });
    expect(unbound.statusCode, unbound.body).toBe(200);
    expect(await header()).toContain('WiFiConnectionHandler');

    // A device deleted (to the trash) leaves its thing unbound, in the code too.
    const esp = await f.device(user.id, { type: 'login_and_secretkey_wifi', name: 'esp2' });
    await f.call(user.id, 'POST', `/iot/v2/things/${thing.id}`, { device_id: esp.id });
    expect(await header()).toContain(`const char DEVICE_LOGIN_NAME[] = "${esp.id}";`);
    expect((await f.call(user.id, 'DELETE', `/iot/v2/devices/${esp.id}`)).statusCode).toBe(200);
    expect(await header()).not.toContain('DEVICE_LOGIN_NAME');
  });
});
