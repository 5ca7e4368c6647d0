import { IdTokenError } from '@tinkercloud/shared';
import { ErrorResponse, ErrorTimeout } from 'oidc-client-ts';
import { describe, expect, it } from 'vitest';
import { isLoginRequiredError, SignInError, SignInRequiredError } from './auth-errors.ts';
import { toSignInError } from './to-sign-in-error.ts';

describe('isLoginRequiredError', () => {
  it('recognises provider refusals that need an interactive sign-in', () => {
    for (const error of ['login_required', 'invalid_grant', 'interaction_required', 'consent_required']) {
      expect(isLoginRequiredError({ error })).toBe(true);
    }
  });

  it('ignores other errors', () => {
    expect(isLoginRequiredError({ error: 'temporarily_unavailable' })).toBe(false);
    expect(isLoginRequiredError(new Error('login_required'))).toBe(false);
    expect(isLoginRequiredError(null)).toBe(false);
  });

  it('recognises our own login_required sign-in error', () => {
    expect(isLoginRequiredError(new SignInError('login_required'))).toBe(true);
    expect(isLoginRequiredError(new SignInError('timeout'))).toBe(false);
  });
});

describe('SignInRequiredError', () => {
  it('carries the guard message and the path to return to', () => {
    const error = new SignInRequiredError('/devices?x=1');
    expect(error.message).toBe('You must be logged in to access this page.');
    expect(error.returnTo).toBe('/devices?x=1');
  });
});

describe('toSignInError (spec 8, sign-in library errors)', () => {
  const mapped = (error: unknown) => {
    const result = toSignInError(error);
    return { code: result.error, name: result.name, message: result.message };
  };

  it('maps a library time-out to timeout / Timeout', () => {
    expect(mapped(new ErrorTimeout('Network timed out'))).toEqual({
      code: 'timeout',
      name: 'timeout',
      message: 'Timeout',
    });
    expect(mapped(new ErrorTimeout('IFrame timed out without a response')).message).toBe('Timeout');
  });

  it('maps a closed popup to cancelled / Popup closed', () => {
    expect(mapped(new Error('Popup closed by user'))).toEqual({
      code: 'cancelled',
      name: 'cancelled',
      message: 'Popup closed',
    });
    expect(mapped(new Error('Popup closed')).code).toBe('cancelled');
  });

  it('maps a state the store does not know to state_mismatch / Invalid state', () => {
    expect(mapped(new Error('No matching state found in storage'))).toEqual({
      code: 'state_mismatch',
      name: 'state_mismatch',
      message: 'Invalid state',
    });
    expect(mapped(new Error('invalid request_type in state')).code).toBe('state_mismatch');
  });

  it('maps a response without state to missing_transaction', () => {
    expect(mapped(new Error('No state in response')).code).toBe('missing_transaction');
  });

  it('maps a missing refresh token to missing_refresh_token', () => {
    expect(mapped(new Error('A refresh_token is required')).code).toBe('missing_refresh_token');
    expect(mapped({ error: 'missing_refresh_token' }).code).toBe('missing_refresh_token');
  });

  it('maps provider refusals that need interaction to login_required, keeping the provider text', () => {
    expect(mapped(new ErrorResponse({ error: 'login_required' }))).toEqual({
      code: 'login_required',
      name: 'login_required',
      message: 'Login required',
    });
    expect(mapped(new ErrorResponse({ error: 'invalid_grant', error_description: 'Grant revoked' }))).toEqual(
      {
        code: 'login_required',
        name: 'login_required',
        message: 'Grant revoked',
      },
    );
  });

  it('maps mfa_required and carries its mfa_token', () => {
    const error = toSignInError({
      error: 'mfa_required',
      error_description: 'Second factor',
      mfa_token: 'm1',
    });
    expect(error).toBeInstanceOf(SignInError);
    expect(error.error).toBe('mfa_required');
    expect(error.message).toBe('Second factor');
    expect(error.mfaToken).toBe('m1');
    expect(toSignInError(new ErrorResponse({ error: 'mfa_required' })).mfaToken).toBeUndefined();
  });

  it('defaults to request_error without the library wording', () => {
    const raw = new Error('Bad Request (400): {"detail":"x"}');
    const error = toSignInError(raw);
    expect(error.error).toBe('request_error');
    expect(error.message).toBe('The sign-in request failed.');
    expect(error.cause).toBe(raw);
    expect(mapped('weird').code).toBe('request_error');
    expect(mapped(new ErrorResponse({ error: 'server_error', error_description: 'Down' }))).toEqual({
      code: 'request_error',
      name: 'request_error',
      message: 'Down',
    });
  });

  it('keeps the message of our own ID-token checks', () => {
    const error = toSignInError(new IdTokenError('ID token rejected: the token has expired'));
    expect(error.error).toBe('request_error');
    expect(error.message).toBe('ID token rejected: the token has expired');
  });

  it('leaves an already mapped error alone', () => {
    const error = new SignInError('timeout');
    expect(toSignInError(error)).toBe(error);
  });
});
