import { claimNames } from '@tinkercloud/shared';

/** The signed-in user as the ID token describes it (spec section 3). */
export interface TokenUser {
  sub: string;
  id: string;
  username: string;
  loginCount: number;
  name: string;
  email: string;
  picture: string;
  updated_at: string;
  /** Undefined when the token does not say: the verification notice needs an explicit false. */
  email_verified: boolean | undefined;
  is_minor: boolean;
  /** A teen: consent rules are stricter (spec section 1). */
  is_teen: boolean;
}

export const EMPTY_USER: TokenUser = {
  sub: '',
  id: '',
  username: '',
  loginCount: 0,
  name: '',
  email: '',
  picture: '',
  updated_at: '',
  email_verified: undefined,
  is_minor: false,
  is_teen: false,
};

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/** `updated_at` is a number of seconds in OIDC; we keep it as an ISO string for display. */
function updatedAt(value: unknown): string {
  if (typeof value === 'number' && Number.isFinite(value)) return new Date(value * 1000).toISOString();
  return text(value);
}

/** Reads standard and namespaced claims; missing ones take the spec's defaults ('' and 0). */
export function toTokenUser(claims: Record<string, unknown>, claimsNamespace: string): TokenUser {
  const names = claimNames(claimsNamespace);
  const count = claims[names.loginCount];
  return {
    sub: text(claims.sub),
    id: text(claims[names.id]),
    username: text(claims[names.username]),
    loginCount: typeof count === 'number' && Number.isFinite(count) ? count : 0,
    name: text(claims.name),
    email: text(claims.email),
    picture: text(claims.picture),
    updated_at: updatedAt(claims.updated_at),
    email_verified: typeof claims.email_verified === 'boolean' ? claims.email_verified : undefined,
    is_minor: claims.is_minor === true,
    is_teen: claims[names.isTeen] === true,
  };
}

/** Field-by-field equality; every TokenUser field is a primitive. */
export function sameTokenUser(a: TokenUser, b: TokenUser): boolean {
  return (Object.keys(a) as (keyof TokenUser)[]).every((key) => a[key] === b[key]);
}
