import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../errors.ts';
import '../http/request-context.ts';
import type { AccountService } from '../modules/accounts/account.service.ts';
import { createExternalUserResolver } from './external-users.ts';
import type { TokenVerifier } from './token-verifier.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** onRequest hook for routes that need a signed-in user; sets request.actor. */
    authenticate: (request: FastifyRequest) => Promise<void>;
    /** The user of an identity-provider access token, outside HTTP (MQTT applications); throws when invalid. */
    userOfAccessToken: (token: string) => Promise<string>;
  }
}

export function registerAuth(app: FastifyInstance, verifier: TokenVerifier, accounts: AccountService) {
  const resolveExternal = verifier.external
    ? createExternalUserResolver({ verifier, accounts, logger: app.log })
    : undefined;
  app.decorateRequest('actor', null);
  app.decorate('userOfAccessToken', async (token: string) => {
    const claims = await verifier.verify(token);
    return resolveExternal ? resolveExternal(token, claims) : claims.sub;
  });
  app.decorate('authenticate', async (request: FastifyRequest) => {
    const header = request.headers.authorization;
    const match = header ? /^Bearer\s+(\S+)$/i.exec(header) : null;
    if (!match?.[1]) throw new AppError('unauthorized', 'Authentication error');
    let claims: Awaited<ReturnType<TokenVerifier['verify']>>;
    try {
      claims = await verifier.verify(match[1]);
    } catch (err) {
      request.log.debug({ err }, 'bearer token rejected');
      throw new AppError('unauthorized', 'Authentication error');
    }
    // Embedded provider: the subject is our user id. External: map it onto a local user.
    const userId = resolveExternal ? await resolveExternal(match[1], claims) : claims.sub;
    request.actor = { userId, claims };
  });
}

/** The acting user of a route behind `app.authenticate`. */
export function actorOf(request: FastifyRequest) {
  if (!request.actor) throw new AppError('unauthorized', 'Authentication error');
  return request.actor;
}
