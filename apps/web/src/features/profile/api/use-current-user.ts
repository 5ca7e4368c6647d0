import { useQuery } from '@tanstack/react-query';
import { useAuthState, useServices } from '@/app/services.tsx';
import { type CurrentUser, mergeUser, type ProfileStatus, profileStatus } from './merge-user.ts';
import { profileQueryOptions, settingsQueryOptions } from './profile.ts';

/** The signed-in user, enriched with the profile and settings once they arrive. */
export function useCurrentUser(): { user: CurrentUser; status: ProfileStatus } {
  const { api, config } = useServices();
  const { user, isAuthenticated } = useAuthState();
  // Signed out, the user is the empty default, for which the profile query is disabled by itself.
  const profile = useQuery(profileQueryOptions(api, config, user));
  const settings = useQuery({ ...settingsQueryOptions(api, config), enabled: isAuthenticated });
  return {
    user: mergeUser(user, profile.data, settings.data),
    status: profileStatus(profile),
  };
}
