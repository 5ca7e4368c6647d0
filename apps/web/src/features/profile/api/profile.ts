import { queryOptions } from '@tanstack/react-query';
import {
  type AppConfig,
  type UserProfile,
  type UserSettings,
  userProfileSchema,
  userSettingsSchema,
} from '@tinkercloud/shared';
import type { ApiRequest } from '@/lib/api.ts';
import type { TokenUser } from '@/lib/auth/token-user.ts';
import { joinUrl } from '@/lib/urls.ts';

/** Adults read their own profile with the private block; minors have their own endpoint (spec 7.2). */
export function profileUrl(config: AppConfig, user: Pick<TokenUser, 'id' | 'is_minor'>): string {
  return user.is_minor
    ? joinUrl(config.hosts.api, '/users/v1/children/byID/me')
    : joinUrl(config.hosts.api, `/users/v1/users/byID/${encodeURIComponent(user.id)}?scopes=private`);
}

export function profileQueryOptions(api: ApiRequest, config: AppConfig, user: TokenUser) {
  return queryOptions({
    queryKey: ['users', 'profile', user.is_minor ? 'me' : user.id],
    queryFn: async (): Promise<UserProfile> => userProfileSchema.parse(await api(profileUrl(config, user))),
    // Without an id claim there is no adult profile to ask for; the token user is all we have.
    enabled: user.is_minor || user.id !== '',
    // Profile cache time is 0 (spec 4.2): nothing outlives the component that shows it.
    gcTime: 0,
  });
}

/** Settings are used whole; a failed call counts as no settings (spec 7.2). */
export async function fetchSettings(api: ApiRequest, config: AppConfig): Promise<UserSettings> {
  try {
    const parsed = userSettingsSchema.safeParse(
      await api(joinUrl(config.hosts.api, '/users/v1/users/settings')),
    );
    return parsed.success ? parsed.data : {};
  } catch {
    return {};
  }
}

export function settingsQueryOptions(api: ApiRequest, config: AppConfig) {
  return queryOptions({
    queryKey: ['users', 'settings'],
    queryFn: () => fetchSettings(api, config),
    // Settings are never stale (spec section 9): they change only through this app.
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** Resends the verification e-mail, and only when the address is known to be unverified (spec 5, 7.2). */
export async function resendVerification(
  api: ApiRequest,
  config: AppConfig,
  user: { id: string; email_verified?: boolean | undefined },
): Promise<boolean> {
  if (user.email_verified !== false) return false;
  await api(joinUrl(config.hosts.api, `/users/v1/users/byID/${encodeURIComponent(user.id)}/confirm`), {
    method: 'POST',
  });
  return true;
}
