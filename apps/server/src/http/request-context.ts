import 'fastify';

/** Who is calling, set by the auth plugin for routes that require sign-in. */
interface Actor {
  userId: string;
  /** Verified access-token claims, as sent. */
  claims: Record<string, unknown>;
  /**
   * The admin CLI on this machine, by the server's local credential (auth/local-credential.ts): an operator
   * with no account, admitted on operator routes only. `userId` is then the nil UUID, which no account has.
   */
  local?: true;
}

declare module 'fastify' {
  interface FastifyRequest {
    actor: Actor | null;
  }
}
