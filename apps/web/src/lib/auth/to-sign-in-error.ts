import { IdTokenError } from '@tinkercloud/shared';
import { LOGIN_REQUIRED, SignInError, type SignInErrorCode } from './auth-errors.ts';

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
 * Only failures need it, so it is loaded when one happens (off the first page).
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
