import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { iotProperties } from '../../../db/schema/index.ts';
import { iotTestApp, readWriteProperty as prop } from '../testing/iot-fixtures.ts';

const { t, f } = await iotTestApp();
afterAll(() => t.close());

async function setup() {
  const user = await t.createUser();
  const thing = await f.thing(user.id);
  const base = `/iot/v2/things/${thing.id}/properties`;
  return { user, thing, base };
}

describe('properties v2', () => {
  it('creates with PUT (201), lists, shows, updates with POST, deletes soft then for good', async () => {
    const { user, thing, base } = await setup();
    const created = await f.call(
      user.id,
      'PUT',
      base,
      prop('Living room light', 'HOME_COLORED_LIGHT', { variable_name: 'livingRoom' }),
    );
    expect(created.statusCode).toBe(201);
    expect(created.headers['content-type']).toMatch(/^application\/vnd\.arduino\.property\+json(;|$)/);
    const p = created.json();
    expect(p).toMatchObject({
      href: `${base}/${p.id}`,
      name: 'Living room light',
      variable_name: 'livingRoom',
      thing_id: thing.id,
      type: 'HOME_COLORED_LIGHT',
      permission: 'READ_WRITE',
      update_strategy: 'ON_CHANGE',
      tag: 1,
      persist: true,
      linked_to_trigger: false,
    });
    expect(p).not.toHaveProperty('last_value');
    const list = await f.call(user.id, 'GET', base);
    expect(list.headers['content-type']).toMatch(
      /^application\/vnd\.arduino\.property\+json; type=collection/,
    );
    expect(list.json()).toHaveLength(1);
    const updated = await f.call(user.id, 'POST', `${base}/${p.id}`, {
      ...prop('Light', 'HOME_COLORED_LIGHT', { variable_name: 'livingRoom', persist: false }),
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({ id: p.id, name: 'Light', persist: false });
    expect((await f.call(user.id, 'DELETE', `${base}/${p.id}`)).statusCode).toBe(200);
    expect((await f.call(user.id, 'GET', `${base}/${p.id}`)).statusCode).toBe(404);
    expect(
      (await f.call(user.id, 'GET', `${base}/${p.id}?show_deleted=true`)).json().deleted_at,
    ).toBeTruthy();
    expect((await f.call(user.id, 'GET', `${base}?show_deleted=true`)).json()).toHaveLength(1);
    // The variable name is free again once the property is deleted.
    expect(
      (await f.call(user.id, 'PUT', base, prop('Again', 'STATUS', { variable_name: 'livingRoom' })))
        .statusCode,
    ).toBe(201);
    expect((await f.call(user.id, 'DELETE', `${base}/${p.id}?force=true`)).statusCode).toBe(200);
    expect(await t.db.select().from(iotProperties).where(eq(iotProperties.id, p.id))).toEqual([]);
  });

  it('refuses bad payloads and duplicate variable names', async () => {
    const { user, base } = await setup();
    expect((await f.call(user.id, 'PUT', base, prop('count', 'INT'))).statusCode).toBe(201);
    const dup = await f.call(user.id, 'PUT', base, prop('Count again', 'INT', { variable_name: 'count' }));
    expect(dup.statusCode).toBe(409);
    for (const bad of [
      { type: 'INT', permission: 'READ_WRITE', update_strategy: 'ON_CHANGE' },
      prop('x', 'NOT_A_TYPE'),
      prop('x', 'INT', { permission: 'WRITE_ONLY' }),
      prop('x', 'INT', { update_strategy: 'SOMETIMES' }),
      prop('x', 'INT', { variable_name: 'has space' }),
      prop('x', 'INT', { update_parameter: -1 }),
      prop('x', 'INT', { min_value: 10, max_value: 1 }),
      prop('x', 'HOME_MOTION_SENSOR'),
      prop('x'.repeat(65), 'INT'),
    ]) {
      const r = await f.call(user.id, 'PUT', base, bad);
      expect(r.statusCode, JSON.stringify(bad)).toBe(400);
    }
    expect((await f.call(user.id, 'GET', base)).json()).toHaveLength(1);
    const missingThing = '/iot/v2/things/3fa85f64-5717-4562-b3fc-2c963f66afa6/properties';
    expect((await f.call(user.id, 'PUT', missingThing, prop('y', 'INT'))).statusCode).toBe(404);
  });

  it('publishes values checked against the type: last value and time, stored when persisted', async () => {
    const { user, base } = await setup();
    const cases: [string, string, unknown, unknown][] = [
      ['msg', 'CHARSTRING', 'hello', 42],
      ['ratio', 'FLOAT', 0.25, 'x'],
      ['count', 'INT', 7, 7.5],
      ['on', 'STATUS', true, 1],
      ['where', 'LOCATION', { lat: 45.07, lon: 7.69 }, { lat: 'north' }],
      ['color', 'COLOR_HSB', { hue: 120, sat: 50, bri: 80 }, { hue: 1, sat: 2 }],
      ['lamp', 'HOME_DIMMED_LIGHT', { swi: true, bri: 40 }, { swi: 'on', bri: 40 }],
      ['tv', 'HOME_TELEVISION', { swi: true, vol: 10, mut: false, pbc: 0, inp: 1, cha: 5 }, { swi: true }],
      ['plan', 'SCHEDULE', { frm: 1, to: 2, len: 1, msk: 0 }, 'monday'],
    ];
    for (const [name, type, good, bad] of cases) {
      const p = (await f.call(user.id, 'PUT', base, prop(name, type))).json();
      const badRes = await f.call(user.id, 'PUT', `${base}/${p.id}/publish`, { value: bad });
      expect(badRes.statusCode, `${type} ${JSON.stringify(bad)}`).toBe(400);
      const before = Date.now();
      const ok = await f.call(user.id, 'PUT', `${base}/${p.id}/publish`, { value: good });
      expect(ok.statusCode, type).toBe(200);
      expect(ok.body).toBe('');
      const shown = (await f.call(user.id, 'GET', `${base}/${p.id}`)).json();
      expect(shown.last_value).toEqual(good);
      expect(Date.parse(shown.value_updated_at)).toBeGreaterThanOrEqual(before - 1000);
    }
    const missing = await f.call(
      user.id,
      'PUT',
      `${base}/${(await f.call(user.id, 'GET', base)).json()[0].id}/publish`,
      {},
    );
    expect(missing.statusCode).toBe(400);
    const notPersisted = (
      await f.call(user.id, 'PUT', base, prop('volatile', 'FLOAT', { persist: false }))
    ).json();
    await f.call(user.id, 'PUT', `${base}/${notPersisted.id}/publish`, { value: 1.5 });
    expect(await t.telemetry.history(notPersisted.id, 10)).toEqual([]);
    expect((await f.call(user.id, 'GET', `${base}/${notPersisted.id}`)).json().last_value).toBe(1.5);
  });

  it('bins numeric values into a timeseries with aggregations, in order, within from/to', async () => {
    const { user, thing, base } = await setup();
    const p = (await f.call(user.id, 'PUT', base, prop('t', 'FLOAT'))).json();
    const t0 = Date.parse('2024-05-01T00:00:00Z');
    // Two values in each of three 60-second bins.
    const points = [
      [0, 1],
      [30, 3],
      [60, 10],
      [90, 20],
      [120, 5],
      [150, 7],
    ] as const;
    await t.telemetry.write(
      points.map(([offset, v]) => ({ propertyId: p.id, at: new Date(t0 + offset * 1000), value: v, num: v })),
    );
    const url = (q: string) => `/iot/v2/things/${thing.id}/properties/${p.id}/timeseries?${q}`;
    const range = 'from=2024-05-01T00:00:00Z&to=2024-05-01T00:03:00Z&interval=60';
    const avg = await f.call(user.id, 'GET', url(range));
    expect(avg.statusCode).toBe(200);
    expect(avg.headers['content-type']).toMatch(/^application\/vnd\.arduino\.timeseriesmedia\+json/);
    expect(avg.json()).toEqual({
      data: [
        { time: '2024-05-01T00:00:00.000Z', value: 2 },
        { time: '2024-05-01T00:01:00.000Z', value: 15 },
        { time: '2024-05-01T00:02:00.000Z', value: 6 },
      ],
    });
    const values = async (q: string) =>
      (await f.call(user.id, 'GET', url(q))).json().data.map((d: { value: number }) => d.value);
    expect(await values(`${range}&aggregation=MAX`)).toEqual([3, 20, 7]);
    expect(await values(`${range}&aggregation=MIN`)).toEqual([1, 10, 5]);
    expect(await values(`${range}&aggregation=SUM`)).toEqual([4, 30, 12]);
    expect(await values(`${range}&aggregation=COUNT`)).toEqual([2, 2, 2]);
    expect(await values(`${range}&aggregation=PCT_50`)).toEqual([2, 15, 6]);
    expect(await values(`${range}&desc=true`)).toEqual([6, 15, 2]);
    expect(await values('from=2024-05-01T00:01:00Z&to=2024-05-01T00:02:00Z&interval=3600')).toEqual([15]);
    expect(await values('from=2024-05-01T00:00:00Z&to=2024-05-01T00:03:00Z')).toHaveLength(6);
    expect((await f.call(user.id, 'GET', url('from=yesterday'))).statusCode).toBe(400);
    expect((await f.call(user.id, 'GET', url('aggregation=MEDIAN'))).statusCode).toBe(400);
    expect((await f.call(user.id, 'GET', url('interval=0'))).statusCode).toBe(400);
    expect(
      (await f.call(user.id, 'GET', url('from=2024-05-02T00:00:00Z&to=2024-05-01T00:00:00Z'))).statusCode,
    ).toBe(400);
    const text = (await f.call(user.id, 'PUT', base, prop('label', 'CHARSTRING'))).json();
    const notNumeric = await f.call(
      user.id,
      'GET',
      `/iot/v2/things/${thing.id}/properties/${text.id}/timeseries`,
    );
    expect(notNumeric.statusCode).toBe(400);
  });
});
