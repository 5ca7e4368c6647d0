import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/app.ts';
import { iotExports, iotProperties, mailOutbox, notifications } from '../../../db/schema/index.ts';
import { createSpacesRepository } from '../../spaces/spaces.repository.ts';
import { numericReading } from '../catalogue/property-types.ts';
import { iotTestApp } from '../testing/iot-fixtures.ts';
import { at, seriesWorld, T0 } from './series.fixtures.ts';

const { t, f } = await iotTestApp();
afterAll(() => t.close());
const { owner, stranger, thingId, ids } = await seriesWorld(t, f, [
  ['temp', 'FLOAT'],
  ['on', 'STATUS'],
  ['note', 'CHARSTRING'],
]);

beforeAll(async () => {
  const store = async (name: string, values: [number, unknown][]) => {
    const [row] = await t.db
      .select()
      .from(iotProperties)
      .where(eq(iotProperties.id, ids[name] as string));
    if (!row) throw new Error('no property');
    await t.telemetry.write(
      values.map(([s, v]) => ({
        propertyId: row.id,
        at: new Date(at(s)),
        value: v,
        num: numericReading(row.type, v),
      })),
    );
  };
  await store('temp', [
    [0, 10],
    [30, 20],
    [60, 30],
    [90, 50],
  ]);
  await store('on', [
    [0, false],
    [30, true],
    [60, false],
    [90, false],
  ]);
  await store('note', [
    [10, 'a'],
    [70, 'b'],
  ]);
});

const post = (user: string, path: string, body: unknown) =>
  f.call(user, 'POST', `/iot/v2/series/${path}`, body);

describe('series v2', () => {
  it('returns raw values newest first, by property or by thing, within from/to and the limit', async () => {
    const res = await post(owner, 'batch_query_raw', {
      resp_version: 1,
      requests: [
        { q: `property.${ids.temp}` },
        { q: `property.${ids.temp}`, sort: 'ASC', from: at(30), to: at(90), series_limit: 10 },
        { q: `property.${ids.note}`, series_limit: 1 },
      ],
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/vnd\.arduino\.series\.raw\.batch\+json/);
    const [all, window, one] = res.json().responses;
    expect(all).toMatchObject({
      query: `property.${ids.temp}`,
      status: 'ok',
      resp_version: 1,
      property_id: ids.temp,
      property_name: 'temp',
      property_type: 'FLOAT',
      thing_id: thingId,
      sort: 'DESC',
      count_values: 4,
      values: [50, 30, 20, 10],
      series: { metric: `property.${ids.temp}` },
    });
    expect(all.times[0]).toBe(at(90).replace('.000Z', '.000Z'));
    expect(window).toMatchObject({ sort: 'ASC', values: [20, 30], from_date: at(30), to_date: at(90) });
    expect(one).toMatchObject({ values: ['b'], count_values: 1 });

    const byThing = (
      await post(owner, 'batch_query_raw', { resp_version: 1, requests: [{ q: `thing.${thingId}` }] })
    ).json();
    expect(byThing.responses.map((r: { property_name: string }) => r.property_name)).toEqual([
      'temp',
      'on',
      'note',
    ]);
  });

  it('bins numeric values with AVG by default and BOOL_OR for booleans; other types answer an error entry', async () => {
    const res = await post(owner, 'batch_query', {
      resp_version: 1,
      requests: [
        { q: `property.${ids.temp}`, from: at(0), to: at(120), interval: 60 },
        { q: `property.${ids.temp}`, from: at(0), to: at(120), interval: 60, aggregation: 'MAX' },
        { q: `property.${ids.on}`, from: at(0), to: at(120), interval: 60 },
        { q: `property.${ids.note}`, from: at(0), to: at(120), interval: 60 },
      ],
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/vnd\.arduino\.series\.batch\+json/);
    const [avg, max, bool, text] = res.json().responses;
    expect(avg).toMatchObject({
      status: 'ok',
      aggregation: 'AVG',
      interval: 60,
      values: [15, 40],
      times: [at(0), at(60)],
    });
    expect(max.values).toEqual([20, 50]);
    expect(bool).toMatchObject({ aggregation: 'BOOL_OR', values: [1, 0] });
    expect(text).toMatchObject({ status: 'error', count_values: 0, values: [] });
  });

  it('samples one value per interval and gives last values', async () => {
    const sampled = await post(owner, 'batch_query_sampling', {
      resp_version: 1,
      requests: [{ q: `property.${ids.note}`, from: at(0), to: at(120), interval: 60 }],
    });
    expect(sampled.statusCode).toBe(200);
    expect(sampled.json().responses[0]).toMatchObject({
      values: ['a', 'b'],
      times: [at(0), at(60)],
      interval: 60,
    });
    const last = await post(owner, 'batch_query_raw/lastvalue', {
      requests: [
        { property_id: ids.temp, thing_id: thingId },
        { property_id: ids.note, thing_id: '3fa85f64-5717-4562-b3fc-2c963f66afa6' },
      ],
    });
    expect(last.statusCode).toBe(200);
    expect(last.headers['content-type']).toMatch(
      /^application\/vnd\.arduino\.series\.raw\.batch\.lastvalue\+json/,
    );
    expect(last.json()).toEqual({
      status: 'ok',
      responses: [
        { property_id: ids.temp, thing_id: thingId, count_values: 1, times: [at(90)], values: [50] },
        {
          property_id: ids.note,
          thing_id: '3fa85f64-5717-4562-b3fc-2c963f66afa6',
          count_values: 0,
          times: [],
          values: [],
        },
      ],
    });
  });

  it("shows nothing of another user's or another space's properties", async () => {
    const queries = [`property.${ids.temp}`, `thing.${thingId}`];
    const raw = (
      await post(stranger, 'batch_query_raw', { resp_version: 1, requests: queries.map((q) => ({ q })) })
    ).json();
    for (const r of raw.responses) expect(r).toMatchObject({ status: 'error', count_values: 0, values: [] });
    expect(JSON.stringify(raw)).not.toContain('temp');
    const agg = (
      await post(stranger, 'batch_query', {
        resp_version: 1,
        requests: queries.map((q) => ({ q, from: at(0), to: at(120) })),
      })
    ).json();
    for (const r of agg.responses) expect(r).toMatchObject({ status: 'error', values: [] });
    const last = (
      await post(stranger, 'batch_query_raw/lastvalue', {
        requests: [{ property_id: ids.temp, thing_id: thingId }],
      })
    ).json();
    expect(last.responses[0]).toMatchObject({ count_values: 0, values: [] });
    const team = await f.space('pro', [[owner, 'role:pro-admin']], { planId: 'cloud-enterprise' });
    const inTeam = await f.call(
      owner,
      'POST',
      '/iot/v2/series/batch_query_raw',
      { resp_version: 1, requests: [{ q: `property.${ids.temp}` }] },
      { space: team.id },
    );
    expect(inTeam.json().responses[0]).toMatchObject({ status: 'error', values: [] });
  });

  it('reads raw values in a team space for its members only, as the space gate does', async () => {
    const admin = (await t.createUser()).id;
    const roleless = (await t.createUser()).id;
    const team = await f.space('pro', [[admin, 'role:pro-admin']], { planId: 'cloud-enterprise' });
    // A membership whose roles allow nothing (none the app hands out today).
    await createSpacesRepository(t.db).insertMembership(team.id, roleless, ['role:none']);
    const thing = await f.thing(
      admin,
      {
        properties: [{ name: 'hum', type: 'FLOAT', permission: 'READ_WRITE', update_strategy: 'ON_CHANGE' }],
      },
      team.id,
    );
    const hum = thing.properties?.[0]?.id as string;
    await t.telemetry.write([{ propertyId: hum, at: new Date(at(1)), value: 41, num: 41 }]);
    const body = { resp_version: 1, requests: [{ q: `property.${hum}` }, { q: `property.${ids.temp}` }] };
    const as = (user: string, space?: string) =>
      f.call(user, 'POST', '/iot/v2/series/batch_query_raw', body, { space });

    const read = await as(admin, team.id);
    expect(read.statusCode).toBe(200);
    const [inTeam, mine] = read.json().responses;
    expect(inTeam).toMatchObject({ status: 'ok', values: [41], thing_id: thing.id, property_name: 'hum' });
    // The owner's My Cloud property is not in the team space.
    expect(mine).toMatchObject({ status: 'error', values: [] });
    expect((await as(admin)).json().responses[0]).toMatchObject({ status: 'error', values: [] });
    expect((await as(stranger, team.id)).statusCode).toBe(404);
    expect((await as(admin, 'not-a-uuid')).statusCode).toBe(404);
    expect((await as(roleless, team.id)).statusCode).toBe(403);
    // The space answers before the body's ranges are looked at.
    const badRange = { resp_version: 1, requests: [{ q: `property.${hum}`, from: at(9), to: at(1) }] };
    const refused = await f.call(stranger, 'POST', '/iot/v2/series/batch_query_raw', badRange, {
      space: team.id,
    });
    expect(refused.statusCode).toBe(404);
    expect(
      (await f.call(admin, 'POST', '/iot/v2/series/batch_query_raw', badRange, { space: team.id }))
        .statusCode,
    ).toBe(400);
  });

  it('shows a published value at once, newest first', async () => {
    const query = { resp_version: 1, requests: [{ q: `property.${ids.temp}`, series_limit: 1 }] };
    const before = (await post(owner, 'batch_query_raw', query)).json().responses[0];
    const published = await f.call(owner, 'PUT', `/iot/v2/things/${thingId}/properties/${ids.temp}/publish`, {
      value: 77.5,
    });
    expect(published.statusCode).toBeLessThan(300);
    const after = (await post(owner, 'batch_query_raw', query)).json().responses[0];
    expect(after.values).toEqual([77.5]);
    expect(Date.parse(after.times[0])).toBeGreaterThan(Date.parse(before.times[0]));
  });

  it('answers a batch of more than eight requests as the same requests one by one', async () => {
    const requests = [
      { q: `property.${ids.temp}`, to: at(100) },
      { q: `thing.${thingId}`, sort: 'ASC', to: at(100) },
      { q: `property.${ids.note}`, to: at(100) },
      { q: `property.${ids.on}`, sort: 'ASC', series_limit: 2, to: at(100) },
      { q: `thing.${crypto.randomUUID()}` },
      { q: `property.${ids.temp}`, from: at(30), to: at(61), sort: 'ASC' },
      { q: `property.${ids.temp}`, from: at(30), to: at(61) },
      { q: `property.${ids.note}`, series_limit: 1, sort: 'ASC', to: at(100) },
      { q: `property.${ids.on}`, to: at(100) },
      { q: `thing.${thingId}`, series_limit: 1, to: at(100) },
    ];
    const batch = await post(owner, 'batch_query_raw', { resp_version: 3, requests });
    expect(batch.statusCode).toBe(200);
    const oneByOne = [];
    for (const r of requests) {
      const res = await post(owner, 'batch_query_raw', { resp_version: 3, requests: [r] });
      oneByOne.push(...res.json().responses);
    }
    const withoutNow = (r: { to_date: string; query: string }) => ({ ...r, to_date: undefined });
    expect(batch.json().responses.map(withoutNow)).toEqual(oneByOne.map(withoutNow));
    expect(batch.json().responses).toHaveLength(requests.length + 4);
    expect(batch.json().responses[7]).toMatchObject({ values: [20, 30], count_values: 2, sort: 'ASC' });
  });

  it('answers each request of a mixed batch only with what the caller may read', async () => {
    const mine = await f.thing(stranger, {
      properties: [{ name: 'own', type: 'FLOAT', permission: 'READ_WRITE', update_strategy: 'ON_CHANGE' }],
    });
    const own = mine.properties?.[0]?.id as string;
    await t.telemetry.write([{ propertyId: own, at: new Date(at(5)), value: 7, num: 7 }]);
    const res = await post(stranger, 'batch_query_raw', {
      resp_version: 1,
      requests: [
        { q: `property.${ids.temp}` },
        { q: `thing.${mine.id}`, sort: 'ASC' },
        { q: `thing.${thingId}` },
        { q: `property.${own}`, from: at(0), to: at(120) },
      ],
    });
    const [foreign, ownThing, foreignThing, ownProperty] = res.json().responses;
    expect(foreign).toMatchObject({ status: 'error', values: [] });
    expect(ownThing).toMatchObject({ status: 'ok', property_id: own, values: [7], times: [at(5)] });
    expect(foreignThing).toMatchObject({ status: 'error', values: [] });
    expect(ownProperty).toMatchObject({ status: 'ok', values: [7] });
    expect(res.json().responses).toHaveLength(4);
  });

  it('draws a 15-day chart of 500 buckets from rollups, not raw points', async () => {
    const chart = await f.thing(owner, {
      properties: [{ name: 'level', type: 'FLOAT', permission: 'READ_WRITE', update_strategy: 'ON_CHANGE' }],
    });
    const level = chart.properties?.[0]?.id as string;
    const to = new Date(T0 + 86_400_000 + 17_250);
    const from = new Date(to.getTime() - 15 * 86_400_000);
    // A value every 10 minutes over the last 3 days of the range.
    const points = Array.from({ length: 3 * 144 }, (_, i) => ({
      propertyId: level,
      at: new Date(to.getTime() - (i + 1) * 600_000),
      value: i % 7,
      num: i % 7,
    }));
    await t.telemetry.write(points);
    const query = (aggregation?: string) =>
      post(owner, 'batch_query', {
        resp_version: 1,
        requests: [
          {
            q: `property.${level}`,
            from: from.toISOString(),
            to: to.toISOString(),
            series_limit: 500,
            aggregation,
          },
        ],
      });
    const before = (await query('SUM')).json().responses[0];
    expect(before).toMatchObject({ status: 'ok', interval: 2592 });
    expect(before.values.reduce((a: number, b: number) => a + b, 0)).toBe(
      points.reduce((a, p) => a + p.value, 0),
    );
    await t.db.execute(sql`delete from telemetry_points where property_id = ${level}::uuid`);
    expect((await query('SUM')).json().responses[0]).toEqual(before);
    // A percentile needs the raw points, which are gone now.
    expect((await query('PCT_50')).json().responses[0]).toMatchObject({ status: 'ok', values: [] });
  });

  it('refuses malformed requests with 400', async () => {
    for (const [path, body] of [
      ['batch_query_raw', { requests: [{ q: `property.${ids.temp}` }] }],
      ['batch_query_raw', { resp_version: 1, requests: [] }],
      ['batch_query_raw', { resp_version: 1, requests: [{ q: 'device.123' }] }],
      ['batch_query_raw', { resp_version: 1, requests: [{ q: `property.${ids.temp}`, sort: 'UP' }] }],
      [
        'batch_query_raw',
        { resp_version: 1, requests: [{ q: `property.${ids.temp}`, from: at(60), to: at(0) }] },
      ],
      ['batch_query', { resp_version: 1, requests: [{ q: `property.${ids.temp}` }] }],
      [
        'batch_query',
        {
          resp_version: 1,
          requests: [{ q: `property.${ids.temp}`, from: at(0), to: at(60), interval: 86_401 }],
        },
      ],
      [
        'batch_query',
        {
          resp_version: 1,
          requests: [{ q: `property.${ids.temp}`, from: at(0), to: at(60), aggregation: 'MEDIAN' }],
        },
      ],
      ['batch_query_sampling', { resp_version: 1, requests: [{ q: `property.${ids.temp}`, interval: 10 }] }],
      ['batch_query_raw/lastvalue', { requests: [{ property_id: 'nope', thing_id: thingId }] }],
    ] as const) {
      const res = await post(owner, path, body);
      expect(res.statusCode, `${path} ${JSON.stringify(body)}`).toBe(400);
      expect(res.headers['content-type']).toBe('application/vnd.goa.error+json');
    }
  });

  it('exports historic data as a CSV (202), mails and notifies the link, serves it until it expires', async () => {
    const res = await post(owner, 'historic_data', {
      from: at(0),
      to: at(120),
      properties: [ids.temp, ids.note],
    });
    expect(res.statusCode).toBe(202);
    expect(res.body).toBe('');
    const [note] = await t.db.select().from(notifications).where(eq(notifications.userId, owner));
    expect(note).toMatchObject({ kind: 'historic_data', title: 'Your historic data is ready' });
    const link = note?.link as string;
    expect(link).toMatch(/^http:\/\/test\.local\/iot\/v2\/series\/historic_data\/[0-9a-f-]{36}$/);
    const mails = await t.db.select().from(mailOutbox);
    expect(mails.some((m) => m.text.includes(link))).toBe(true);
    const download = await t.app.inject({ method: 'GET', url: new URL(link).pathname });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toMatch(/^text\/csv/);
    expect(download.headers['content-disposition']).toBe(
      'attachment; filename="historic-data-2024-06-01.csv"',
    );
    const lines = download.body.trim().split('\r\n');
    expect(lines[0]).toBe('time,thing_id,property_id,property_name,property_type,value');
    expect(lines.slice(1)).toEqual([
      `${at(0)},${thingId},${ids.temp},temp,FLOAT,10`,
      `${at(10)},${thingId},${ids.note},note,CHARSTRING,a`,
      `${at(30)},${thingId},${ids.temp},temp,FLOAT,20`,
      `${at(60)},${thingId},${ids.temp},temp,FLOAT,30`,
      `${at(70)},${thingId},${ids.note},note,CHARSTRING,b`,
      `${at(90)},${thingId},${ids.temp},temp,FLOAT,50`,
    ]);
    const exportId = new URL(link).pathname.split('/').pop() as string;
    await t.db
      .update(iotExports)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(iotExports.id, exportId));
    expect((await t.app.inject({ method: 'GET', url: new URL(link).pathname })).statusCode).toBe(404);
    expect(
      (await t.app.inject({ method: 'GET', url: '/iot/v2/series/historic_data/not-a-uuid' })).statusCode,
    ).toBe(400);
  });

  it('refuses historic data of properties the caller cannot read, and bad ranges', async () => {
    expect(
      (await post(stranger, 'historic_data', { from: at(0), to: at(120), properties: [ids.temp] }))
        .statusCode,
    ).toBe(404);
    expect(
      (await post(owner, 'historic_data', { from: at(120), to: at(0), properties: [ids.temp] })).statusCode,
    ).toBe(400);
    expect(
      (await post(owner, 'historic_data', { from: at(0), to: at(120), properties: [] })).statusCode,
    ).toBe(400);
    expect(await t.db.select().from(notifications).where(eq(notifications.userId, stranger))).toEqual([]);
  });
});

describe('raw windows kept between calls', () => {
  let thing: string;
  let level: string;
  const raw = async (app: TestApp, request: Record<string, unknown>) => {
    const res = await app.app.inject({
      method: 'POST',
      url: '/iot/v2/series/batch_query_raw',
      headers: { authorization: `Bearer ${await app.tokenFor(owner)}`, 'content-type': 'application/json' },
      payload: { resp_version: 1, requests: [{ q: `property.${level}`, ...request }] },
    });
    expect(res.statusCode).toBe(200);
    return res.json().responses[0] as { values: unknown[]; times: string[] };
  };

  beforeAll(async () => {
    await f.grantPlan(owner);
    const made = await f.thing(owner, {
      name: 'Kept',
      properties: [{ name: 'level', type: 'FLOAT', permission: 'READ_WRITE', update_strategy: 'ON_CHANGE' }],
    });
    thing = made.id;
    level = made.properties?.[0]?.id as string;
    await t.telemetry.write([{ propertyId: level, at: new Date(at(50)), value: 5, num: 5 }]);
  });

  it('show a point written before the last value (a backlog) at once', async () => {
    const window = { from: at(0), to: at(100), sort: 'ASC' };
    expect((await raw(t, window)).values).toEqual([5]);
    expect((await raw(t, window)).values).toEqual([5]);
    await t.telemetry.write([{ propertyId: level, at: new Date(at(20)), value: 2, num: 2 }]);
    expect((await raw(t, window)).values).toEqual([2, 5]);
  });

  it('show a value published through another server process on the same database at once', async () => {
    expect((await raw(t, { series_limit: 1 })).values).toEqual([5]);
    // Its start-up maintenance expires the old points: the answer kept above is then stale on two counts.
    const other = await createTestApp({}, { database: t.database });
    try {
      const published = await other.app.inject({
        method: 'PUT',
        url: `/iot/v2/things/${thing}/properties/${level}/publish`,
        headers: {
          authorization: `Bearer ${await other.tokenFor(owner)}`,
          'content-type': 'application/json',
        },
        payload: { value: 9 },
      });
      expect(published.statusCode).toBeLessThan(300);
      expect((await raw(t, { series_limit: 1 })).values).toEqual([9]);
      expect((await raw(other, { series_limit: 1 })).values).toEqual([9]);
    } finally {
      await other.close();
    }
  });

  it('drop points retention deleted (the last test: it expires every old point of this database)', async () => {
    const window = { from: at(0), to: at(100), sort: 'ASC' };
    await t.telemetry.write([{ propertyId: level, at: new Date(at(30)), value: 3, num: 3 }]);
    expect((await raw(t, window)).values).toEqual([3]);
    expect((await raw(t, window)).values).toEqual([3]);
    const report = await t.telemetry.maintain();
    expect(report.purged + report.dropped.length).toBeGreaterThan(0);
    expect((await raw(t, window)).values).toEqual([]);
  });
});
