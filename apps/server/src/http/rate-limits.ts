import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../errors.ts';

/**
 * Limits for the routes an attacker would hammer (password guessing, mail flooding). Counters live in this
 * process; several server processes each count on their own (a shared store would be needed to pool them).
 */
const field = (request: FastifyRequest, name: string) => {
  const body = request.body as Record<string, unknown> | undefined;
  const value = body?.[name];
  return typeof value === 'string' ? value.trim().toLowerCase().slice(0, 254) : '';
};

/**
 * Sign-in and reset count per client address AND account named, so one classroom behind a single address is
 * not locked out by one student; sign-up counts per address, generously for the same reason. They run at
 * preHandler, when the form body is parsed.
 */
export const RATE_LIMITS = {
  signIn: {
    max: 10,
    timeWindow: '1 minute',
    hook: 'preHandler',
    keyGenerator: (request: FastifyRequest) => `signin:${request.ip}:${field(request, 'login')}`,
  },
  passwordReset: {
    max: 5,
    timeWindow: '15 minutes',
    hook: 'preHandler',
    keyGenerator: (request: FastifyRequest) =>
      `reset:${request.ip}:${field(request, 'email') || field(request, 'token')}`,
  },
  resendVerification: { max: 5, timeWindow: '1 hour' },
} as const;

/** Sign-ups per client address: `SIGNUP_RATE_LIMIT_PER_MINUTE`, 20 by default. */
export const signUpLimit = (perMinute: number) => ({ max: perMinute, timeWindow: '1 minute' }) as const;

/**
 * Failed sign-ins per client address across all logins (`idp/address-failures.ts`), beside the per-login limit
 * above: guessing one common password against many logins from one address stops after 20 failures in 15
 * minutes. Successful sign-ins do not count, so a class behind one address signs in freely.
 */
export const SIGN_IN_FAILURES_PER_ADDRESS = { max: 20, windowMs: 15 * 60_000 } as const;

/** The text of every sign-in and account limit: how long until the next try. */
export function tooManyAttempts(ttlMs: number): string {
  const minutes = Math.max(1, Math.ceil(ttlMs / 60_000));
  return `Too many attempts. Try again in ${minutes} minute${minutes > 1 ? 's' : ''}.`;
}

/** Registers the limiter with no global limit: routes opt in through `config.rateLimit`. */
export async function registerRateLimits(app: FastifyInstance) {
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_request, context) =>
      new AppError('too_many_requests', tooManyAttempts(context.ttl)),
  });
}
