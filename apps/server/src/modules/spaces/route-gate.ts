import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import { AppError, notFound } from '../../errors.ts';
import { isDirectLoopbackRequest } from '../../http/loopback.ts';
import type { RouteAccess } from '../../http/route-access.ts';
import type { OperatorCheck } from '../admin/operators.ts';
import { spaceRequestOf } from '../iot/common/space.ts';
import { type SpaceAccess, type SpaceResolver, spaceIdOf } from './space-access.ts';

/** A registered route and what it declared (undefined: nothing, which the gate refuses to serve). */
export interface DeclaredRoute {
  method: string;
  url: string;
  access: RouteAccess | undefined;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route registered so far with its access declaration (tests enumerate them). */
    declaredRoutes(): DeclaredRoute[];
  }
}

/**
 * The route gate: every request passes here before its handler, and the route's own declaration
 * (`config.access`, see `http/route-access.ts`) says what it needs. A route that declares nothing answers 500
 * (fail closed) and `test/route-access.api.test.ts` names it. It runs as a preHandler, after the scope's
 * authentication hook (the IoT scope also takes API-key tokens) and after the schemas, so clients get the
 * same 401 / 400 / 404 / 403 order as when the services decided alone; operator routes only are decided
 * before the schemas (401 / 404 / 400), as a route that does not exist would answer. Space decisions are the gate's
 * (`space-access.ts`): the membership read here is the one the service reuses for the same request.
 * Install it on the root instance before any route.
 */
export function installRouteGate(
  app: FastifyInstance,
  deps: { resolve: SpaceResolver; access: SpaceAccess; operators: OperatorCheck },
) {
  const routes: RouteOptions[] = [];
  // Read lazily: a scope's own onRoute hook (`declareScope` of http/route-access.ts) may still fill in the declaration after this one.
  app.addHook('onRoute', (route) => {
    routes.push(route);
  });
  app.decorate('declaredRoutes', () =>
    routes.flatMap((r) =>
      (Array.isArray(r.method) ? r.method : [r.method]).map((method) => ({
        method,
        url: r.url,
        access: r.config?.access,
      })),
    ),
  );

  async function signedIn(request: FastifyRequest): Promise<string> {
    if (!request.actor) await app.authenticate(request);
    if (!request.actor) throw new AppError('unauthorized', 'Authentication error');
    return request.actor.userId;
  }

  // Operator routes are decided before the schemas: to anyone but an operator the admin API does not
  // exist, so a non-operator's call answers 404 whatever it sends (never a 400 naming the route's fields).
  app.addHook('preValidation', async (request) => {
    const access = request.routeOptions.config.access;
    if (access?.kind !== 'operator') return;
    // A scraper beside the server reads /metrics without a token (never through a proxy: loopback.ts).
    if (access.loopback && isDirectLoopbackRequest(request)) return;
    const actorId = await signedIn(request);
    // The admin CLI's local credential (the auth plugin admits it on operator routes only) needs no account.
    if (request.actor?.local) return;
    // Not 403: to anyone else the admin API does not exist.
    if (!(await deps.operators.isOperator(actorId))) throw notFound();
  });

  app.addHook('preHandler', async (request) => {
    const access = request.routeOptions.config.access;
    if (!access) {
      if (request.is404) return;
      request.log.error({ url: request.routeOptions.url }, 'route declares no access; refused');
      throw new AppError('unexpected_error');
    }
    // Operator routes: decided before the schemas (the preValidation hook above).
    if (access.kind === 'public' || access.kind === 'operator') return;
    const actorId = await signedIn(request);
    // Defence in depth: the CLI's actor has no account to act as anywhere else.
    if (request.actor?.local) throw new AppError('unauthorized', 'Authentication error');
    if (access.kind === 'signed-in') return;
    if (access.from === 'header') {
      const ref = spaceRequestOf(request);
      // Decided by the service's own statement: only the header's rules (API-key space) come first.
      if (access.inQuery) spaceIdOf(ref);
      else await deps.resolve(ref, access.action);
      return;
    }
    const spaceId = (request.params as Record<string, string | undefined>)[access.from.param] ?? '';
    await deps.access.require(actorId, spaceId, access.action);
  });

  // A route whose service decides in its query: no answer leaves unless it did (fail closed).
  app.addHook('onSend', async (request, reply, payload) => {
    const access = request.routeOptions.config.access;
    if (access?.kind !== 'space' || !access.inQuery || reply.statusCode >= 400) return payload;
    if (spaceRequestOf(request).once?.admitted?.has(access.action)) return payload;
    request.log.error({ url: request.routeOptions.url }, 'space route answered without the gate deciding');
    throw new AppError('unexpected_error');
  });
}
