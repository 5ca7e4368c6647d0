import { gunzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/app.ts';
import { openSameDatabase, openTestDatabase, type TestDatabase } from '../../../../test/database.ts';
import { iotFixtures } from '../testing/iot-fixtures.ts';

// Two apps on one database, as two server processes would be (on PostgreSQL each with its own connection
// pool): app `a` keeps lists in its memory, app `b` (and plain SQL) writes. Only the database's change
// marker can tell `a` that its lists are stale.
let database: TestDatabase;
let second: TestDatabase;
let a: TestApp;
let b: TestApp;
let fa: ReturnType<typeof iotFixtures>;
let fb: ReturnType<typeof iotFixtures>;
beforeAll(async () => {
  database = await openTestDatabase();
  second = await openSameDatabase(database);
  a = await createTestApp({}, { database });
  b = await createTestApp({}, { database: second });
  fa = iotFixtures(a);
  fb = iotFixtures(b);
});
afterAll(async () => {
  await b?.close();
  await a?.close();
  await second?.close();
  await database?.close();
});

type Device = {
  id: string;
  name: string;
  tags?: Record<string, string>;
  last_activity_at?: string;
  device_status?: string;
  thing?: { name: string; properties_count?: number };
};

async function list(
  f: ReturnType<typeof iotFixtures>,
  userId: string,
  opts: { space?: string; query?: string; headers?: Record<string, string> } = {},
) {
  const res = await f.call(userId, 'GET', `/iot/v2/devices${opts.query ? `?${opts.query}` : ''}`, undefined, {
    space: opts.space,
    headers: opts.headers,
  });
  const body = res.headers['content-encoding'] === 'gzip' ? gunzipSync(res.rawPayload).toString() : res.body;
  const devices = res.statusCode === 200 ? (JSON.parse(body) as Device[]) : [];
  return { res, devices, names: devices.map((d) => d.name), etag: res.headers.etag as string | undefined };
}
const names = async (f: ReturnType<typeof iotFixtures>, userId: string, space?: string) =>
  (await list(f, userId, { space })).names;

describe('the cached device list', () => {
  it('answers with a validator, 304 to If-None-Match, and gzip that decodes to the plain body', async () => {
    const user = await a.createUser();
    for (const name of ['g1', 'g2', 'g3']) await fa.device(user.id, { name });
    const plain = await list(fa, user.id);
    expect(plain.res.statusCode).toBe(200);
    expect(plain.etag).toMatch(/^W\/".+"$/);
    expect(plain.res.headers.vary).toBe('Accept-Encoding');
    expect(plain.res.headers['cache-control']).toBe('private, no-cache');
    expect(plain.res.headers['content-encoding']).toBeUndefined();
    expect(plain.names).toEqual(['g1', 'g2', 'g3']);

    const zipped = await list(fa, user.id, { headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(zipped.res.headers['content-encoding']).toBe('gzip');
    expect(zipped.res.headers['content-type']).toBe(plain.res.headers['content-type']);
    expect(zipped.etag).toBe(plain.etag);
    expect(gunzipSync(zipped.res.rawPayload).toString()).toBe(plain.res.body);
    const refused = await list(fa, user.id, { headers: { 'accept-encoding': 'gzip;q=0, identity' } });
    expect(refused.res.headers['content-encoding']).toBeUndefined();
    expect(refused.res.body).toBe(plain.res.body);

    const etag = plain.etag as string;
    for (const held of [etag, etag.slice(2), `"other", ${etag}`, '*']) {
      const again = await list(fa, user.id, { headers: { 'if-none-match': held } });
      expect(again.res.statusCode).toBe(304);
      expect(again.res.body).toBe('');
      expect(again.etag).toBe(etag);
    }
    expect((await list(fa, user.id, { headers: { 'if-none-match': 'W/"other"' } })).res.statusCode).toBe(200);

    await fa.device(user.id, { name: 'g4' });
    const changed = await list(fa, user.id, { headers: { 'if-none-match': etag } });
    expect(changed.res.statusCode).toBe(200);
    expect(changed.etag).not.toBe(etag);
    expect(changed.names).toEqual(['g1', 'g2', 'g3', 'g4']);
  });

  it('is served from memory while the marker holds: a write that bypasses the triggers goes unseen', async () => {
    // This proves the cache is in play, so the tests below that see changes show the marker at work.
    const user = await a.createUser();
    const d = await fa.device(user.id, { name: 'kept' });
    expect(await names(fa, user.id)).toEqual(['kept']);
    await a.db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.execute(sql`update iot_devices set name = 'unseen' where id = ${d.id}`);
    });
    expect(await names(fa, user.id)).toEqual(['kept']);
    // The other app never built this list, so it reads the rows.
    expect(await names(fb, user.id)).toEqual(['unseen']);
    await a.db.execute(sql`update iot_devices set name = 'seen' where id = ${d.id}`);
    expect(await names(fa, user.id)).toEqual(['seen']);
  });

  it('follows every change the list shows: create, update, tags, bind, properties, delete, restore', async () => {
    const user = await a.createUser();
    const d = await fa.device(user.id, { name: 'one' });
    expect(await names(fa, user.id)).toEqual(['one']);
    const steps: [string, () => Promise<unknown>, (ds: Device[]) => unknown][] = [
      ['create', () => fa.device(user.id, { name: 'two' }), (ds) => ds.map((x) => x.name)],
      [
        'update',
        () => fa.call(user.id, 'POST', `/iot/v2/devices/${d.id}`, { name: 'uno' }),
        (ds) => ds.map((x) => x.name),
      ],
      [
        'tag set',
        () => fa.call(user.id, 'PUT', `/iot/v2/devices/${d.id}/tags`, { key: 'room', value: 'lab' }),
        (ds) => ds[0]?.tags,
      ],
      [
        'tag deleted',
        () => fa.call(user.id, 'DELETE', `/iot/v2/devices/${d.id}/tags/room`),
        (ds) => ds[0]?.tags,
      ],
    ];
    for (const [what, change, shown] of steps) {
      const before = shown((await list(fa, user.id)).devices);
      await change();
      expect(shown((await list(fa, user.id)).devices), what).not.toEqual(before);
    }
    expect((await list(fa, user.id)).devices[0]).toMatchObject({ name: 'uno', tags: {} });

    const thing = await fa.thing(user.id, { name: 'Bound', device_id: d.id });
    expect((await list(fa, user.id)).devices[0]?.thing).toMatchObject({ name: 'Bound', properties_count: 0 });
    await fa.call(user.id, 'POST', `/iot/v2/things/${thing.id}`, { name: 'Renamed' });
    expect((await list(fa, user.id)).devices[0]?.thing?.name).toBe('Renamed');
    const prop = await fa.call(user.id, 'PUT', `/iot/v2/things/${thing.id}/properties`, {
      name: 'temp',
      type: 'FLOAT',
      permission: 'READ_ONLY',
      update_strategy: 'ON_CHANGE',
    });
    expect(prop.statusCode).toBe(201);
    expect((await list(fa, user.id)).devices[0]?.thing?.properties_count).toBe(1);
    await fa.call(user.id, 'DELETE', `/iot/v2/things/${thing.id}/properties/${prop.json().id}`);
    expect((await list(fa, user.id)).devices[0]?.thing?.properties_count).toBe(0);
    await fa.call(user.id, 'POST', `/iot/v2/things/${thing.id}`, { device_id: '' });
    expect((await list(fa, user.id)).devices[0]?.thing).toBeUndefined();

    await fa.call(user.id, 'DELETE', `/iot/v2/devices/${d.id}`);
    expect(await names(fa, user.id)).toEqual(['two']);
    expect((await list(fa, user.id, { query: 'show_deleted=true' })).names).toEqual(['uno', 'two']);
    await fa.call(user.id, 'POST', `/iot/v2/devices/${d.id}`, { soft_deleted: false });
    expect(await names(fa, user.id)).toEqual(['uno', 'two']);
    await fa.call(user.id, 'DELETE', `/iot/v2/devices/${d.id}?force=true`);
    expect(await names(fa, user.id)).toEqual(['two']);
    expect((await list(fa, user.id, { query: 'show_deleted=true' })).names).toEqual(['two']);
  });

  it('sees writes made by another server process on the same database, and by hand in SQL', async () => {
    const user = await a.createUser();
    const org = await fa.space('pro', [[user.id, 'role:pro-admin']], { planId: 'cloud-enterprise' });
    const d = await fa.device(user.id, { name: 'first' }, org.id);
    expect(await names(fa, user.id, org.id)).toEqual(['first']);

    await fb.device(user.id, { name: 'second' }, org.id);
    expect(await names(fa, user.id, org.id)).toEqual(['first', 'second']);
    await fb.call(user.id, 'POST', `/iot/v2/devices/${d.id}`, { name: 'first-b' }, { space: org.id });
    expect(await names(fa, user.id, org.id)).toEqual(['first-b', 'second']);
    await fb.call(
      user.id,
      'PUT',
      `/iot/v2/devices/${d.id}/tags`,
      { key: 'k', value: 'v' },
      { space: org.id },
    );
    expect((await list(fa, user.id, { space: org.id })).devices[0]?.tags).toEqual({ k: 'v' });
    const thing = await fb.thing(user.id, { name: 'From b', device_id: d.id }, org.id);
    expect((await list(fa, user.id, { space: org.id })).devices[0]?.thing?.name).toBe('From b');

    await a.db.execute(sql`update iot_devices set name = 'by-hand' where id = ${d.id}`);
    expect(await names(fa, user.id, org.id)).toEqual(['by-hand', 'second']);
    await a.db.execute(sql`update iot_things set name = 'Thing by hand' where id = ${thing.id}`);
    expect((await list(fa, user.id, { space: org.id })).devices[0]?.thing?.name).toBe('Thing by hand');
    await a.db.execute(sql`update iot_devices set status = 'ONLINE' where id = ${d.id}`);
    expect((await list(fa, user.id, { space: org.id })).devices[0]?.device_status).toBe('ONLINE');
    await a.db.execute(sql`delete from iot_devices where id = ${d.id}`);
    expect(await names(fa, user.id, org.id)).toEqual(['second']);
  });

  it('moves a device moved by hand between spaces out of one list and into the other', async () => {
    const user = await a.createUser();
    const org = await fa.space('pro', [[user.id, 'role:pro-admin']], { planId: 'cloud-enterprise' });
    const d = await fa.device(user.id, { name: 'mover' }, org.id);
    await fa.device(user.id, { name: 'stays' });
    expect(await names(fa, user.id, org.id)).toEqual(['mover']);
    expect(await names(fa, user.id)).toEqual(['stays']);
    await b.db.execute(sql`update iot_devices set organization_id = null where id = ${d.id}`);
    expect(await names(fa, user.id, org.id)).toEqual([]);
    expect((await names(fa, user.id)).sort()).toEqual(['mover', 'stays']);
    await b.db.execute(sql`update iot_devices set organization_id = ${org.id} where id = ${d.id}`);
    expect(await names(fa, user.id, org.id)).toEqual(['mover']);
    expect(await names(fa, user.id)).toEqual(['stays']);
  });

  it("names every column of the device row but the folder and the last activity in the marker's trigger", async () => {
    // Migration 0025 lists the columns (a trigger with a list is skipped by activity-only updates); a column
    // added to iot_devices must be added there too, or changing it would leave cached lists stale.
    const read = async (query: ReturnType<typeof sql>) =>
      ((await a.db.execute(query)) as { rows: { name: string }[] }).rows.map((r) => r.name).sort();
    const watched = await read(sql`
      select a.attname as name from pg_trigger t
      join pg_attribute a on a.attrelid = t.tgrelid and a.attnum = any(t.tgattr::int2[])
      where t.tgname = 'iot_devices_mark_update'`);
    const columns = await read(sql`
      select column_name as name from information_schema.columns
      where table_name = 'iot_devices' and table_schema = current_schema()`);
    expect(watched).toEqual(columns.filter((c) => c !== 'folder_id' && c !== 'last_activity_at'));
    expect(watched).toContain('status');
    // Migration 0026 compares those columns as a row: each must be in its WHEN too.
    const definition = (
      (await a.db.execute(
        sql`select pg_get_triggerdef(oid) as def from pg_trigger where tgname = 'iot_devices_mark_update'`,
      )) as { rows: { def: string }[] }
    ).rows[0]?.def;
    const compared = [...(definition ?? '').matchAll(/\bold\.(\w+)/gi)].map((m) => m[1] ?? '').sort();
    expect(compared).toEqual(watched);
  });

  it('shows activity at most a minute old without moving the marker, and ignores property values', async () => {
    const user = await a.createUser();
    const d = await fa.device(user.id, { name: 'busy' });
    const thing = await fa.thing(user.id, { name: 'T', device_id: d.id });
    const marker = async () =>
      (
        (await a.db.execute(
          sql`select devices from iot_change_markers where space_key = ${`u:${user.id}`}`,
        )) as {
          rows: { devices: string | number }[];
        }
      ).rows[0]?.devices;
    // The list's cache keeps a list within the minute it was built: the clock of this process is moved to
    // just after a minute begins, so the steps below stay inside it.
    const minute = (Math.floor(Date.now() / 60_000) + 1) * 60_000;
    const clock = vi.spyOn(Date, 'now').mockReturnValue(minute + 1_000);
    try {
      const activity = async (ms: number) =>
        a.db.execute(
          sql`update iot_devices set last_activity_at = ${new Date(ms).toISOString()} where id = ${d.id}`,
        );
      const shown = async () => (await list(fa, user.id)).devices[0]?.last_activity_at;

      await activity(minute + 5_000);
      expect(await shown()).toBe(new Date(minute + 5_000).toISOString());
      const before = await marker();
      await activity(minute + 30_000);
      await activity(minute + 65_000);
      expect(await marker()).toBe(before);
      // Documented: within the minute the list may show the earlier time.
      expect(await shown()).toBe(new Date(minute + 5_000).toISOString());
      clock.mockReturnValue(minute + 61_000);
      expect(await shown()).toBe(new Date(minute + 65_000).toISOString());
    } finally {
      clock.mockRestore();
    }

    const prop = await fa.call(user.id, 'PUT', `/iot/v2/things/${thing.id}/properties`, {
      name: 'level',
      type: 'INT',
      permission: 'READ_WRITE',
      update_strategy: 'ON_CHANGE',
    });
    const settled = await marker();
    const published = await fa.call(
      user.id,
      'PUT',
      `/iot/v2/things/${thing.id}/properties/${prop.json().id}/publish`,
      { value: 7 },
    );
    expect(published.statusCode).toBe(200);
    expect(await marker()).toBe(settled);
  });

  it('never hands one space or user the answer of another, even when their markers are equal', async () => {
    const [ann, ben, cid] = [await a.createUser(), await a.createUser(), await a.createUser()];
    const shared = await fa.space('pro', [
      [ann.id, 'role:pro-admin'],
      [ben.id, 'role:pro-editor'],
    ]);
    const annOnly = await fa.space('pro', [[ann.id, 'role:pro-admin']]);
    await fa.device(ann.id, { name: 'ann-mine', serial: 'S1' });
    await fa.device(ben.id, { name: 'ben-mine', serial: 'S1' });
    await fa.device(ann.id, { name: 'shared-dev', serial: 'S1' }, shared.id);
    await fa.device(ann.id, { name: 'ann-team', serial: 'S1' }, annOnly.id);
    // Equal markers everywhere: a key made of the marker and the filters alone would now mix lists up.
    await a.db.execute(sql`update iot_change_markers set devices = 42`);

    const seen = async (userId: string, space?: string) => {
      const r = await list(fa, userId, { space, query: 'serial=S1' });
      return r.res.statusCode === 200 ? r.names : r.res.statusCode;
    };
    for (let round = 0; round < 2; round++) {
      expect(await seen(ann.id)).toEqual(['ann-mine']);
      expect(await seen(ben.id)).toEqual(['ben-mine']);
      expect(await seen(cid.id)).toEqual([]);
      expect(await seen(ann.id, shared.id)).toEqual(['shared-dev']);
      expect(await seen(ben.id, shared.id)).toEqual(['shared-dev']);
      expect(await seen(ann.id, annOnly.id)).toEqual(['ann-team']);
      expect(await seen(ben.id, annOnly.id)).toBe(404);
      expect(await seen(cid.id, shared.id)).toBe(404);
    }
    // Filters are part of the key too.
    expect((await list(fa, ann.id, { query: 'serial=S2' })).names).toEqual([]);

    // Membership is checked on every call, before the cache.
    await a.db.execute(
      sql`delete from memberships where organization_id = ${shared.id} and user_id = ${ben.id}`,
    );
    expect(await seen(ben.id, shared.id)).toBe(404);
  });
});
