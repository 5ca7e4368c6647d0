/**
 * Templates (issue 15): the built-in catalogue, custom templates of a space (made from its things, dashboards
 * and triggers; imported and exported as .tino archives; renamed; deleted) and `PUT /iot/v1/templates`, which
 * makes a template's things, dashboards and triggers all or nothing.
 */
import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/app.ts';
import { multipart } from '../../spaces/spaces.fixtures.ts';
import { iotFixtures } from '../testing/iot-fixtures.ts';

let t: TestApp;
let f: ReturnType<typeof iotFixtures>;
beforeAll(async () => {
  t = await createTestApp();
  f = iotFixtures(t);
});
afterAll(() => t?.close());

const LED = { name: 'led', type: 'STATUS', permission: 'READ_WRITE', update_strategy: 'ON_CHANGE' };
const TEMP = { name: 'temp', type: 'TEMPERATURE_C', permission: 'READ_ONLY', update_strategy: 'ON_CHANGE' };

async function counts(userId: string, space?: string) {
  const n = async (url: string) =>
    (await f.call(userId, 'GET', url, undefined, { space })).json().length as number;
  return {
    things: await n('/iot/v2/things'),
    dashboards: await n('/iot/v2/dashboards'),
    triggers: await n('/iot/v1/triggers'),
  };
}

async function upload(userId: string, bytes: Uint8Array, opts: { space?: string; field?: string } = {}) {
  const form = multipart(
    opts.field ?? 'template',
    Buffer.from(bytes),
    'mine.tino',
    'application/octet-stream',
  );
  const headers: Record<string, string> = { 'content-type': form.contentType };
  if (opts.space) headers['x-organization'] = opts.space;
  return t.app.inject({
    method: 'POST',
    url: '/storage/template/archive/v1/',
    headers: await f.headersFor(userId, headers),
    payload: form.body,
  });
}

/** A thing with two variables and a dashboard showing both, in the user's My Cloud (or a space). */
async function demo(userId: string, space?: string) {
  const thing = await f.thing(userId, { name: 'Greenhouse', properties: [LED, TEMP] }, space);
  const [led, temp] = thing.properties as { id: string }[];
  const dash = await f.call(
    userId,
    'POST',
    '/iot/v2/dashboards',
    {
      name: 'Greenhouse board',
      widgets: [
        {
          id: crypto.randomUUID(),
          type: 'switch',
          options: {},
          x: 0,
          y: 0,
          width: 2,
          height: 2,
          variables: [led?.id],
        },
        {
          id: crypto.randomUUID(),
          type: 'value',
          options: {},
          x: 2,
          y: 0,
          width: 2,
          height: 2,
          variables: [temp?.id],
        },
      ],
    },
    { space },
  );
  expect(dash.statusCode).toBe(201);
  return { thing, dashboard: dash.json() as { id: string } };
}

describe('built-in templates', () => {
  it('lists the catalogue with non-UUID ids and applies one with a prefix: a thing, its sketch and a linked dashboard', async () => {
    const user = await t.createUser();
    await f.grantPlan(user.id);
    const list = await f.call(user.id, 'GET', '/templates/v1/builtin');
    expect(list.statusCode).toBe(200);
    const ids = list.json().templates.map((x: { id: string }) => x.id);
    expect(ids).toEqual(
      expect.arrayContaining(['remote-controlled-lights', 'weather-station', 'smart-plant']),
    );

    const res = await f.call(user.id, 'PUT', '/iot/v1/templates', {
      template_name: 'remote-controlled-lights',
      prefix_name: 'Kitchen',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/vnd\.arduino\.template\+json/);
    const made = res.json();
    expect(made.things).toHaveLength(1);
    expect(made.things[0].sketch_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(made.dashboards).toHaveLength(1);
    expect(made.triggers).toEqual([]);

    const thing = (await f.call(user.id, 'GET', `/iot/v2/things/${made.things[0].id}`)).json();
    expect(thing.name).toBe('Kitchen Lights');
    expect(thing.source_template).toBeUndefined();
    expect(thing.properties.map((p: { variable_name: string }) => p.variable_name).sort()).toEqual([
      'brightness',
      'light',
    ]);
    const dash = (await f.call(user.id, 'GET', `/iot/v2/dashboards/${made.dashboards[0]}`)).json();
    expect(dash.name).toBe('Kitchen Lights');
    const linked = dash.widgets.flatMap(
      (w: { variables: { id: string; thing_id: string }[] }) => w.variables,
    );
    expect(linked).toHaveLength(2);
    for (const v of linked) expect(v.thing_id).toBe(thing.id);
  });

  it('binds the chosen device and makes the trigger on the new variable, notifying the member who applied it', async () => {
    const user = await t.createUser();
    await f.grantPlan(user.id);
    const device = await f.device(user.id, { name: 'plant-board' });
    const res = await f.call(user.id, 'PUT', '/iot/v1/templates', {
      template_name: 'smart-plant',
      things_options: { plant: { device_id: device.id, secrets: { SECRET_SSID: 'home' } } },
    });
    expect(res.statusCode).toBe(200);
    const made = res.json();
    expect(made.things[0].device_id).toBe(device.id);
    const thing = (await f.call(user.id, 'GET', `/iot/v2/things/${made.things[0].id}`)).json();
    expect(thing.device_id).toBe(device.id);
    const trigger = (await f.call(user.id, 'GET', `/iot/v1/triggers/${made.triggers[0]}`)).json();
    const moisture = thing.properties.find((p: { variable_name: string }) => p.variable_name === 'moisture');
    expect(trigger.linked_property.property.id).toBe(moisture.id);
    expect(trigger.condition).toEqual({ operator: 'LT', value: 20 });
    expect(trigger.actions[0].email.delivery.to).toEqual([expect.objectContaining({ id: user.id })]);

    // The device is taken now: a second apply naming it is refused and makes nothing.
    const before = await counts(user.id);
    const again = await f.call(user.id, 'PUT', '/iot/v1/templates', {
      template_name: 'smart-plant',
      things_options: { plant: { device_id: device.id } },
    });
    expect(again.statusCode).toBe(409);
    // The refusal names what clashed: the device and the thing holding it.
    expect(again.json().detail).toBe(
      `The device "plant-board" is already bound to the thing "${thing.name}".`,
    );
    expect(await counts(user.id)).toEqual(before);
  });

  it('answers a sketch_id for a thing bound to a device that runs no sketch (a manual device, a phone)', async () => {
    const user = await t.createUser();
    await f.grantPlan(user.id);
    const manual = await f.device(user.id, { name: 'python-script', type: 'generic_device_secretkey' });
    const phone = await f.device(user.id, { name: 'my-phone', type: 'phone' });
    for (const device of [manual, phone]) {
      const res = await f.call(user.id, 'PUT', '/iot/v1/templates', {
        template_name: 'remote-controlled-lights',
        prefix_name: device.name,
        things_options: { lights: { device_id: device.id } },
      });
      expect(res.statusCode, res.body).toBe(200);
      const [made] = res.json().things;
      // Arduino's API description marks sketch_id required; its clients refuse an answer without one.
      expect(made).toEqual({ id: expect.any(String), sketch_id: expect.any(String), device_id: device.id });
      const thing = (await f.call(user.id, 'GET', `/iot/v2/things/${made.id}`)).json();
      expect(thing.sketch_id).toBe(made.sketch_id);
      const sketch = await f.call(user.id, 'GET', `/create/v2/sketches/byID/${made.sketch_id}`);
      expect(sketch.statusCode).toBe(200);
      // Written for no board in particular: the device's own login is not in it.
      expect(JSON.stringify(sketch.json())).not.toContain(device.id);
    }
  });

  it("refuses another space's device as if it did not exist, and unknown templates and thing options", async () => {
    const user = await t.createUser();
    const other = await t.createUser();
    await f.grantPlan(user.id);
    const theirs = await f.device(other.id, { name: 'not-yours' });
    const res = await f.call(user.id, 'PUT', '/iot/v1/templates', {
      template_name: 'weather-station',
      things_options: { weather: { device_id: theirs.id } },
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'not_found', detail: 'Device not found' });
    expect(await counts(user.id)).toEqual({ things: 0, dashboards: 0, triggers: 0 });

    expect((await f.call(user.id, 'PUT', '/iot/v1/templates', { template_name: 'no-such' })).statusCode).toBe(
      404,
    );
    const wrongThing = await f.call(user.id, 'PUT', '/iot/v1/templates', {
      template_name: 'weather-station',
      things_options: { nope: { device_id: '' } },
    });
    expect(wrongThing.statusCode).toBe(400);
    const badPrefix = await f.call(user.id, 'PUT', '/iot/v1/templates', {
      template_name: 'weather-station',
      prefix_name: 'a/b',
    });
    expect(badPrefix.statusCode).toBe(400);
  });

  it('applies all or nothing: past a plan limit nothing of the template is kept', async () => {
    const user = await t.createUser(); // no plan: 2 things, no triggers
    // The plant's thing and dashboard fit, its trigger needs a paid plan: the whole apply is undone.
    const res = await f.call(user.id, 'PUT', '/iot/v1/templates', { template_name: 'smart-plant' });
    expect(res.statusCode).toBe(412);
    expect(res.json()).toMatchObject({ code: 'precondition_failed' });
    expect(await counts(user.id)).toEqual({ things: 0, dashboards: 0, triggers: 0 });

    await f.thing(user.id, { name: 'One' });
    await f.thing(user.id, { name: 'Two' });
    const full = await f.call(user.id, 'PUT', '/iot/v1/templates', { template_name: 'weather-station' });
    expect(full.statusCode).toBe(412);
    expect(await counts(user.id)).toEqual({ things: 2, dashboards: 0, triggers: 0 });
  });
});

describe('custom templates', () => {
  it('makes one from a thing and a dashboard, shows it, renames it and applies it with new ids throughout', async () => {
    const user = await t.createUser();
    await f.grantPlan(user.id);
    const { thing, dashboard } = await demo(user.id);
    const created = await f.call(user.id, 'POST', '/storage/template/v1/', {
      name: 'Greenhouse kit',
      description: 'A thing and its board',
      thing_ids: [thing.id],
      dashboard_ids: [dashboard.id],
    });
    expect(created.statusCode).toBe(201);
    const tpl = created.json();
    expect(tpl.template_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(tpl.thing_templates[0]).toMatchObject({ id: 'greenhouse', name: 'Greenhouse' });
    expect(tpl.thing_templates[0].variables).toHaveLength(2);
    expect(tpl.dashboard_templates[0].widgets[0].variables[0]).toMatchObject({
      thing_id: 'greenhouse',
      variable_id: 'led',
    });

    const list = (
      await f.call(user.id, 'POST', '/storage/template/v1/list', { sort: 'asc', show_deleted: false })
    ).json();
    expect(list.templates).toEqual([
      expect.objectContaining({
        template_id: tpl.template_id,
        name: 'Greenhouse kit',
        created_at: expect.any(String),
      }),
    ]);
    expect((await f.call(user.id, 'GET', '/storage/template/v1/list')).json()).toEqual(list);

    const renamed = await f.call(user.id, 'PATCH', `/storage/template/v1/${tpl.template_id}`, {
      name: 'Greenhouse v2',
    });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ name: 'Greenhouse v2', description: 'A thing and its board' });

    const applied = await f.call(user.id, 'PUT', '/iot/v1/templates', {
      template_name: '',
      custom_template_id: tpl.template_id,
      prefix_name: 'North',
    });
    expect(applied.statusCode).toBe(200);
    const made = applied.json();
    const newThing = (await f.call(user.id, 'GET', `/iot/v2/things/${made.things[0].id}`)).json();
    expect(newThing.name).toBe('North Greenhouse');
    expect(newThing.id).not.toBe(thing.id);
    expect(newThing.source_template).toBe(tpl.template_id);
    const board = (await f.call(user.id, 'GET', `/iot/v2/dashboards/${made.dashboards[0]}`)).json();
    expect(board.name).toBe('North Greenhouse board');
    const linkedThings = board.widgets.flatMap((w: { variables: { thing_id: string }[] }) =>
      w.variables.map((v) => v.thing_id),
    );
    expect(new Set(linkedThings)).toEqual(new Set([newThing.id]));
  });

  it('refuses a dashboard whose things were not picked, and bounds names', async () => {
    const user = await t.createUser();
    await f.grantPlan(user.id);
    const { dashboard } = await demo(user.id);
    const other = await f.thing(user.id, { name: 'Elsewhere' });
    const res = await f.call(user.id, 'POST', '/storage/template/v1/', {
      name: 'Broken',
      thing_ids: [other.id],
      dashboard_ids: [dashboard.id],
    });
    expect(res.statusCode).toBe(400);
    const long = await f.call(user.id, 'POST', '/storage/template/v1/', {
      name: 'x'.repeat(129),
      thing_ids: [other.id],
    });
    expect(long.statusCode).toBe(400);
  });

  it('exports a .tino archive, refuses it again in the same space (409) and imports it into another', async () => {
    const user = await t.createUser();
    await f.grantPlan(user.id);
    const { thing, dashboard } = await demo(user.id);
    const tpl = (
      await f.call(user.id, 'POST', '/storage/template/v1/', {
        name: 'Round trip',
        thing_ids: [thing.id],
        dashboard_ids: [dashboard.id],
      })
    ).json();
    const download = await f.call(user.id, 'GET', `/storage/template/archive/v1/${tpl.template_id}`);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-disposition']).toBe('attachment; filename="Round_trip.tino"');
    const bytes = download.rawPayload;
    const files = unzipSync(bytes);
    const manifest = JSON.parse(strFromU8(files['template.json'] as Uint8Array));
    expect(manifest).toMatchObject({
      name: 'Round trip',
      template: { things: ['thing_1.yaml'], dashboards: ['dashboard_1.yaml'], triggers: [] },
      source_template_id: tpl.template_id,
    });
    expect(strFromU8(files['resources/thing_1.yaml'] as Uint8Array)).toContain('variable_name: led');

    const dup = await upload(user.id, bytes);
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toMatchObject({ code: 'conflict' });

    const team = await f.space('pro', [[user.id, 'role:pro-admin']], { planId: 'cloud-enterprise' });
    const imported = await upload(user.id, bytes, { space: team.id });
    expect(imported.statusCode).toBe(200);
    expect(imported.json()).toMatchObject({ name: 'Round trip', message: expect.any(String) });
    const there = (
      await f.call(user.id, 'GET', `/storage/template/v1/${imported.json().template_id}`, undefined, {
        space: team.id,
      })
    ).json();
    expect(there.thing_templates).toEqual(tpl.thing_templates);
    expect(there.dashboard_templates).toEqual(tpl.dashboard_templates);
    const applied = await f.call(
      user.id,
      'PUT',
      '/iot/v1/templates',
      { template_name: '', custom_template_id: there.template_id },
      { space: team.id },
    );
    expect(applied.statusCode).toBe(200);
    expect(await counts(user.id, team.id)).toMatchObject({ things: 1, dashboards: 1 });
  });

  it("reads upstream's layout: YAML parts, a trigger's single linked device, sketches and binaries left aside", async () => {
    const user = await t.createUser();
    await f.grantPlan(user.id);
    const archive = zipSync({
      'template.json': strToU8(
        JSON.stringify({
          title: 'Door watch',
          name: 'Door watch',
          description: '<p>Door</p>',
          template: { things: ['thing_1.yaml'], dashboards: null, triggers: ['trigger_1.yaml'] },
          compatible_boards: [{ fqbn: 'arduino:samd:mkrwifi1010' }],
          source_template_id: '6f1f0d5e-5a47-4a57-9c1e-0d2b7a1f0c11',
        }),
      ),
      'resources/thing_1.yaml': strToU8(
        'id: door-1\nname: Door\ntimezone: ""\nvariables:\n  - id: open\n    name: open\n    type: STATUS\n    permission: READ_ONLY\n    update_strategy: ON_CHANGE\n    variable_name: open\n',
      ),
      'resources/trigger_1.yaml': strToU8(
        'id: door-offline\nname: Door offline\nlinked_device:\n  thing_id: door-1\nactions:\n  - name: mail\n    email:\n      subject:\n        expression: Door offline\n      body:\n        expression: "{{thing.name}} went offline"\n',
      ),
      'resources/sketches/Door/Door.ino': strToU8('void setup() {}\nvoid loop() {}\n'),
      'resources/binaries/x.bin': new Uint8Array(1000),
    });
    const res = await upload(user.id, archive);
    expect(res.statusCode).toBe(200);
    const tpl = (await f.call(user.id, 'GET', `/storage/template/v1/${res.json().template_id}`)).json();
    expect(tpl).toMatchObject({
      name: 'Door watch',
      compatible_boards: ['arduino:samd:mkrwifi1010'],
      trigger_templates: [
        { id: 'door-offline', linked_devices: [{ thing_id: 'door-1' }], actions: [{ kind: 'NOTIFY-EMAIL' }] },
      ],
    });
  });

  it('answers 400 to what is not a template archive, and to the wrong field', async () => {
    const user = await t.createUser();
    const garbage = await upload(user.id, strToU8('not a zip at all'));
    expect(garbage.statusCode).toBe(400);
    expect(garbage.json()).toMatchObject({
      code: 'bad_request',
      detail: expect.stringMatching(/^Not a template archive/),
    });
    const noManifest = await upload(user.id, zipSync({ 'readme.txt': strToU8('hi') }));
    expect(noManifest.statusCode).toBe(400);
    const dangling = await upload(
      user.id,
      zipSync({
        'template.json': strToU8(JSON.stringify({ name: 'x', template: { things: ['thing_1.yaml'] } })),
        'resources/thing_1.yaml': strToU8('id: a\nname: A\nvariables: []\n'),
        'resources/dashboard_1.yaml': strToU8('id: d\nname: D\n'),
      }),
    );
    expect(dangling.statusCode).toBe(200);
    const badRef = await upload(
      user.id,
      zipSync({
        'template.json': strToU8(
          JSON.stringify({
            name: 'y',
            template: { things: ['thing_1.yaml'], dashboards: ['dashboard_1.yaml'] },
          }),
        ),
        'resources/thing_1.yaml': strToU8('id: a\nname: A\nvariables: []\n'),
        'resources/dashboard_1.yaml': strToU8(
          'id: d\nname: D\nwidgets:\n  - type: value\n    x: 0\n    y: 0\n    width: 1\n    height: 1\n    variables:\n      - thing_id: a\n        variable_id: ghost\n',
        ),
      }),
    );
    expect(badRef.statusCode).toBe(400);
    expect(badRef.json().detail).toContain('a.ghost');
    const pathy = await upload(
      user.id,
      zipSync({
        'template.json': strToU8(JSON.stringify({ name: 'z', template: { things: ['../etc/passwd'] } })),
      }),
    );
    expect(pathy.statusCode).toBe(400);
    const nul = await upload(
      user.id,
      zipSync({
        'template.json': strToU8(
          JSON.stringify({ name: 'bad\u0000name', template: { things: ['thing_1.yaml'] } }),
        ),
        'resources/thing_1.yaml': strToU8('id: a\nname: A\nvariables: []\n'),
      }),
    );
    expect(nul.statusCode).toBe(400);
    expect(nul.json().detail).toMatch(/^Not a template archive/);
    const wrongField = await upload(user.id, zipSync({}), { field: 'file' });
    expect(wrongField.statusCode).toBe(400);
  });

  it('bounds archives: their size (413), their entry count and the size of each file read (400)', async () => {
    const user = await t.createUser();
    await f.grantPlan(user.id);
    const manifest = strToU8(JSON.stringify({ name: 'Big', template: { things: ['thing_1.yaml'] } }));
    const thing = strToU8('id: a\nname: A\nvariables: []\n');
    // Upstream archives carry firmware: a 2 MiB binary (stored, not compressed) is fine and left aside.
    const withBinary = zipSync(
      {
        'template.json': manifest,
        'resources/thing_1.yaml': thing,
        'resources/binaries/fw.bin': new Uint8Array(2 * 1024 * 1024).fill(7),
      },
      { level: 0 },
    );
    expect((await upload(user.id, withBinary)).statusCode).toBe(200);
    const tooBig = zipSync(
      {
        'template.json': manifest,
        'resources/binaries/fw.bin': crypto.getRandomValues(new Uint8Array(65536)),
      },
      { level: 0 },
    );
    const padded = new Uint8Array(9 * 1024 * 1024);
    padded.set(tooBig);
    const over = await upload(user.id, padded);
    expect(over.statusCode).toBe(413);
    const many: Record<string, Uint8Array> = { 'template.json': manifest, 'resources/thing_1.yaml': thing };
    for (let i = 0; i < 501; i++) many[`resources/extra_${i}.txt`] = strToU8('x');
    expect((await upload(user.id, zipSync(many))).json().detail).toMatch(/more than 500 entries/);
    const hugeYaml = zipSync({
      'template.json': manifest,
      'resources/thing_1.yaml': strToU8(`id: a\nname: A\ndescription: "${'x'.repeat(300 * 1024)}"\n`),
    });
    expect((await upload(user.id, hugeYaml)).json().detail).toMatch(/over 256 KB/);
  });

  it("keeps a space's templates to that space, and deletes them", async () => {
    const user = await t.createUser();
    const stranger = await t.createUser();
    await f.grantPlan(user.id);
    const { thing } = await demo(user.id);
    const tpl = (
      await f.call(user.id, 'POST', '/storage/template/v1/', { name: 'Mine', thing_ids: [thing.id] })
    ).json();
    const team = await f.space('pro', [[user.id, 'role:pro-admin']], { planId: 'cloud-enterprise' });
    const url = `/storage/template/v1/${tpl.template_id}`;
    expect((await f.call(user.id, 'GET', url, undefined, { space: team.id })).statusCode).toBe(404);
    expect(
      (await f.call(user.id, 'GET', '/storage/template/v1/list', undefined, { space: team.id })).json(),
    ).toEqual({
      templates: [],
    });
    expect((await f.call(stranger.id, 'GET', url)).statusCode).toBe(404);
    expect((await f.call(stranger.id, 'DELETE', url)).statusCode).toBe(404);
    expect(
      (await f.call(stranger.id, 'GET', `/storage/template/archive/v1/${tpl.template_id}`)).statusCode,
    ).toBe(404);
    const steal = await f.call(stranger.id, 'PUT', '/iot/v1/templates', {
      template_name: '',
      custom_template_id: tpl.template_id,
    });
    expect(steal.statusCode).toBe(404);
    expect((await f.call(stranger.id, 'GET', '/iot/v2/things')).json()).toEqual([]);
    // A space the caller is not a member of is not there at all.
    const theirs = await f.space('pro', [[stranger.id, 'role:pro-admin']], { planId: 'cloud-enterprise' });
    expect(
      (await f.call(user.id, 'GET', '/storage/template/v1/list', undefined, { space: theirs.id })).statusCode,
    ).toBe(404);

    expect((await f.call(user.id, 'DELETE', url)).statusCode).toBe(204);
    expect((await f.call(user.id, 'GET', url)).statusCode).toBe(404);
  });
});
