/**
 * CSV exports streamed from the store (issue 14 item 5): `POST /iot/v2/series/export`, the short-lived link of
 * `export_link`, and `historic_data` past its old 100,000-value cap.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { iotExports, notifications } from '../../../db/schema/index.ts';
import { iotTestApp } from '../testing/iot-fixtures.ts';
import { at, seriesWorld, T0 } from './series.fixtures.ts';

const { t, f } = await iotTestApp();
afterAll(() => t.close());
const { owner, stranger, thingId, ids } = await seriesWorld(t, f, [
  ['temp', 'FLOAT'],
  ['note', 'CHARSTRING'],
  ['on', 'STATUS'],
  ['where', 'LOCATION'],
  ['count', 'INT'],
  ['burst', 'INT'],
]);
const HEADER = 'time,thing_id,property_id,property_name,property_type,value';
/** Strings a naive CSV writer gets wrong: separators, quotes, line breaks, leading spaces, non-ASCII. */
const TRICKY = ['plain', 'a,b', 'say "hi"', 'two\r\nlines', 'lf\nonly', ' padded ', 'ünï ✓', '', '"', 'null'];
/** More points than one page of an export holds, so paging is crossed. */
const MANY = 25_003;

beforeAll(async () => {
  const point = (name: string, s: number, value: unknown, num: number | null) => ({
    propertyId: ids[name] as string,
    at: new Date(at(s)),
    value,
    num,
  });
  await t.telemetry.write([
    point('temp', -1, 99, 99), // before the range
    point('temp', 0, 21.5, 21.5),
    point('temp', 10, -0.25, -0.25),
    point('temp', 20, 1e-7, 1e-7),
    point('on', 10, true, 1),
    point('on', 30, false, 0),
    point('where', 40, { lat: 45.5, lon: -73.25 }, null),
    ...TRICKY.map((v, i) => point('note', 100 + i, v, null)),
    point('temp', 200, 7, 7), // `to` is excluded
  ]);
  const many = Array.from({ length: MANY }, (_, i) => point('count', 1000 + i, i, i));
  for (let i = 0; i < many.length; i += 5000) await t.telemetry.write(many.slice(i, i + 5000));
});

const post = (user: string, path: string, body: unknown, space?: string) =>
  f.call(user, 'POST', `/iot/v2/series/${path}`, body, { space });

/** RFC 4180 quoting, written out here on purpose rather than reusing the server's writer. */
const quoted = (s: string) => (/[",\r\n]/.test(s) ? `"${s.split('"').join('""')}"` : s);
const line = (s: number, name: string, type: string, value: string) =>
  `${at(s)},${thingId},${ids[name]},${name},${type},${value}`;

describe('CSV export', () => {
  it('streams exactly the stored values of a range, oldest first, strings quoted and escaped', async () => {
    const res = await post(owner, 'export', {
      from: at(0),
      to: at(200),
      properties: [ids.note, ids.temp, ids.on, ids.where],
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="historic-data-2024-06-01.csv"');
    // Two values at the same second (temp and on at +10 s) come in property-id order.
    const at10 = [
      [ids.temp as string, line(10, 'temp', 'FLOAT', '-0.25')],
      [ids.on as string, line(10, 'on', 'STATUS', 'true')],
    ]
      .sort((a, b) => ((a[0] as string) < (b[0] as string) ? -1 : 1))
      .map((x) => x[1]);
    const expected = [
      HEADER,
      line(0, 'temp', 'FLOAT', '21.5'),
      ...at10,
      // Numbers as the store keeps them (exact decimals), not re-printed through a float.
      line(20, 'temp', 'FLOAT', '0.0000001'),
      line(30, 'on', 'STATUS', 'false'),
      // Objects as their JSON text (PostgreSQL's spacing), quoted.
      line(40, 'where', 'LOCATION', '"{""lat"": 45.5, ""lon"": -73.25}"'),
      ...TRICKY.map((v, i) => line(100 + i, 'note', 'CHARSTRING', quoted(v))),
    ];
    expect(res.body).toBe(`${expected.join('\r\n')}\r\n`);
  });

  it('pages through a long series without losing or repeating a value', async () => {
    const res = await post(owner, 'export', {
      from: at(0),
      to: at(1000 + MANY),
      properties: [ids.count, ids.temp],
    });
    expect(res.statusCode).toBe(200);
    const lines = res.body.split('\r\n');
    expect(lines.pop()).toBe('');
    const counts = lines.filter((l) => l.includes(`,${ids.count},`));
    expect(counts).toHaveLength(MANY);
    counts.forEach((l, i) => {
      expect(l).toBe(line(1000 + i, 'count', 'INT', String(i)));
    });
    expect(lines).toHaveLength(1 + MANY + 4);
  });

  it('gives a link that downloads the same CSV without a token for 5 minutes', async () => {
    const body = { from: at(0), to: at(200), properties: [ids.temp, ids.note] };
    const direct = await post(owner, 'export', body);
    const res = await post(owner, 'export_link', body);
    expect(res.statusCode).toBe(201);
    const link = res.json() as { id: string; url: string; expires_at: string };
    expect(link.url).toBe(`http://test.local/iot/v2/series/historic_data/${link.id}`);
    const left = Date.parse(link.expires_at) - Date.now();
    expect(left).toBeGreaterThan(290_000);
    expect(left).toBeLessThanOrEqual(300_000);
    const download = await t.app.inject({ method: 'GET', url: new URL(link.url).pathname });
    expect(download.statusCode).toBe(200);
    expect(download.body).toBe(direct.body);
    expect(download.body.match(/,note,CHARSTRING,/g)).toHaveLength(TRICKY.length);
    await t.db
      .update(iotExports)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(iotExports.id, link.id));
    expect((await t.app.inject({ method: 'GET', url: new URL(link.url).pathname })).statusCode).toBe(404);
  });

  it('refuses properties of another space, for the export and its link alike', async () => {
    const team = await f.space('pro', [[stranger, 'role:pro-admin']], { planId: 'cloud-enterprise' });
    const body = { from: at(0), to: at(200), properties: [ids.temp] };
    for (const path of ['export', 'export_link']) {
      const mine = await post(stranger, path, body);
      expect(mine.statusCode, path).toBe(404);
      expect(mine.json()).toMatchObject({ code: 'not_found', detail: 'Property not found', status: 404 });
      // The owner's property is not in the stranger's team either.
      expect((await post(stranger, path, body, team.id)).statusCode, path).toBe(404);
      // Nor can the owner name a space they are not in.
      const outside = await post(owner, path, body, team.id);
      expect(outside.json()).toMatchObject({ code: 'not_found', detail: 'Space not found' });
      // One readable property does not open the others.
      expect(
        (await post(owner, path, { ...body, properties: [ids.temp, crypto.randomUUID()] })).statusCode,
      ).toBe(404);
    }
    expect(await t.db.select().from(iotExports).where(eq(iotExports.ownerUserId, stranger))).toEqual([]);
  });

  it('refuses a bad range with the error body', async () => {
    for (const path of ['export', 'export_link']) {
      const reversed = await post(owner, path, { from: at(200), to: at(0), properties: [ids.temp] });
      expect(reversed.statusCode).toBe(400);
      expect(reversed.json()).toEqual({
        code: 'validation_error',
        name: 'Validation error',
        detail: '"from" must be before "to".',
        id: expect.any(String),
        status: 400,
        url: `/iot/v2/series/${path}`,
      });
      const empty = await post(owner, path, { from: at(0), to: at(0), properties: [ids.temp] });
      expect(empty.json()).toMatchObject({ code: 'validation_error', detail: '"from" must be before "to".' });
      for (const bad of [
        { from: 'yesterday', to: at(0), properties: [ids.temp] },
        { from: at(0), to: at(10), properties: [] },
        { from: at(0), to: at(10), properties: ['not-a-uuid'] },
        { from: at(0), to: at(10) },
      ]) {
        const res = await post(owner, path, bad);
        expect(res.statusCode, JSON.stringify(bad)).toBe(400);
        expect(res.json()).toMatchObject({ code: 'validation_error', status: 400 });
      }
    }
  });

  it('has no cap on historic_data: the mailed link streams every value, a dense burst too', async () => {
    // 100,001 values a millisecond apart: more than an export page holds in its first window, so it splits.
    const B0 = T0 + 5_000_000;
    const burst = Array.from({ length: 100_001 }, (_, i) => ({
      propertyId: ids.burst as string,
      at: new Date(B0 + i),
      value: i,
      num: i,
    }));
    for (let i = 0; i < burst.length; i += 5000) await t.telemetry.write(burst.slice(i, i + 5000));
    const res = await post(owner, 'historic_data', {
      from: new Date(B0).toISOString(),
      to: new Date(B0 + 200_000).toISOString(),
      properties: [ids.burst],
    });
    expect(res.statusCode).toBe(202);
    const [note] = await t.db.select().from(notifications).where(eq(notifications.userId, owner));
    const download = await t.app.inject({ method: 'GET', url: new URL(note?.link as string).pathname });
    expect(download.statusCode).toBe(200);
    const lines = download.body.split('\r\n');
    expect(lines).toHaveLength(1 + 100_001 + 1);
    lines.slice(1, -1).forEach((l, i) => {
      expect(l).toBe(`${new Date(B0 + i).toISOString()},${thingId},${ids.burst},burst,INT,${i}`);
    });
  });
});
