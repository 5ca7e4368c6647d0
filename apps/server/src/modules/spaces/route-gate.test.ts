import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { unauthorized } from '../../errors.ts';
import { installErrorHandling } from '../../http/error-handler.ts';
import { signedInRoute } from '../../http/route-access.ts';
import { installRouteGate } from './route-gate.ts';
import type { SpaceAccess, SpaceResolver } from './space-access.ts';

const unused = () => {
  throw new Error('no space route here');
};

let app: FastifyInstance | undefined;
afterEach(async () => {
  await app?.close();
});

/** The gate alone on a bare instance whose bearer check refuses everyone. */
function gated() {
  const a = Fastify({ logger: false });
  installErrorHandling(a);
  a.decorate('authenticate', async () => {
    throw unauthorized();
  });
  installRouteGate(a, {
    resolve: unused as unknown as SpaceResolver,
    access: unused as unknown as SpaceAccess,
  });
  return a;
}

describe('route gate', () => {
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
});
