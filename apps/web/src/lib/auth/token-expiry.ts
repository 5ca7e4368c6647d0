/** Tokens count as expired this many seconds early (spec section 9). */
export const TOKEN_EXPIRY_SKEW_SEC = 60;

/** True while the access token has more than the skew left; `expiresAt` is in seconds, `now` in ms. */
export function isTokenFresh(expiresAt: number | undefined, now: number): boolean {
  if (expiresAt === undefined) return false;
  return expiresAt - TOKEN_EXPIRY_SKEW_SEC > now / 1000;
}
