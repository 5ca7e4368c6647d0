import { notFound, redirect } from '@tanstack/react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SignInRequiredError } from './auth/auth-errors.ts';
import { isExpectedRouteError, reportCaughtError } from './caught-errors.ts';

describe('reportCaughtError', () => {
  afterEach(() => vi.restoreAllMocks());

  it('stays quiet about the router’s control flow: sign-in required, not found, redirect', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    for (const thrown of [new SignInRequiredError('/'), notFound(), redirect({ to: '/' })]) {
      expect(isExpectedRouteError(thrown)).toBe(true);
      reportCaughtError(thrown, { componentStack: '' });
    }
    expect(error).not.toHaveBeenCalled();
  });

  it('logs a real failure as an error', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    reportCaughtError(new Error('boom'), { componentStack: 'at Page' });
    expect(error).toHaveBeenCalledWith('A page failed', expect.any(Error), 'at Page');
  });
});
