import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { iotTestApp, readWriteProperty as prop } from '../testing/iot-fixtures.ts';

const { t, f } = await iotTestApp();
afterAll(() => t.close());

const widget = (variables: string[], extra: Record<string, unknown> = {}) => ({
  id: randomUUID(),
  type: 'Value',
  name: 'Temperature',
  options: { showThing: true },
  x: 0,
  y: 0,
  width: 2,
  height: 1,
  x_mobile: 0,
  y_mobile: 0,
  variables,
  ...extra,
});

async function setup() {
  const user = await t.createUser();
  await f.grantPlan(user.id);
  const thing = await f.thing(user.id, {
    name: 'Kitchen',
    timezone: 'Europe/Rome',
    properties: [prop('temp'), prop('on', 'STATUS')],
  });
  const ids = Object.fromEntries((thing.properties ?? []).map((p) => [p.name, p.id])) as Record<
    string,
    string
  >;
  await f.call(user.id, 'PUT', `/iot/v2/things/${thing.id}/properties/${ids.temp}/publish`, { value: 21 });
  return { user, thing, ids };
}

describe('dashboards v2', () => {
  it('creates with POST (201), shows widgets with linked variables, lists, updates with PUT and PATCH', async () => {
    const { user, thing, ids } = await setup();
    const w1 = widget([ids.temp as string]);
    const created = await f.call(user.id, 'POST', '/iot/v2/dashboards', {
      name: 'Home overview',
      widgets: [w1],
    });
    expect(created.statusCode).toBe(201);
    expect(created.headers['content-type']).toMatch(/^application\/vnd\.arduino\.dashboardv2\+json(;|$)/);
    const d = created.json();
    expect(d).toMatchObject({
      name: 'Home overview',
      created_by: { user_id: user.id, username: user.username },
      widgets: [
        {
          id: w1.id,
          type: 'Value',
          options: { showThing: true },
          x: 0,
          y: 0,
          width: 2,
          height: 1,
          variables: [
            {
              id: ids.temp,
              name: 'temp',
              variable_name: 'temp',
              type: 'FLOAT',
              permission: 'READ_WRITE',
              thing_id: thing.id,
              thing_name: 'Kitchen',
              last_value: 21,
              thing_timezone: { name: 'Europe/Rome' },
            },
          ],
        },
      ],
    });
    expect(d.widgets[0].variables[0].thing_timezone.offset % 3600).toBe(0);
    expect(d).not.toHaveProperty('pages');
    const list = await f.call(user.id, 'GET', '/iot/v2/dashboards');
    expect(list.headers['content-type']).toMatch(
      /^application\/vnd\.arduino\.dashboardv2\+json; type=collection/,
    );
    expect(list.json().map((x: { id: string }) => x.id)).toEqual([d.id]);
    expect((await f.call(user.id, 'GET', '/iot/v2/dashboards?name=overview')).json()).toHaveLength(1);
    expect((await f.call(user.id, 'GET', '/iot/v2/dashboards?name=garage')).json()).toHaveLength(0);
    expect((await f.call(user.id, 'GET', `/iot/v2/dashboards?thing_id=${thing.id}`)).json()).toHaveLength(1);

    const w2 = widget([ids.on as string], { type: 'Switch' });
    const patched = await f.call(user.id, 'PATCH', `/iot/v2/dashboards/${d.id}`, { widgets: [w2] });
    expect(patched.statusCode).toBe(200);
    expect(patched.json().widgets.map((w: { id: string }) => w.id)).toEqual([w1.id, w2.id]);
    const put = await f.call(user.id, 'PUT', `/iot/v2/dashboards/${d.id}`, {
      name: 'Renamed',
      widgets: [w2],
    });
    expect(put.json()).toMatchObject({ name: 'Renamed', widgets: [{ id: w2.id, type: 'Switch' }] });
    expect(put.json().widgets).toHaveLength(1);
  });

  it('links widget variables, refuses properties of other spaces, and validates widgets', async () => {
    const { user, ids } = await setup();
    const other = await setup();
    const w = widget([]);
    const d = (await f.call(user.id, 'POST', '/iot/v2/dashboards', { name: 'D', widgets: [w] })).json();
    const link = await f.call(user.id, 'PUT', `/iot/v2/dashboards/${d.id}/widgets/${w.id}/variables`, {
      variables: [ids.temp, ids.on],
    });
    expect(link.statusCode).toBe(200);
    expect(link.headers['content-type']).toMatch(/^application\/vnd\.arduino\.variableslinks\+json/);
    expect(link.json()).toEqual({ variables: [ids.temp, ids.on] });
    const shown = (await f.call(user.id, 'GET', `/iot/v2/dashboards/${d.id}`)).json();
    expect(shown.widgets[0].variables.map((v: { name: string }) => v.name)).toEqual(['temp', 'on']);
    const foreign = await f.call(user.id, 'PUT', `/iot/v2/dashboards/${d.id}/widgets/${w.id}/variables`, {
      variables: [other.ids.temp],
    });
    expect(foreign.statusCode).toBe(400);
    const foreignCreate = await f.call(user.id, 'POST', '/iot/v2/dashboards', {
      name: 'X',
      widgets: [widget([other.ids.temp as string])],
    });
    expect(foreignCreate.statusCode).toBe(400);
    expect(
      (
        await f.call(user.id, 'PUT', `/iot/v2/dashboards/${d.id}/widgets/${randomUUID()}/variables`, {
          variables: [],
        })
      ).statusCode,
    ).toBe(404);
    for (const bad of [
      { name: '' },
      { name: '!!!' },
      { widgets: [{ ...widget([]), id: 'nope' }] },
      { widgets: [{ ...widget([]), x: -1 }] },
      { widgets: [{ ...widget([]), type: '<b>' }] },
      { widgets: [{ ...widget([]), options: { big: 'x'.repeat(20_000) } }] },
      { cover_image: 'x'.repeat(1025) },
    ]) {
      expect(
        (await f.call(user.id, 'POST', '/iot/v2/dashboards', bad)).statusCode,
        JSON.stringify(bad).slice(0, 80),
      ).toBe(400);
    }
    const dup = widget([]);
    expect((await f.call(user.id, 'POST', '/iot/v2/dashboards', { widgets: [dup, dup] })).statusCode).toBe(
      400,
    );
    expect((await f.call(user.id, 'GET', '/iot/v2/dashboards')).json()).toHaveLength(1);
  });

  it('clones with thing overrides (relinks by variable name) and gives a template', async () => {
    const { user, thing, ids } = await setup();
    const copyThing = (
      await f.call(user.id, 'PUT', `/iot/v2/things/${thing.id}/clone`, { name: 'Kitchen 2' })
    ).json();
    const w = widget([ids.temp as string, ids.on as string]);
    const d = (
      await f.call(user.id, 'POST', '/iot/v2/dashboards', { name: 'Kitchen board', widgets: [w] })
    ).json();
    const res = await f.call(user.id, 'PUT', `/iot/v2/dashboards/${d.id}/clone`, {
      overrides: [{ old_thing_id: thing.id, new_thing_id: copyThing.id }],
    });
    expect(res.statusCode).toBe(201);
    const clone = res.json();
    expect(clone.id).not.toBe(d.id);
    expect(clone.name).toBe(`Copy of ${d.name}`);
    expect(clone.widgets[0].id).not.toBe(w.id);
    const newIds = copyThing.properties.map((p: { id: string }) => p.id).sort();
    expect(clone.widgets[0].variables.map((v: { id: string }) => v.id).sort()).toEqual(newIds);
    expect(clone.widgets[0].variables[0].thing_name).toBe('Kitchen 2');
    const plain = (await f.call(user.id, 'PUT', `/iot/v2/dashboards/${d.id}/clone`, {})).json();
    expect(plain.widgets[0].variables.map((v: { id: string }) => v.id).sort()).toEqual(
      [ids.temp, ids.on].sort(),
    );
    const missing = await f.call(user.id, 'PUT', `/iot/v2/dashboards/${d.id}/clone`, {
      overrides: [{ old_thing_id: thing.id, new_thing_id: randomUUID() }],
    });
    expect(missing.statusCode).toBe(404);

    const template = await f.call(user.id, 'GET', `/iot/v2/dashboards/${d.id}/template`);
    expect(template.headers['content-type']).toMatch(/^application\/vnd\.arduino\.dashboardv2template\+json/);
    expect(template.json()).toMatchObject({
      id: 'kitchen_board',
      name: 'Kitchen board',
      widgets: [
        {
          type: 'Value',
          variables: [
            {
              thing_id: 'kitchen',
              variable_id: 'temp',
              name: 'temp',
              type: 'FLOAT',
              permission: 'READ_WRITE',
            },
            { thing_id: 'kitchen', variable_id: 'on' },
          ],
        },
      ],
    });
    expect(template.json().widgets[0]).not.toHaveProperty('id');
  });

  it('shares read access with users by id or username, lists and removes shares; others see nothing', async () => {
    const { user, ids } = await setup();
    const friend = await t.createUser();
    const stranger = await t.createUser();
    const d = (
      await f.call(user.id, 'POST', '/iot/v2/dashboards', {
        name: 'Shared',
        widgets: [widget([ids.temp as string])],
      })
    ).json();
    expect((await f.call(friend.id, 'GET', `/iot/v2/dashboards/${d.id}`)).statusCode).toBe(404);
    const share = await f.call(user.id, 'PUT', `/iot/v2/dashboards/${d.id}/shares`, {
      username: friend.username.toUpperCase(),
    });
    expect(share.statusCode).toBe(200);
    // An e-mail address names a user as well as a username does.
    const byMail = await t.createUser();
    expect(
      (
        await f.call(user.id, 'PUT', `/iot/v2/dashboards/${d.id}/shares`, {
          username: byMail.email.toUpperCase(),
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (await f.call(user.id, 'GET', `/iot/v2/dashboards/${d.id}/shares`))
        .json()
        .map((s: { user_id: string }) => s.user_id),
    ).toContain(byMail.id);
    expect(
      (await f.call(user.id, 'DELETE', `/iot/v2/dashboards/${d.id}/shares/${byMail.id}`)).statusCode,
    ).toBe(200);
    expect(
      (await f.call(user.id, 'PUT', `/iot/v2/dashboards/${d.id}/shares`, { username: 'nobody-here' }))
        .statusCode,
    ).toBe(404);
    expect((await f.call(user.id, 'PUT', `/iot/v2/dashboards/${d.id}/shares`, {})).statusCode).toBe(400);
    const shares = await f.call(user.id, 'GET', `/iot/v2/dashboards/${d.id}/shares`);
    expect(shares.headers['content-type']).toMatch(
      /^application\/vnd\.arduino\.dashboardshare\+json; type=collection/,
    );
    expect(shares.json()).toEqual([{ user_id: friend.id, username: friend.username }]);
    expect((await f.call(user.id, 'GET', `/iot/v2/dashboards/${d.id}`)).json().shared_with).toEqual([
      { user_id: friend.id, username: friend.username },
    ]);
    const seen = await f.call(friend.id, 'GET', `/iot/v2/dashboards/${d.id}`);
    expect(seen.statusCode).toBe(200);
    expect(seen.json()).toMatchObject({
      shared_by: { user_id: user.id },
      widgets: [{ variables: [{ last_value: 21 }] }],
    });
    expect(
      (await f.call(friend.id, 'GET', '/iot/v2/dashboards')).json().map((x: { id: string }) => x.id),
    ).toEqual([d.id]);
    // Read access only.
    for (const [method, url, body] of [
      ['PUT', `/iot/v2/dashboards/${d.id}`, { name: 'Mine now' }],
      ['DELETE', `/iot/v2/dashboards/${d.id}`],
      ['PUT', `/iot/v2/dashboards/${d.id}/clone`, {}],
      ['GET', `/iot/v2/dashboards/${d.id}/shares`],
      ['PUT', `/iot/v2/dashboards/${d.id}/shares`, { user_id: stranger.id }],
    ] as const) {
      expect((await f.call(friend.id, method, url, body)).statusCode, `${method} ${url}`).toBe(404);
    }
    expect((await f.call(stranger.id, 'GET', `/iot/v2/dashboards/${d.id}`)).statusCode).toBe(404);
    expect((await f.call(stranger.id, 'GET', '/iot/v2/dashboards')).json()).toEqual([]);
    expect(
      (await f.call(user.id, 'DELETE', `/iot/v2/dashboards/${d.id}/shares/${friend.id}`)).statusCode,
    ).toBe(200);
    expect(
      (await f.call(user.id, 'DELETE', `/iot/v2/dashboards/${d.id}/shares/${friend.id}`)).statusCode,
    ).toBe(404);
    expect((await f.call(friend.id, 'GET', `/iot/v2/dashboards/${d.id}`)).statusCode).toBe(404);
    // Access requests answer 200 whether or not the dashboard exists.
    expect(
      (await f.call(stranger.id, 'PUT', `/iot/v2/dashboards/${d.id}/share_request`, { message: 'please' }))
        .statusCode,
    ).toBe(200);
    expect(
      (await f.call(stranger.id, 'PUT', `/iot/v2/dashboards/${randomUUID()}/share_request`, { message: 'x' }))
        .statusCode,
    ).toBe(200);
  });

  it('soft-deletes, restores with soft_deleted: false, deletes for good', async () => {
    const { user } = await setup();
    const d = (await f.call(user.id, 'POST', '/iot/v2/dashboards', { name: 'Temp' })).json();
    expect((await f.call(user.id, 'DELETE', `/iot/v2/dashboards/${d.id}`)).statusCode).toBe(200);
    expect((await f.call(user.id, 'GET', `/iot/v2/dashboards/${d.id}`)).statusCode).toBe(404);
    expect(
      (await f.call(user.id, 'GET', '/iot/v2/dashboards?show_deleted=true')).json()[0].deleted_at,
    ).toBeTruthy();
    const back = await f.call(user.id, 'PATCH', `/iot/v2/dashboards/${d.id}`, { soft_deleted: false });
    expect(back.statusCode).toBe(200);
    expect(back.json()).not.toHaveProperty('deleted_at');
    expect((await f.call(user.id, 'DELETE', `/iot/v2/dashboards/${d.id}?force=true`)).statusCode).toBe(200);
    expect(
      (await f.call(user.id, 'PATCH', `/iot/v2/dashboards/${d.id}`, { soft_deleted: false })).statusCode,
    ).toBe(404);
  });
});

describe('dashboards v3', () => {
  it('keeps pages and the page of each widget ("0" = main page)', async () => {
    const { user, ids } = await setup();
    const page = { id: randomUUID(), name: 'Details', position: 1, icon: 'chart' };
    const onMain = widget([ids.temp as string]);
    const onPage = widget([ids.on as string], { page_id: page.id });
    const res = await f.call(user.id, 'POST', '/iot/v3/dashboards', {
      name: 'Paged',
      pages: [page],
      widgets: [onMain, onPage],
    });
    expect(res.statusCode).toBe(201);
    expect(res.headers['content-type']).toMatch(/^application\/vnd\.arduino\.dashboardv3\+json/);
    const d = res.json();
    expect(d.pages).toEqual([page]);
    expect(d.widgets.map((w: { page_id: string }) => w.page_id)).toEqual(['0', page.id]);
    const v2 = (await f.call(user.id, 'GET', `/iot/v2/dashboards/${d.id}`)).json();
    expect(v2).not.toHaveProperty('pages');
    expect(v2.widgets[1]).not.toHaveProperty('page_id');
    const orphan = await f.call(user.id, 'PATCH', `/iot/v3/dashboards/${d.id}`, {
      widgets: [widget([], { page_id: randomUUID() })],
    });
    expect(orphan.statusCode).toBe(400);
    const clone = (await f.call(user.id, 'PUT', `/iot/v3/dashboards/${d.id}/clone`, {})).json();
    expect(clone.pages[0].id).not.toBe(page.id);
    expect(clone.widgets[1].page_id).toBe(clone.pages[0].id);
    const template = (await f.call(user.id, 'GET', `/iot/v3/dashboards/${d.id}/template`)).json();
    expect(template.pages).toEqual([page]);
    expect(template.widgets.map((w: { page_id: string }) => w.page_id)).toEqual(['0', page.id]);
    expect((await f.call(user.id, 'GET', '/iot/v3/dashboards')).json()).toHaveLength(2);
    expect(
      (
        await f.call(user.id, 'POST', '/iot/v3/dashboards', {
          pages: Array.from({ length: 31 }, (_, i) => ({ ...page, id: randomUUID(), position: i })),
        })
      ).statusCode,
    ).toBe(400);
  });
});

describe('dashboards across spaces and roles', () => {
  it('keeps dashboards inside their space and follows the role table', async () => {
    const { space: school, admin, student } = await f.school({ planId: 'cloud-classroom' });
    const outsider = await t.createUser();
    const d = (
      await f.call(admin.id, 'POST', '/iot/v2/dashboards', { name: 'Class' }, { space: school.id })
    ).json();
    expect((await f.call(admin.id, 'GET', `/iot/v2/dashboards/${d.id}`)).statusCode).toBe(404);
    expect(
      (await f.call(outsider.id, 'GET', `/iot/v2/dashboards/${d.id}`, undefined, { space: school.id }))
        .statusCode,
    ).toBe(404);
    expect(
      (await f.call(student.id, 'GET', `/iot/v2/dashboards/${d.id}`, undefined, { space: school.id }))
        .statusCode,
    ).toBe(200);
    expect(
      (
        await f.call(
          student.id,
          'PATCH',
          `/iot/v2/dashboards/${d.id}`,
          { name: 'Ours' },
          { space: school.id },
        )
      ).statusCode,
    ).toBe(200);
    expect(
      (await f.call(student.id, 'DELETE', `/iot/v2/dashboards/${d.id}`, undefined, { space: school.id }))
        .statusCode,
    ).toBe(403);
    expect(
      (await f.call(admin.id, 'GET', '/iot/v2/dashboards', undefined, { space: school.id })).json()[0].name,
    ).toBe('Ours');
  });
});
