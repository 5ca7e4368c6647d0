import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { LOCAL_OPERATOR } from '../../auth/auth.plugin.ts';
import { unauthorized } from '../../errors.ts';
import { installErrorHandling } from '../../http/error-handler.ts';
import { operatorRoute, signedInRoute, spaceRoute } from '../../http/route-access.ts';
import { spaceRequestOf } from '../iot/common/space.ts';
import { installRouteGate } from './route-gate.ts';
import { admitIn, type SpaceAccess, type SpaceResolver } from './space-access.ts';

const unused = () => {
  throw new Error('no space route here');
};

let app: FastifyInstance | undefined;
afterEach(async () => {
  await app?.close();
});

/** The gate alone on a bare instance whose bearer check refuses everyone (or lets `user` in). */
function gated(user?: string, operators: string[] = []) {
  const a = Fastify({ logger: false });
  installErrorHandling(a);
  a.decorate('authenticate', async (request: FastifyRequest) => {
    if (!user) throw unauthorized();
    request.actor = { userId: user, claims: {} as NonNullable<FastifyRequest['actor']>['claims'] };
  });
  installRouteGate(a, {
    resolve: unused as unknown as SpaceResolver,
    access: unused as unknown as SpaceAccess,
    operators: { isOperator: async (id) => operators.includes(id) },
  });
  return a;
}

describe('route gate', () => {
  it('serves an operator route to an operator only; anyone else signed in gets 404, as if it did not exist', async () => {
    for (const [user, operators, status] of [
      [undefined, [], 401],
      ['u1', [], 404],
      ['u1', ['u1'], 200],
    ] as const) {
      app = gated(user, [...operators]);
      await app.register(async (scope) => {
        scope.get('/admin/v1/thing', { config: operatorRoute() }, async () => ({ secret: 'data' }));
      });
      const res = await app.inject({ method: 'GET', url: '/admin/v1/thing' });
      expect(res.statusCode, `${user} ${operators.join()}`).toBe(status);
      if (status !== 200) expect(res.body).not.toContain('secret');
      await app.close();
    }
  });

  it('lists a route that declares nothing and refuses to serve it (fail closed)', async () => {
    app = gated();
    await app.register(async (scope) => {
      scope.get('/forgotten', async () => ({ secret: 'data' }));
    });
    await app.ready();
    expect(app.declaredRoutes()).toContainEqual({ method: 'GET', url: '/forgotten', access: undefined });
    const res = await app.inject({ method: 'GET', url: '/forgotten' });
    expect(res.statusCode).toBe(500);
    expect(res.body).not.toContain('secret');
  });

  it('authenticates a signed-in route even when its scope has no bearer hook', async () => {
    app = gated();
    app.get('/mine', { config: signedInRoute() }, async () => ({ secret: 'data' }));
    await app.ready();
    const res = await app.inject({ method: 'GET', url: '/mine' });
    expect(res.statusCode).toBe(401);
  });

  it('lets no answer of a route deciding in its query leave unless the service admitted the caller', async () => {
    app = gated('00000000-0000-4000-8000-000000000001');
    const rows = [{ roles: ['role:pro-editor'] }];
    const inQuery = { config: spaceRoute('iot.read', { inQuery: true }) };
    app.get('/decided', inQuery, async (request) => {
      admitIn(spaceRequestOf(request), rows[0], 'iot.read');
      return { values: [1] };
    });
    app.get('/forgot-to-decide', inQuery, async () => ({ values: [1] }));
    await app.ready();
    const space = { 'x-organization': '00000000-0000-4000-8000-00000000000a' };
    expect((await app.inject({ url: '/decided', headers: space })).statusCode).toBe(200);
    const res = await app.inject({ url: '/forgot-to-decide', headers: space });
    expect(res.statusCode).toBe(500);
    expect(res.body).not.toContain('values');
  });
  it('serves an operator route open to loopback to a direct local caller without a token, never through a proxy', async () => {
    app = gated();
    await app.register(async (scope) => {
      scope.get('/metrics', { config: operatorRoute({ loopback: true }) }, async () => 'figures');
    });
    const call = (opts: { remoteAddress?: string; headers?: Record<string, string> }) =>
      app?.inject({ method: 'GET', url: '/metrics', ...opts });
    expect((await call({}))?.statusCode).toBe(200);
    expect((await call({ remoteAddress: '::1' }))?.statusCode).toBe(200);
    expect((await call({ remoteAddress: '203.0.113.5' }))?.statusCode).toBe(401);
    expect((await call({ headers: { 'x-forwarded-for': '203.0.113.5' } }))?.statusCode).toBe(401);
  });

  it("admits the admin CLI's actor to operator routes only", async () => {
    app = Fastify({ logger: false });
    installErrorHandling(app);
    app.decorate('authenticate', async (request: FastifyRequest) => {
      request.actor = { ...LOCAL_OPERATOR };
    });
    installRouteGate(app, {
      resolve: unused as unknown as SpaceResolver,
      access: unused as unknown as SpaceAccess,
      operators: { isOperator: async () => false },
    });
    await app.register(async (scope) => {
      scope.get('/admin/v1/thing', { config: operatorRoute() }, async () => 'admin');
      scope.get('/mine', { config: signedInRoute() }, async () => 'mine');
    });
    expect((await app.inject({ method: 'GET', url: '/admin/v1/thing' })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/mine' })).statusCode).toBe(401);
  });
});
