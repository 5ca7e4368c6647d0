import type { FastifyRequest } from 'fastify';

/** The API key behind a client-credentials token, when the call was made with one. */
interface ApiClientContext {
  clientId: string;
  /** The space the token was issued for; null: My Cloud (X-Organization may still name a space). */
  organizationId: string | null;
}

// Set by the /iot authentication hook (`auth.ts`), read by the space resolver and the rate limits: a file of
// its own so that readers need not import the hook (and what it imports).
const clients = new WeakMap<FastifyRequest, ApiClientContext>();

export function apiClientOf(request: FastifyRequest): ApiClientContext | undefined {
  return clients.get(request);
}

export function rememberApiClient(request: FastifyRequest, client: ApiClientContext): void {
  clients.set(request, client);
}
