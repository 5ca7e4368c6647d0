/**
 * The role × space × endpoint matrix of the space-scoped APIs (IoT, live, groups, OTA, provisioning, the
 * recap), generated from the route declarations (src/http/route-access.ts), not from a hand-kept list: every
 * route that declares a permission in the space of `X-Organization` is called by every kind of member of an
 * edu and a pro space and by outsiders, and must answer as the shared role table says:
 * - outsiders: 404 "Space not found" (the space looks like no space at all);
 * - members whose roles lack the declared action (`rolesAllow`): 403 with the role message;
 * - members whose roles allow it: past the gate (whatever the route answers next, never the gate's refusal).
 * Requests are built from /openapi.json (valid parameters and bodies, random ids), so each one passes the
 * schemas and reaches the gate; the outsider's 404 proves that it did. Then no cross-space access: a member
 * naming another space is refused, and calls in their own space with the ids of another space's resources
 * reveal and change nothing there.
 */
import { type Role, rolesAllow, type SpaceAction } from '@tinkercloud/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { type OpenApiDoc, type Operation, operationsOf, sample } from '../../../test/openapi-fuzz.ts';
import { injectStream } from '../../../test/sse.ts';
import { iotFixtures } from '../iot/testing/iot-fixtures.ts';
import type { DeclaredRoute } from './route-gate.ts';
import { ROLE_FORBIDS } from './space-access.ts';

type Kind = 'edu' | 'pro';
interface Actor {
  name: string;
  kind: Kind;
  role: Role | null;
}
const ACTORS: Actor[] = [
  { name: 'edu-admin', kind: 'edu', role: 'role:edu-admin' },
  { name: 'edu-teacher', kind: 'edu', role: 'role:edu-teacher' },
  { name: 'edu-student', kind: 'edu', role: 'role:edu-student' },
  { name: 'edu outsider', kind: 'edu', role: null },
  { name: 'pro-admin', kind: 'pro', role: 'role:pro-admin' },
  { name: 'pro-editor', kind: 'pro', role: 'role:pro-editor' },
  { name: 'pro outsider', kind: 'pro', role: null },
];

/**
 * Routes of these APIs that name no space: each with the access it declares and why. Every other route of
 * them must declare a permission in the space of X-Organization.
 */
const NOT_IN_A_SPACE: Record<string, ['public' | 'signed-in', string]> = {
  'GET /notifications': ['signed-in', "the caller's own notifications"],
  'POST /notifications/read': ['signed-in', "marks the caller's own notifications"],
  'GET /iot/v2/timezones': ['signed-in', 'the time-zone table'],
  'PUT /iot/v2/dashboards/:id/share_request': [
    'signed-in',
    'mails the owner; answers the same whether the dashboard exists',
  ],
  'GET /iot/v1/property_types': ['signed-in', 'the property-type catalogue'],
  'GET /iot/v1/supported/devices': ['signed-in', 'the board catalogue'],
  'GET /iot/v1/lora-freq-plans/': ['signed-in', 'the LoRa frequency plans'],
  'GET /iot/v1/network_credentials/:type': ['signed-in', 'the network-credential catalogue'],
  'GET /iot/v1/network_credentials/:type/connections': ['signed-in', 'the network-credential catalogue'],
  'PUT /iot/v2/mqtt/login': ['signed-in', "the caller's MQTT login; the broker grants per thing by the gate"],
  'DELETE /iot/v2/mqtt/login': ['signed-in', "ends the caller's MQTT login"],
  'POST /iot/v1/clients/token': ['public', "an API key's id and secret are the credentials"],
  'GET /iot/v2/series/historic_data/:id': [
    'public',
    'a link mailed to the member; its unguessable id is the key',
  ],
  'GET /ota/v1/binaries/:binaryId': ['public', 'a signed, expiring link for the device'],
  'GET /templates/v1/builtin': ['signed-in', 'the built-in template catalogue'],
  'GET /templates/v1/builtin/:name': ['signed-in', 'the built-in template catalogue'],
  'GET /storage/media/v1/:mediaId': ['public', 'an image (logo, widget, template) by its unguessable id'],
};
const FAMILIES =
  /^\/(iot|live|groups|notifications|ota|provisioning|storage\/template|storage\/media|templates)\//;
const NOT_IN_SPACE = 'Space not found';
/** An id no resource has: permitted calls get past the gate and find nothing, so they change nothing. */
const NOBODY = '00000000-0000-4000-8000-00000000abcd';
/** A value stored in the other space: no answer in the caller's space may show it. */
const SECRET_VALUE = 4242.125;
/** Fields whose schemas take a pattern the OpenAPI sample does not follow. */
const PATTERNED: Record<string, string> = {
  eui: '0123456789abcdef',
  unique_hardware_id: 'a'.repeat(64),
  binary_key: `ota/${NOBODY}/${NOBODY}.ota`,
  q: `property.${NOBODY}`,
  from: '2026-01-01T00:00:00Z',
  to: '2026-01-02T00:00:00Z',
  fqbn: 'arduino:avr:uno',
};

let t: TestApp;
let f: ReturnType<typeof iotFixtures>;
let doc: OpenApiDoc;
let routes: { route: DeclaredRoute; op: Operation; action: SpaceAction }[];
const userOf = new Map<string, string>();
const spaceOf: Record<Kind, string> = { edu: '', pro: '' };
/** A third space, with resources, that none of the actors belongs to. */
let other: { id: string; adminId: string; ids: Record<string, string> };
let counted = 0;

const key = (method: string, url: string) => `${method} ${url}`;
/** `/a/:id/*` and `/a/{id}/{*}` alike. */
const shape = (url: string) => url.replace(/:[^/]+|\{[^}]+\}|\*/g, '{}').replace(/\/$/, '');

beforeAll(async () => {
  // No per-minute limit: the matrix makes many calls as few users.
  t = await createTestApp({ IOT_RATE_LIMIT_PER_MINUTE: '0' });
  f = iotFixtures(t);
  for (const kind of ['edu', 'pro'] as const) {
    const members: [string, Role][] = [];
    for (const a of ACTORS.filter((x) => x.kind === kind)) {
      const user = await t.createUser();
      userOf.set(a.name, user.id);
      if (a.role) members.push([user.id, a.role]);
    }
    const space = await f.space(kind, members, {
      planId: kind === 'edu' ? 'cloud-classroom' : 'cloud-enterprise',
    });
    spaceOf[kind] = space.id;
  }
  const admin = await t.createUser();
  const space = await f.space('pro', [[admin.id, 'role:pro-admin']], { planId: 'cloud-enterprise' });
  const device = await f.device(admin.id, {}, space.id);
  const thing = await f.thing(admin.id, { device_id: device.id }, space.id);
  const property = await f.call(
    admin.id,
    'PUT',
    `/iot/v2/things/${thing.id}/properties`,
    { name: 'temperature', type: 'FLOAT', permission: 'READ_WRITE', update_strategy: 'ON_CHANGE' },
    { space: space.id },
  );
  const dashboard = await f.call(
    admin.id,
    'POST',
    '/iot/v2/dashboards',
    { name: 'board' },
    { space: space.id },
  );
  const published = await f.call(
    admin.id,
    'PUT',
    `/iot/v2/things/${thing.id}/properties/${property.json().id}/publish`,
    { value: SECRET_VALUE },
    { space: space.id },
  );
  expect(published.statusCode).toBeLessThan(300);
  other = {
    id: space.id,
    adminId: admin.id,
    ids: { device: device.id, thing: thing.id, property: property.json().id, dashboard: dashboard.json().id },
  };

  doc = (await t.app.inject('/openapi.json')).json() as OpenApiDoc;
  const ops = new Map(operationsOf(doc).map((o) => [key(o.method, shape(o.path)), o]));
  routes = t.app
    .declaredRoutes()
    .filter((r) => r.method !== 'HEAD' && r.access?.kind === 'space' && r.access.from === 'header')
    .map((route) => {
      const op = ops.get(key(route.method, shape(route.url)));
      if (!op) throw new Error(`${key(route.method, route.url)} is not in /openapi.json`);
      return { route, op, action: (route.access as { action: SpaceAction }).action };
    });
});
afterAll(async () => {
  console.log(`space routes matrix: ${routes?.length ?? 0} routes, ${counted} calls`);
  await t?.close();
});

/** The ids a request names: `id` of the resource its path is about, and fields by their names. */
function idsFor(o: Operation, real: Record<string, string> | null) {
  return (name: string): string | undefined => {
    if (name === '*') return '$HOME/sketches_v2/sketch/sketch.ino';
    if (name in PATTERNED) return PATTERNED[name];
    if (name === 'id' && o.path.startsWith('/iot/v1/clients/')) return 'A'.repeat(32);
    if (!real) return /(^|_)id$/.test(name) || name === 'pid' ? NOBODY : undefined;
    if (name === 'id') {
      if (/^\/iot\/v2\/devices\/\{id\}/.test(o.path)) return real.device;
      if (/^\/iot\/v2\/things\/\{id\}/.test(o.path)) return real.thing;
      if (/^\/iot\/v[23]\/dashboards\/\{id\}/.test(o.path)) return real.dashboard;
      return NOBODY;
    }
    if (name === 'pid' || name === 'property_id') return real.property;
    if (name === 'device_id') return real.device;
    if (name === 'thing_id') return real.thing;
    return /(^|_)id$/.test(name) ? NOBODY : undefined;
  };
}

/** One call of an operation as `userId` in `space`, with valid parameters and body. */
async function call(o: Operation, userId: string, space: string, real: Record<string, string> | null = null) {
  counted += 1;
  const ids = idsFor(o, real);
  const params = o.op.parameters ?? [];
  let url = o.path.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const value = String(sample(doc, params.find((p) => p.name === name)?.schema, ids, name));
    return name === '*' ? value.split('/').map(encodeURIComponent).join('/') : encodeURIComponent(value);
  });
  const query = params
    .filter((p) => p.in === 'query' && p.required)
    .map((p) => `${p.name}=${encodeURIComponent(String(sample(doc, p.schema, ids, p.name)))}`);
  if (query.length) url += `?${query.join('&')}`;
  const headers = { ...(await f.headersFor(userId)), 'x-organization': space };
  const isStream = Object.values(o.op.responses ?? {}).some((r) =>
    Object.keys(r.content ?? {}).includes('text/event-stream'),
  );
  if (isStream) {
    const res = await injectStream(t.app, url, headers);
    res.close();
    return { statusCode: res.statusCode, body: JSON.stringify(res.body ?? ''), sent: url };
  }
  const content = o.op.requestBody?.content ?? {};
  const json = content['application/json']?.schema;
  const multipart = content['multipart/form-data'];
  let payload: string | undefined;
  if (json) {
    payload = JSON.stringify(sample(doc, json, ids));
    Object.assign(headers, { 'content-type': 'application/json' });
  } else if (multipart) {
    // One small file part: enough to pass the parser and reach the gate.
    const boundary = 'matrix-boundary';
    payload = `--${boundary}\r\ncontent-disposition: form-data; name="ota_file"; filename="f.bin"\r\ncontent-type: application/octet-stream\r\n\r\nx\r\n--${boundary}--\r\n`;
    Object.assign(headers, { 'content-type': `multipart/form-data; boundary=${boundary}` });
  }
  const res = await t.app.inject({
    method: o.method as 'GET',
    url,
    headers,
    ...(payload !== undefined && { payload }),
  });
  return { statusCode: res.statusCode, body: res.body, sent: `${url} ${payload ?? ''}` };
}

const detailOf = (body: string): string | undefined => {
  try {
    return (JSON.parse(body) as { detail?: string }).detail;
  } catch {
    return undefined;
  }
};
const refusedByGate = (r: { statusCode: number; body: string }) =>
  (r.statusCode === 404 && detailOf(r.body) === NOT_IN_SPACE) ||
  (r.statusCode === 403 && detailOf(r.body) === ROLE_FORBIDS);

describe('space routes matrix (generated from the route declarations)', () => {
  it('covers every route of the IoT, live, groups, notifications, OTA, provisioning and template APIs', () => {
    const all = t.app.declaredRoutes().filter((r) => r.method !== 'HEAD' && FAMILIES.test(`${r.url}/`));
    const ungated = all
      .filter((r) => !(r.access?.kind === 'space' && r.access.from === 'header'))
      .map((r) => key(r.method, r.url))
      .filter((k) => !(k in NOT_IN_A_SPACE));
    // A new route of these APIs is either gated by a space permission or listed above with its reason.
    expect(ungated).toEqual([]);
    for (const [k, [access]] of Object.entries(NOT_IN_A_SPACE)) {
      const [method, url] = k.split(' ');
      expect(all.find((r) => r.method === method && r.url === url)?.access?.kind, k).toBe(access);
    }
    expect(routes.length).toBeGreaterThan(100);
    for (const prefix of ['/iot/', '/live/', '/groups/', '/ota/', '/provisioning/'])
      expect(
        routes.some((r) => r.route.url.startsWith(prefix)),
        prefix,
      ).toBe(true);
  });

  it.each(ACTORS.map((a) => [a.name, a] as const))(
    '%s: every space route answers as the role table says',
    async (_name, actor) => {
      const userId = userOf.get(actor.name) as string;
      const wrong: string[] = [];
      for (const { route, op, action } of routes) {
        const res = await call(op, userId, spaceOf[actor.kind]);
        const label = `${key(route.method, route.url)} (${action}) → ${res.statusCode} ${res.body.slice(0, 160)}`;
        if (res.statusCode >= 500) wrong.push(`server error: ${label}`);
        else if (actor.role === null) {
          if (!(res.statusCode === 404 && detailOf(res.body) === NOT_IN_SPACE))
            wrong.push(`not 404: ${label}`);
        } else if (!rolesAllow([actor.role], action)) {
          if (!(res.statusCode === 403 && detailOf(res.body) === ROLE_FORBIDS))
            wrong.push(`not 403: ${label}`);
        } else if (refusedByGate(res)) wrong.push(`refused: ${label}`);
      }
      expect(wrong).toEqual([]);
    },
  );

  it('refuses a member of one space every route in a space they are not in', async () => {
    const admin = userOf.get('pro-admin') as string;
    const wrong: string[] = [];
    for (const { route, op } of routes) {
      const res = await call(op, admin, other.id, other.ids);
      if (!(res.statusCode === 404 && detailOf(res.body) === NOT_IN_SPACE))
        wrong.push(`${key(route.method, route.url)} → ${res.statusCode} ${res.body.slice(0, 160)}`);
    }
    expect(wrong).toEqual([]);
  });

  it("shows and changes nothing of another space's resources through the caller's own space", async () => {
    const read = async () => {
      const h = { space: other.id };
      return Promise.all([
        f.call(other.adminId, 'GET', `/iot/v2/devices/${other.ids.device}`, undefined, h),
        f.call(other.adminId, 'GET', `/iot/v2/things/${other.ids.thing}`, undefined, h),
        f.call(other.adminId, 'GET', `/iot/v2/things/${other.ids.thing}/properties`, undefined, h),
        f.call(other.adminId, 'GET', `/iot/v2/dashboards/${other.ids.dashboard}`, undefined, h),
      ]).then((all) => all.map((r) => `${r.statusCode} ${r.body}`));
    };
    const before = await read();
    const admin = userOf.get('pro-admin') as string;
    const leaks: string[] = [];
    for (const { route, op } of routes) {
      const res = await call(op, admin, spaceOf.pro, other.ids);
      if (res.statusCode >= 500) leaks.push(`server error: ${key(route.method, route.url)} ${res.body}`);
      // An answer may repeat the ids it was asked about, never add others of that space nor their values.
      const added = Object.values(other.ids).filter((id) => res.body.includes(id) && !res.sent.includes(id));
      if (res.statusCode < 400 && (added.length > 0 || res.body.includes(String(SECRET_VALUE))))
        leaks.push(`${key(route.method, route.url)} → ${res.statusCode} ${res.body.slice(0, 160)}`);
    }
    expect(leaks).toEqual([]);
    expect(await read()).toEqual(before);
  });
});
