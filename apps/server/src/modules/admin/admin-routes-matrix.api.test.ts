/**
 * The admin API exists for operators only (issue 27): every route under `/admin/` — generated from the app's
 * own route list, so routes added later are covered without touching this file — declares `operatorRoute()`,
 * and is called as a signed-in non-operator, who gets the gate's 404 (as if no such route existed), as an
 * anonymous caller (401, before anything else), and as an operator, who gets past the gate. Requests are built
 * from /openapi.json (valid parameters and bodies), so each one passes the schemas and reaches the gate, and
 * come from a remote address, so a route also open to loopback callers is refused like any other.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { type OpenApiDoc, type Operation, operationsOf, sample } from '../../../test/openapi-fuzz.ts';
import type { DeclaredRoute } from '../spaces/route-gate.ts';
import { adminFixtures } from './testing/admin-fixtures.ts';

/** An id no account or space has: an operator's call finds nothing, so it changes nothing. */
const NOBODY = '00000000-0000-4000-8000-00000000abcd';
const REMOTE = '203.0.113.9';
/** The gate's refusal: the generic 404 of a route that does not exist. */
const GATE_404 = 'Resource not found';
/** Routes this module registers; the list may only grow (other modules add theirs under /admin/ too). */
const OWN = [
  'GET /admin/v1/me',
  'GET /admin/v1/users',
  'GET /admin/v1/users/:id',
  'POST /admin/v1/users/:id/plans',
  'DELETE /admin/v1/users/:id/plans/:plan',
  'POST /admin/v1/users/:id/disable',
  'POST /admin/v1/users/:id/enable',
  'POST /admin/v1/users/:id/password-reset',
  'POST /admin/v1/users/:id/verify-email',
  'PUT /admin/v1/users/:id/operator',
  'DELETE /admin/v1/users/:id',
  'GET /admin/v1/audit',
];

let t: TestApp;
let f: ReturnType<typeof adminFixtures>;
let doc: OpenApiDoc;
let routes: { route: DeclaredRoute; op: Operation | undefined }[];
let operatorId: string;
let userId: string;

const key = (method: string, url: string) => `${method} ${url}`;
const shape = (url: string) => url.replace(/:[^/]+|\{[^}]+\}|\*/g, '{}').replace(/\/$/, '');

beforeAll(async () => {
  t = await createTestApp({ IOT_RATE_LIMIT_PER_MINUTE: '0' });
  f = adminFixtures(t);
  operatorId = (await f.operator()).id;
  userId = (await t.createUser()).id;
  doc = (await t.app.inject('/openapi.json')).json() as OpenApiDoc;
  const ops = new Map(operationsOf(doc).map((o) => [key(o.method, shape(o.path)), o]));
  routes = t.app
    .declaredRoutes()
    .filter((r) => r.method !== 'HEAD' && r.url.startsWith('/admin/'))
    .map((route) => ({ route, op: ops.get(key(route.method, shape(route.url))) }));
});
afterAll(async () => {
  console.log(`admin routes matrix: ${routes?.length ?? 0} routes`);
  await t?.close();
});

const ids = (name: string) => {
  if (name === 'plan' || name === 'plan_id') return 'create-maker';
  return /(^|_)id$/.test(name) ? NOBODY : undefined;
};

/** One valid call of a route as `caller` (null: no token) from a remote address. */
async function call({ route, op }: (typeof routes)[number], caller: string | null) {
  const params = op?.op.parameters ?? [];
  let url = route.url.replace(/:([A-Za-z_]+)/g, (_, name: string) =>
    encodeURIComponent(String(sample(doc, params.find((p) => p.name === name)?.schema, ids, name))),
  );
  const query = params
    .filter((p) => p.in === 'query' && p.required)
    .map((p) => `${p.name}=${encodeURIComponent(String(sample(doc, p.schema, ids, p.name)))}`);
  if (query.length) url += `?${query.join('&')}`;
  const json = op?.op.requestBody?.content?.['application/json']?.schema;
  const headers: Record<string, string> = await f.headersFor(caller);
  if (json) headers['content-type'] = 'application/json';
  const res = await t.app.inject({
    method: route.method as 'GET',
    url,
    headers,
    remoteAddress: REMOTE,
    ...(json && { payload: JSON.stringify(sample(doc, json, ids)) }),
  });
  let detail: string | undefined;
  try {
    detail = (res.json() as { detail?: string }).detail;
  } catch {
    detail = undefined;
  }
  return { status: res.statusCode, detail, sent: `${route.method} ${url}` };
}

describe('admin routes matrix (generated from the route declarations)', () => {
  it('covers every route under /admin/, each declared for operators only', () => {
    const declared = routes.map((r) => key(r.route.method, r.route.url));
    for (const own of OWN) expect(declared).toContain(own);
    const notOperator = routes.filter((r) => r.route.access?.kind !== 'operator').map((r) => r.route.url);
    expect(notOperator).toEqual([]);
  });

  it('answers a signed-in non-operator 404 on every one, as if it did not exist', async () => {
    for (const r of routes) {
      const res = await call(r, userId);
      expect({ sent: res.sent, status: res.status, detail: res.detail }).toEqual({
        sent: res.sent,
        status: 404,
        detail: GATE_404,
      });
    }
  });

  it('answers an anonymous caller 401 on every one', async () => {
    for (const r of routes) {
      const res = await call(r, null);
      expect({ sent: res.sent, status: res.status }).toEqual({ sent: res.sent, status: 401 });
    }
  });

  it("lets an operator past the gate on every one (whatever the route answers next, not the gate's 404)", async () => {
    for (const r of routes) {
      const res = await call(r, operatorId);
      expect(res.status, res.sent).toBeLessThan(500);
      expect(res.status === 404 && res.detail === GATE_404, res.sent).toBe(false);
    }
  });
});
