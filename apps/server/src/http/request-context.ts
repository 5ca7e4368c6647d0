import 'fastify';

/** Who is calling, set by the auth plugin for routes that require sign-in. */
interface Actor {
  userId: string;
  /** Verified access-token claims, as sent. */
  claims: Record<string, unknown>;
}

declare module 'fastify' {
  interface FastifyRequest {
    actor: Actor | null;
  }
}
