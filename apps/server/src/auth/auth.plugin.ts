import type { FastifyInstance, FastifyRequest } from 'fastify';
import { unauthorized } from '../errors.ts';
import { isDirectLoopbackRequest } from '../http/loopback.ts';
import '../http/request-context.ts';
import type { AccountService } from '../modules/accounts/account.service.ts';
import { createExternalUserResolver } from './external-users.ts';
import type { LocalCredential } from './local-credential.ts';
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

/** The admin CLI's actor: no account behind it (the nil UUID no account has), admitted as an operator. */
export const LOCAL_OPERATOR = {
  userId: '00000000-0000-0000-0000-000000000000',
  claims: {},
  local: true,
} as const;

/**
 * `localCredential`: the running server's credential for the admin CLI (auth/local-credential.ts), taken only
 * on a direct loopback connection to an operator route; anywhere else it is a bad token (401).
 */
export function registerAuth(
  app: FastifyInstance,
  verifier: TokenVerifier,
  accounts: AccountService,
  localCredential?: LocalCredential,
) {
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
    if (localCredential?.matches(match[1])) {
      const operatorRoute = request.routeOptions.config?.access?.kind === 'operator';
      if (!operatorRoute || !isDirectLoopbackRequest(request)) throw unauthorized();
      request.actor = { ...LOCAL_OPERATOR };
      return;
    }
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
