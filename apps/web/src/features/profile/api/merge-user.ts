import type { UserProfile, UserSettings } from '@tinkercloud/shared';
import type { TokenUser } from '@/lib/auth/token-user.ts';

/** The enrichment's progress (spec 4.2). */
export type ProfileStatus = 'stale' | 'loading' | 'done' | 'error';

/** Profile fields the token does not carry (spec section 3, "Enriched profile"). */
export interface ProfileFields {
  avatar?: string | null;
  birthday?: string | null;
  confirmed?: boolean;
  created?: string;
}

/**
 * The token user with the profile, its private block and the settings laid over it (spec section 3).
 * Private blocks may carry more fields than we name; they are kept.
 */
export type CurrentUser = TokenUser & ProfileFields & { settings: UserSettings; [field: string]: unknown };

/**
 * Later sources win: profile fields over token claims, the private block over both (so a verified address
 * shows as soon as the profile says so, before the next token refresh). A `null` in the profile never
 * erases a token value, and an error leaves the token user as it is.
 */
export function mergeUser(
  token: TokenUser,
  profile: UserProfile | undefined,
  settings: UserSettings = {},
): CurrentUser {
  const { private: privateBlock, ...publicFields } = profile ?? {};
  const merged: Record<string, unknown> = { ...token };
  for (const source of [publicFields, privateBlock ?? {}]) {
    for (const [key, value] of Object.entries(source))
      if (value !== null && value !== undefined) merged[key] = value;
  }
  return { ...token, ...merged, settings };
}

/** Maps the profile query to the spec's statuses. */
export function profileStatus(query: {
  status: 'pending' | 'success' | 'error';
  fetchStatus: string;
}): ProfileStatus {
  if (query.status === 'success') return 'done';
  if (query.status === 'error') return 'error';
  return query.fetchStatus === 'fetching' ? 'loading' : 'stale';
}

/** The notice shows only for an explicit false (spec 2.5). */
export function needsEmailVerification(user: { email_verified?: unknown }): boolean {
  return user.email_verified === false;
}
