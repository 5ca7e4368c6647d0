import { describe, expect, it } from 'vitest';
import { isLoginRequiredError, isTokenFresh, SignInRequiredError } from './auth-errors.ts';

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

describe('isTokenFresh', () => {
  const now = 1_000_000 * 1000;

  it('counts a token as expired 60 s early', () => {
    expect(isTokenFresh(1_000_061, now)).toBe(true);
    expect(isTokenFresh(1_000_060, now)).toBe(false);
    expect(isTokenFresh(999_999, now)).toBe(false);
  });

  it('treats a token without expiry as not fresh', () => {
    expect(isTokenFresh(undefined, now)).toBe(false);
  });
});

describe('SignInRequiredError', () => {
  it('carries the guard message and the path to return to', () => {
    const error = new SignInRequiredError('/devices?x=1');
    expect(error.message).toBe('You must be logged in to access this page.');
    expect(error.returnTo).toBe('/devices?x=1');
  });
});
