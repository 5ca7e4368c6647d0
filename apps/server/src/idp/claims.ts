import { claimNames, UPSTREAM_USER_ID_CLAIM } from '@tinkercloud/shared';
import { isTeen } from '../modules/accounts/account.rules.ts';
import type { Account } from '../modules/accounts/account.types.ts';

/** Which claims each scope releases (ID token and userinfo). */
export function scopeClaims(namespace: string) {
  const ns = claimNames(namespace);
  return {
    openid: ['sub'],
    profile: [
      'name',
      'preferred_username',
      'picture',
      'updated_at',
      'is_minor',
      ns.id,
      ns.username,
      ns.loginCount,
      ns.isTeen,
    ],
    email: ['email', 'email_verified'],
  };
}

/** Every claim we know about an account; oidc-provider keeps those the granted scopes allow. */
export function accountClaims(account: Account, namespace: string, today = new Date()) {
  const ns = claimNames(namespace);
  return {
    sub: account.id,
    name: account.name,
    preferred_username: account.username,
    picture: account.picture,
    updated_at: Math.floor(account.updatedAt.getTime() / 1000),
    email: account.email,
    email_verified: account.emailVerified,
    is_minor: account.isMinor,
    [ns.id]: account.id,
    [ns.username]: account.username,
    [ns.loginCount]: account.loginCount,
    [ns.isTeen]: account.isMinor && isTeen(account.birthday, today),
  };
}

/**
 * Extra claims of the API access token: terms acceptance (spec section 6.5 reads it from the access token),
 * and the basic profile, so an API that trusts us as an external provider knows who calls without a userinfo
 * round trip (oidc-provider refuses resource-bound tokens at userinfo).
 */
export function accessTokenClaims(account: Account, namespace: string) {
  return {
    [claimNames(namespace).tosAccepted]: account.tosAccepted,
    [UPSTREAM_USER_ID_CLAIM]: account.id,
    email: account.email,
    email_verified: account.emailVerified,
    name: account.name,
    preferred_username: account.username,
    is_minor: account.isMinor,
  };
}
