import { describe, expect, it } from 'vitest';
import { isLoginRequiredError, SignInRequiredError } from './auth-errors.ts';

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
});

describe('SignInRequiredError', () => {
  it('carries the guard message and the path to return to', () => {
    const error = new SignInRequiredError('/devices?x=1');
    expect(error.message).toBe('You must be logged in to access this page.');
    expect(error.returnTo).toBe('/devices?x=1');
  });
});
