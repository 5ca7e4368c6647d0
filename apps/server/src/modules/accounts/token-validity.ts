import { isUuid } from '@tinkercloud/shared';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';

/**
 * How long a process trusts what it read of an account (exists, disabled, tokens valid after) before reading
 * it again. It bounds how late another server process notices a password reset, an account disabled by an
 * operator or an account deletion; the process that made the change forgets its copy at once.
 */
const TOKEN_CHECK_TTL_MS = 5_000;
const CACHE_LIMIT = 10_000;

interface Entry {
  exists: boolean;
  /** Disabled by an operator: no token of the account counts, API keys' included. */
  disabled: boolean;
  /** Epoch ms, whole seconds; tokens issued (iat) before it are refused. */
  validAfterMs: number | null;
  until: number;
}

/** The moment from which tokens count again, in whole seconds like a JWT's `iat`. */
export function tokenEpoch(now: number): Date {
  // Truncated, not rounded up: a sign-in in the same second as the reset must work. A token issued in that
  // same second just before the reset stays valid; that window is under a second.
  return new Date(Math.floor(now / 1000) * 1000);
}

/**
 * Checks a token's user against the account's current state on every call: the user exists, is not disabled
 * (`users.disabled_at`), and the token was issued at or after the last credential change
 * (`users.tokens_valid_after`). The state is read from the
 * database, which every process shares, and kept at most `ttlMs` per user.
 */
export function createTokenValidity(deps: { db: Database; ttlMs?: number; now?: () => number }) {
  const ttlMs = deps.ttlMs ?? TOKEN_CHECK_TTL_MS;
  const now = deps.now ?? Date.now;
  const cache = new Map<string, Entry>();

  async function read(userId: string): Promise<Entry> {
    const hit = cache.get(userId);
    if (hit && hit.until > now()) return hit;
    // A subject that is no user id (a foreign token's) names no account; never hand it to a uuid column.
    if (!isUuid(userId)) return { exists: false, disabled: false, validAfterMs: null, until: 0 };
    const rows = await deps.db
      .select({ validAfter: users.tokensValidAfter, disabledAt: users.disabledAt })
      .from(users)
      .where(eq(users.id, userId))
      .limit(1);
    const row = rows[0];
    const entry: Entry = {
      exists: row !== undefined,
      disabled: row?.disabledAt != null,
      validAfterMs: row?.validAfter ? row.validAfter.getTime() : null,
      until: now() + ttlMs,
    };
    if (ttlMs > 0) {
      if (cache.size >= CACHE_LIMIT) cache.delete(cache.keys().next().value as string);
      cache.set(userId, entry);
    }
    return entry;
  }

  return {
    /**
     * True when an access token of this user issued at `issuedAt` (seconds, the JWT `iat`) still counts.
     * `apiKey`: a client-credentials token, which lives with its API key (deleted on request at a reset),
     * so only the account's existence and that it is not disabled are checked.
     */
    async accepts(userId: string, issuedAt: unknown, opts: { apiKey?: boolean } = {}): Promise<boolean> {
      const state = await read(userId);
      if (!state.exists || state.disabled) return false;
      if (opts.apiKey || state.validAfterMs === null) return true;
      return typeof issuedAt === 'number' && issuedAt * 1000 >= state.validAfterMs;
    },

    /** Drops this process's copy of an account that just changed. */
    forget(userId: string) {
      cache.delete(userId);
    },
  };
}
