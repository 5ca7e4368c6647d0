/** Errors from the identity provider that only a new interactive sign-in can fix. */
const LOGIN_REQUIRED = new Set([
  'login_required',
  'invalid_grant',
  'interaction_required',
  'consent_required',
]);

/** oidc-client-ts reports provider errors as ErrorResponse objects with the OAuth `error` code. */
export function isLoginRequiredError(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const code = (error as { error?: unknown }).error;
  return typeof code === 'string' && LOGIN_REQUIRED.has(code);
}

/** Thrown by the sign-in guard; the guard's error component shows the message while redirecting. */
export class SignInRequiredError extends Error {
  override name = 'SignInRequiredError';
  constructor(readonly returnTo: string) {
    super('You must be logged in to access this page.');
  }
}
