import { AppError, notFound } from '../../errors.ts';
import type { AccountService } from '../accounts/account.service.ts';
import type { Account } from '../accounts/account.types.ts';
import type { UserSettingsRepository } from './users.repository.ts';
import type { Profile } from './users.schemas.ts';

function toProfile(account: Account, withPrivate: boolean): Profile {
  const profile: Profile = {
    id: account.id,
    username: account.username,
    avatar: account.picture,
    birthday: account.birthday,
    confirmed: account.emailVerified,
    created: account.createdAt.toISOString(),
    name: account.name,
  };
  if (withPrivate) {
    profile.private = {
      email: account.email,
      email_verified: account.emailVerified,
      is_minor: account.isMinor,
      login_count: account.loginCount,
      tos_accepted: account.tosAccepted,
    };
  }
  return profile;
}

/** Profile rules: a user reads and changes only their own profile and settings. */
export function createUsersService(deps: { accounts: AccountService; settings: UserSettingsRepository }) {
  async function self(actorId: string, requestedId: string): Promise<Account> {
    // Another user's profile is not ours to show: answer as if it did not exist.
    if (requestedId !== 'me' && requestedId !== actorId) throw notFound('User');
    const account = await deps.accounts.findById(actorId);
    if (!account) throw notFound('User');
    return account;
  }
  return {
    async adultProfile(actorId: string, requestedId: string, scopes: string[]) {
      return toProfile(await self(actorId, requestedId), scopes.includes('private'));
    },
    async minorProfile(actorId: string) {
      const account = await self(actorId, 'me');
      if (!account.isMinor) throw notFound('Child profile');
      return toProfile(account, true);
    },
    getSettings: (actorId: string) => deps.settings.get(actorId),
    putSettings: (actorId: string, settings: Record<string, unknown>) => deps.settings.put(actorId, settings),
    async resendVerification(actorId: string, requestedId: string) {
      const account = await self(actorId, requestedId);
      if (account.emailVerified) throw new AppError('conflict', 'E-mail address already verified.');
      await deps.accounts.sendVerificationEmail(account.id);
    },
  };
}
export type UsersService = ReturnType<typeof createUsersService>;
