import type { FastifyInstance, FastifyRequest } from 'fastify';
import { unauthorized } from '../errors.ts';
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
    /**
     * Whether a token of this user issued at `issuedAt` (JWT `iat`) still counts: the account exists and the
     * token is not older than its last password reset (`apiKey`: existence only). See the accounts module.
     */
    tokenAccepted: AccountService['tokenAccepted'];
    /** Hears, in this process, that a user's sessions ended (password reset, account deleted). */
    onSessionsEnded: AccountService['onSessionsEnded'];
  }
}

export function registerAuth(app: FastifyInstance, verifier: TokenVerifier, accounts: AccountService) {
  const resolveExternal = verifier.external
    ? createExternalUserResolver({ verifier, accounts, logger: app.log })
    : undefined;
  app.decorateRequest('actor', null);
  app.decorate('tokenAccepted', accounts.tokenAccepted);
  app.decorate('onSessionsEnded', accounts.onSessionsEnded);
  app.decorate('userOfAccessToken', async (token: string) => {
    const claims = await verifier.verify(token);
    const userId = resolveExternal ? await resolveExternal(token, claims) : claims.sub;
    if (!(await accounts.tokenAccepted(userId, claims.iat)))
      throw new Error('token ended by an account change');
    return userId;
  });
  app.decorate('authenticate', async (request: FastifyRequest) => {
    const header = request.headers.authorization;
    const match = header ? /^Bearer\s+(\S+)$/i.exec(header) : null;
    if (!match?.[1]) throw unauthorized();
    let claims: Awaited<ReturnType<TokenVerifier['verify']>>;
    try {
      claims = await verifier.verify(match[1]);
    } catch (err) {
      request.log.debug({ err }, 'bearer token rejected');
      throw unauthorized();
    }
    // Embedded provider: the subject is our user id. External: map it onto a local user.
    const userId = resolveExternal ? await resolveExternal(match[1], claims) : claims.sub;
    // A signature stays valid until the token expires; the account may have changed since (password reset,
    // deletion): checked on every call, within the bound the accounts module documents.
    if (!(await accounts.tokenAccepted(userId, claims.iat))) {
      request.log.debug({ userId }, 'bearer token ended by an account change');
      throw unauthorized();
    }
    request.actor = { userId, claims };
  });
}

/** The acting user of a route behind `app.authenticate`. */
export function actorOf(request: FastifyRequest) {
  if (!request.actor) throw unauthorized();
  return request.actor;
}
