import { isNotFound, isRedirect } from '@tanstack/react-router';
import type { ErrorInfo } from 'react';
import { SignInRequiredError } from './auth/auth-errors.ts';
import { logger } from './logger.ts';

/**
 * Errors the router uses as control flow: the sign-in guard's "go sign in", a Not Found, a redirect. Their
 * boundaries show the right page; they are not failures, so the console stays clean (React 19 would log
 * every error a boundary catches as an error).
 */
export function isExpectedRouteError(error: unknown): boolean {
  return error instanceof SignInRequiredError || isNotFound(error) || isRedirect(error);
}

/** `createRoot`'s onCaughtError: real failures go to the logger (which the log-level flag filters). */
export function reportCaughtError(error: unknown, info: ErrorInfo): void {
  if (isExpectedRouteError(error)) return;
  logger.error('A page failed', error, info.componentStack);
}
