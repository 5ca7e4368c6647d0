/** Errors from the identity provider that only a new interactive sign-in can fix. */
export const LOGIN_REQUIRED = new Set([
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

/** The sign-in library errors of spec section 8. */
export type SignInErrorCode =
  | 'timeout'
  | 'cancelled'
  | 'mfa_required'
  | 'missing_refresh_token'
  | 'login_required'
  | 'state_mismatch'
  | 'missing_transaction'
  | 'request_error';

/** The messages the catalogue fixes, and ours where it names only the code. */
export const SIGN_IN_ERROR_MESSAGES = {
  timeout: 'Timeout',
  cancelled: 'Popup closed',
  mfa_required: 'Multi-factor authentication required',
  missing_refresh_token: 'Missing Refresh Token',
  login_required: 'Login required',
  state_mismatch: 'Invalid state',
  missing_transaction: 'Invalid state',
  request_error: 'The sign-in request failed.',
} as const satisfies Record<SignInErrorCode, string>;

/**
 * A sign-in failure in the catalogue's terms (spec 8). `error` carries the code, the way the library's
 * ErrorResponse does, so `isLoginRequiredError` reads both; `name` is the code too, for the error page.
 */
export class SignInError extends Error {
  readonly error: SignInErrorCode;
  /** Only for mfa_required: the token the provider sent to continue with a second factor. */
  readonly mfaToken: string | undefined;

  constructor(
    code: SignInErrorCode,
    message: string = SIGN_IN_ERROR_MESSAGES[code],
    options: { cause?: unknown; mfaToken?: string | undefined } = {},
  ) {
    super(message, { cause: options.cause });
    this.name = code;
    this.error = code;
    this.mfaToken = options.mfaToken;
  }
}
