import { IdTokenError } from '@tinkercloud/shared';

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

/** Library messages (oidc-client-ts 3) that name a catalogue case. */
const LIBRARY_MESSAGES: readonly [RegExp, SignInErrorCode][] = [
  [/^Popup closed/, 'cancelled'],
  [/^No matching state found in storage$/, 'state_mismatch'],
  [/^invalid request_type in state$/, 'state_mismatch'],
  [/^No state in response$/, 'missing_transaction'],
  [/refresh_token is required|^No refresh token/i, 'missing_refresh_token'],
];

const field = (error: object, key: string): string | undefined => {
  const value = (error as Record<string, unknown>)[key];
  return typeof value === 'string' && value !== '' ? value : undefined;
};

/**
 * Maps what the sign-in library throws onto the catalogue, so pages show our names and messages and never
 * the library's wording. A provider's own error_description is kept: it is the provider talking to the user.
 */
export function toSignInError(error: unknown): SignInError {
  if (error instanceof SignInError) return error;
  if (typeof error !== 'object' || error === null)
    return new SignInError('request_error', undefined, { cause: error });
  const name = field(error, 'name');
  if (name === 'ErrorTimeout') return new SignInError('timeout', undefined, { cause: error });

  const code = field(error, 'error');
  const description = field(error, 'error_description');
  if (code === 'mfa_required') {
    // The library drops unknown fields of a token error; a provider (or wrapper) that keeps it is honoured.
    const mfaToken = field(error, 'mfa_token') ?? field(error, 'mfaToken');
    return new SignInError('mfa_required', description, { cause: error, mfaToken });
  }
  if (code === 'missing_refresh_token') return new SignInError(code, undefined, { cause: error });
  if (code && LOGIN_REQUIRED.has(code))
    return new SignInError('login_required', description, { cause: error });
  if (code) return new SignInError('request_error', description, { cause: error });

  const message = field(error, 'message') ?? '';
  for (const [pattern, mapped] of LIBRARY_MESSAGES) {
    if (pattern.test(message)) return new SignInError(mapped, undefined, { cause: error });
  }
  // Our own ID-token checks speak the user's language already; anything else gets the default wording.
  if (error instanceof IdTokenError) return new SignInError('request_error', error.message, { cause: error });
  return new SignInError('request_error', undefined, { cause: error });
}
