import { QueryClient } from '@tanstack/react-query';
import type { AppConfig } from '@tinkercloud/shared';
import { ErrorTimeout, type User, type UserManager } from 'oidc-client-ts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SignInError } from './auth-errors.ts';
import { createAuth } from './auth-service.ts';
import { createAuthStore } from './auth-store.ts';

const ISSUER = 'http://localhost:8080/auth';
const config = {
  publicUrl: 'http://localhost:8080',
  oidc: {
    authority: ISSUER,
    clientId: 'web',
    audience: 'http://localhost:8080/api',
    scope: 'openid',
    claimsNamespace: 'http://localhost:8080/claims/',
  },
} as AppConfig;

const nowSec = () => Math.floor(Date.now() / 1000);

function user(overrides: Partial<User> = {}): User {
  return {
    profile: { sub: 's1' },
    access_token: 'access-1',
    refresh_token: 'refresh-1',
    expires_at: nowSec() + 3600,
    ...overrides,
  } as unknown as User;
}

function setup(href = 'http://localhost:8080/devices') {
  const manager = {
    getUser: vi.fn(async (): Promise<User | null> => null),
    removeUser: vi.fn(async () => undefined),
    signinSilent: vi.fn(async (): Promise<User | null> => null),
    signinRedirectCallback: vi.fn(async (): Promise<User> => user()),
    metadataService: { getIssuer: async () => ISSUER },
    events: {
      addUserLoaded: () => undefined,
      addUserUnloaded: () => undefined,
      addAccessTokenExpiring: () => undefined,
      addAccessTokenExpired: () => undefined,
    },
  };
  const win = {
    location: { href, origin: new URL(href).origin, assign: vi.fn() },
    history: { replaceState: vi.fn() },
    document,
    sessionStorage: window.sessionStorage,
  };
  const log = { warn: vi.fn(), error: vi.fn() };
  const auth = createAuth({
    userManager: manager as unknown as UserManager,
    store: createAuthStore(),
    config,
    queryClient: new QueryClient(),
    window: win as unknown as Window,
    log,
  });
  return { auth, manager, log };
}

const callback = 'http://localhost:8080/?code=c1&state=st1';

describe('sign-in errors reach the error page in the catalogue wording (spec 8)', () => {
  it('answers Invalid state for a callback whose state is not in the store', async () => {
    const { auth, manager, log } = setup(callback);
    const raw = new Error('No matching state found in storage');
    manager.signinRedirectCallback.mockRejectedValue(raw);
    const { error } = await auth.start();
    expect(error).toBeInstanceOf(SignInError);
    expect(error?.name).toBe('state_mismatch');
    expect(error?.message).toBe('Invalid state');
    // The log keeps what the library said.
    expect(log.error).toHaveBeenCalledWith('Sign-in failed', raw);
  });

  it('answers Timeout for a token call that timed out', async () => {
    const { auth, manager } = setup(callback);
    manager.signinRedirectCallback.mockRejectedValue(new ErrorTimeout('Network timed out'));
    const { error } = await auth.start();
    expect(error?.message).toBe('Timeout');
  });
});

describe('timing (spec 9)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('stops waiting for the start after 5 s with a sign-in timeout', async () => {
    const { auth, manager } = setup(callback);
    manager.signinRedirectCallback.mockReturnValue(new Promise<User>(() => undefined));
    let result: { error: Error | null } | undefined;
    void auth.start().then((value) => {
      result = value;
    });
    await vi.advanceTimersByTimeAsync(4999);
    expect(result).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    expect(result?.error).toBeInstanceOf(SignInError);
    expect(result?.error?.name).toBe('timeout');
    expect(result?.error?.message).toBe('Timeout');
  });

  it('does not time out a start that finishes in time', async () => {
    const { auth } = setup();
    await expect(auth.start()).resolves.toEqual({ error: null });
    expect(vi.getTimerCount()).toBe(0);
  });

  it('lets a token request made during the start wait for its first result', async () => {
    const { auth, manager } = setup();
    let finishCheck: (value: User | null) => void = () => undefined;
    manager.getUser.mockReturnValueOnce(
      new Promise<User | null>((resolve) => {
        finishCheck = resolve;
      }),
    );
    const starting = auth.start();
    manager.getUser.mockResolvedValue(user({ access_token: 'restored' }));
    const token = auth.getAccessToken();
    await vi.advanceTimersByTimeAsync(1000);
    finishCheck(user({ access_token: 'restored' }));
    await starting;
    await vi.advanceTimersByTimeAsync(1000);
    await expect(token).resolves.toBe('restored');
  });

  it('makes a second caller give up on a stuck renewal after 5 s × 10', async () => {
    const { auth, manager } = setup();
    manager.getUser.mockResolvedValue(user({ expires_at: nowSec() + 10 }));
    manager.signinSilent.mockReturnValue(new Promise<User | null>(() => undefined));
    void auth.getAccessToken();
    const outcome = auth.getAccessToken().then(
      () => 'token',
      (error: Error) => `${error.name}: ${error.message}`,
    );
    let settled: string | undefined;
    void outcome.then((value) => {
      settled = value;
    });
    await vi.advanceTimersByTimeAsync(49_999);
    expect(settled).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    expect(await outcome).toBe('timeout: Timeout');
    // One refresh only: the waiter never starts its own.
    expect(manager.signinSilent).toHaveBeenCalledTimes(1);
  });
});
