import type { FastifyInstance, FastifyRequest } from 'fastify';
import { decodeProtectedHeader } from 'jose';
import { AppError } from '../../../errors.ts';
import type { ClientTokens } from '../api-clients/client-tokens.ts';

/** The API key behind a client-credentials token, when the call was made with one. */
export interface ApiClientContext {
  clientId: string;
  /** The space the token was issued for; null: My Cloud (X-Organization may still name a space). */
  organizationId: string | null;
}

const clients = new WeakMap<FastifyRequest, ApiClientContext>();

export function apiClientOf(request: FastifyRequest): ApiClientContext | undefined {
  return clients.get(request);
}

const unauthorized = () => new AppError('unauthorized', 'Authentication error');

/**
 * onRequest hook of the /iot routes: a token from `POST /iot/v1/clients/token` (our own signature) or an
 * access token of the identity provider, as every other API takes.
 */
export function createIotAuthenticate(app: FastifyInstance, tokens: ClientTokens) {
  return async function iotAuthenticate(request: FastifyRequest) {
    const match = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '');
    const token = match?.[1];
    if (token && isClientToken(token)) {
      const verified = await tokens.verify(token);
      if (!verified) throw unauthorized();
      request.actor = { userId: verified.userId, claims: verified.claims };
      clients.set(request, { clientId: verified.clientId, organizationId: verified.organizationId });
      return;
    }
    await app.authenticate(request);
  };
}

function isClientToken(token: string): boolean {
  try {
    return decodeProtectedHeader(token).kid === CLIENT_TOKEN_KID;
  } catch {
    return false;
  }
}

export const CLIENT_TOKEN_KID = 'iot-client';
