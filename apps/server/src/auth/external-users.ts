import type { FastifyBaseLogger } from 'fastify';
import type { AccountService } from '../modules/accounts/account.service.ts';
import type { TokenVerifier } from './token-verifier.ts';

const str = (v: unknown) => (typeof v === 'string' && v.length > 0 ? v : undefined);
const CACHE_LIMIT = 10_000;
const CACHE_TTL_MS = 10 * 60_000;

/**
 * Maps subjects of an external provider onto local users. The first request of a subject creates or links
 * the user (reading the provider's userinfo when the access token carries no profile); later requests hit
 * a bounded in-process cache instead of the database.
 */
export function createExternalUserResolver(deps: {
  verifier: TokenVerifier;
  accounts: AccountService;
  logger: FastifyBaseLogger;
}) {
  const cache = new Map<string, { userId: string; until: number }>();
  return async function resolve(token: string, claims: Record<string, unknown> & { sub: string }) {
    const hit = cache.get(claims.sub);
    if (hit && hit.until > Date.now()) return hit.userId;
    let profile: Record<string, unknown> = claims;
    if (!str(claims.email) && deps.verifier.userinfo) {
      try {
        profile = { ...(await deps.verifier.userinfo(token)), ...claims };
      } catch (err) {
        deps.logger.warn({ err }, 'external provider userinfo failed; using token claims only');
      }
    }
    const account = await deps.accounts.upsertExternalUser({
      subject: claims.sub,
      email: str(profile.email),
      name: str(profile.name),
      username: str(profile.nickname) ?? str(profile.preferred_username),
      picture: str(profile.picture),
      emailVerified: typeof profile.email_verified === 'boolean' ? profile.email_verified : undefined,
      isMinor: typeof profile.is_minor === 'boolean' ? profile.is_minor : undefined,
    });
    if (cache.size >= CACHE_LIMIT) cache.delete(cache.keys().next().value as string);
    cache.set(claims.sub, { userId: account.id, until: Date.now() + CACHE_TTL_MS });
    return account.id;
  };
}
