import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../errors.ts';
import '../http/request-context.ts';
import type { AccountService } from '../modules/accounts/account.service.ts';
import type { TokenVerifier } from './token-verifier.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** onRequest hook for routes that need a signed-in user; sets request.actor. */
    authenticate: (request: FastifyRequest) => Promise<void>;
  }
}

const str = (v: unknown) => (typeof v === 'string' && v.length > 0 ? v : undefined);

export function registerAuth(app: FastifyInstance, verifier: TokenVerifier, accounts: AccountService) {
  app.decorateRequest('actor', null);
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
    let userId = claims.sub;
    if (verifier.external) {
      const account = await accounts.upsertExternalUser({
        subject: claims.sub,
        email: str(claims.email),
        name: str(claims.name),
        username: str(claims.nickname) ?? str(claims.preferred_username),
        picture: str(claims.picture),
        emailVerified: typeof claims.email_verified === 'boolean' ? claims.email_verified : undefined,
      });
      userId = account.id;
    }
    request.actor = { userId, claims };
  });
}

/** The acting user of a route behind `app.authenticate`. */
export function actorOf(request: FastifyRequest) {
  if (!request.actor) throw new AppError('unauthorized', 'Authentication error');
  return request.actor;
}
