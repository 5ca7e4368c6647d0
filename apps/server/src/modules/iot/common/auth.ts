import type { FastifyInstance, FastifyRequest } from 'fastify';
import { unauthorized } from '../../../errors.ts';
import { type ClientTokens, isClientToken } from '../api-clients/client-tokens.ts';
import { rememberApiClient } from './api-client-context.ts';

/** Verified identity-provider tokens, kept until they expire (a JWT cannot change, so checking it once is enough). */
const verified = new Map<string, { actor: NonNullable<FastifyRequest['actor']>; until: number }>();
const MAX_CACHED = 10_000;

/**
 * onRequest hook of the /iot routes: a token from `POST /iot/v1/clients/token` (our own signature) or an
 * access token of the identity provider, as every other API takes. A provider token that passed once is
 * remembered until its expiry, which spares the signature check on every call (not the account check).
 */
export function createIotAuthenticate(app: FastifyInstance, tokens: ClientTokens) {
  return async function iotAuthenticate(request: FastifyRequest) {
    const match = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '');
    const token = match?.[1];
    // Only provider tokens are remembered, so a hit needs no look at the token's header.
    const hit = token ? verified.get(token) : undefined;
    if (hit && hit.until > Date.now()) {
      // The signature was checked; the account may have changed since (reset, deletion).
      if (!(await app.tokenAccepted(hit.actor.userId, hit.actor.claims.iat))) throw unauthorized();
      request.actor = hit.actor;
      return;
    }
    if (token && isClientToken(token)) {
      const ok = await tokens.verify(token);
      // An API key's token lives with its key (deleted with the account, or on request at a reset).
      if (!ok || !(await app.tokenAccepted(ok.userId, ok.claims.iat, { apiKey: true }))) throw unauthorized();
      request.actor = { userId: ok.userId, claims: ok.claims };
      rememberApiClient(request, { clientId: ok.clientId, organizationId: ok.organizationId });
      return;
    }
    await app.authenticate(request);
    const exp = request.actor?.claims.exp;
    if (token && request.actor && typeof exp === 'number') {
      if (verified.size >= MAX_CACHED) verified.clear();
      verified.set(token, { actor: request.actor, until: exp * 1000 });
    }
  };
}
