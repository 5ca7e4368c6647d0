import type { SpaceAction } from '@tinkercloud/shared';
import type { FastifyInstance } from 'fastify';

/**
 * What a route needs before its handler runs, declared on the route itself (`config: spaceRoute('iot.read')`)
 * and enforced by the route gate (`modules/spaces/route-gate.ts`):
 * - `public`: anyone; the route checks nothing, or proves the caller otherwise (a signed link, a device key);
 * - `signed-in`: a valid bearer token; what it reaches is the caller's own (their account, My Cloud
 *   resources named by id, their invitations) or checked by the service against a space it finds first;
 * - `space`: a signed-in member of the space the request names, whose roles allow `action` in the shared role
 *   table (`ROLE_PERMISSIONS` of `@tinkercloud/shared`). `from: 'header'` names it by `X-Organization` (absent
 *   or `my-cloud`: the caller's My Cloud, where they may do anything); `from: {param}` by a path parameter.
 */
export type RouteAccess =
  | { kind: 'public' }
  | { kind: 'signed-in' }
  /**
   * An operator of this server (the admin console), or the admin CLI on this machine (its local credential):
   * anyone else gets 404, as if the route did not exist. `loopback`: also any direct connection from this
   * machine, without a token (a scraper beside the server reading `/metrics`).
   */
  | { kind: 'operator'; loopback?: true }
  | {
      kind: 'space';
      action: SpaceAction;
      from: 'header' | { param: string };
      /**
       * The service reads the membership in the same statement as its data (one round trip) and decides with
       * the gate's rule there; the gate checks before the answer leaves that it did (else 500, nothing sent).
       */
      inQuery?: true;
    };

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess;
  }
}

/** Route `config` of a route anyone may call. */
export const publicRoute = () => ({ access: { kind: 'public' } as RouteAccess });

/** Route `config` of a route for any signed-in caller. */
export const signedInRoute = () => ({ access: { kind: 'signed-in' } as RouteAccess });

/**
 * Route `config` of an admin route: operators only; anyone else gets 404 (modules/admin/operators.ts).
 * `{loopback: true}` also lets in direct connections from this machine without a token (`/metrics`).
 */
export const operatorRoute = (opts: { loopback?: boolean } = {}) => ({
  access: (opts.loopback ? { kind: 'operator', loopback: true } : { kind: 'operator' }) as RouteAccess,
});

/** Route `config` of a route acting in the space of `X-Organization` with `action`. */
export const spaceRoute = (action: SpaceAction, opts: { inQuery?: true } = {}) => ({
  access: { kind: 'space', action, from: 'header', ...opts } as RouteAccess,
});

/** Route `config` of a route acting in the space whose id is the path parameter `param`, with `action`. */
export const spaceParamRoute = (action: SpaceAction, param = 'id') => ({
  access: { kind: 'space', action, from: { param } } as RouteAccess,
});

/** How a declaration reads in a test name or a log line. */
export function describeAccess(access: RouteAccess | undefined): string {
  if (!access) return 'nothing';
  if (access.kind === 'operator')
    return access.loopback ? 'operator, or a direct connection on loopback' : 'operator';
  if (access.kind !== 'space') return access.kind;
  const where = access.from === 'header' ? 'X-Organization' : `:${access.from.param}`;
  return `${access.action} in the space of ${where}${access.inQuery ? ' (decided in the query)' : ''}`;
}

/**
 * Declares every route of one scope whose route declares nothing itself: for plugins whose routes we do not
 * write (the OpenID provider, the API docs, static files). Say at the call why that access is right.
 */
export function declareScope(scope: FastifyInstance, access: RouteAccess): void {
  scope.addHook('onRoute', (route) => {
    route.config = { ...route.config, access: route.config?.access ?? access };
  });
}
