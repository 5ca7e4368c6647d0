import { QueryClient } from '@tanstack/react-query';
import type { AppConfig } from '@tinkercloud/shared';
import type { User, UserManager } from 'oidc-client-ts';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setTestCookie } from '@/test/cookies.ts';
import { ApiError } from '../api.ts';
import { createAuth } from './auth-service.ts';
import { createAuthStore } from './auth-store.ts';
import { createSessionEnd } from './session-end.ts';

const ISSUER = 'http://localhost:8080/auth';
const NS = 'http://localhost:8080/claims/';
const config = {
  productName: 'Tinkercloud',
  productSlug: 'tinkercloud',
  publicUrl: 'http://localhost:8080',
  oidc: {
    authority: ISSUER,
    clientId: 'web',
    audience: 'http://localhost:8080/api',
    scope: 'openid',
    claimsNamespace: NS,
  },
} as AppConfig;

const nowSec = () => Math.floor(Date.now() / 1000);
const segment = (value: unknown) =>
  btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
function idToken(claims: Record<string, unknown> = {}) {
  const payload = { iss: ISSUER, sub: 's1', aud: 'web', exp: nowSec() + 3600, iat: nowSec(), ...claims };
  return `${segment({ alg: 'RS256' })}.${segment(payload)}.sig`;
}

function oidcUser(overrides: Partial<User> = {}): User {
  return {
    profile: { sub: 's1', name: 'Ada', [`${NS}id`]: 'u1' },
    id_token: idToken(),
    access_token: 'access-1',
    refresh_token: 'refresh-1',
    expires_at: nowSec() + 3600,
    state: undefined,
    ...overrides,
  } as unknown as User;
}

function fakeUserManager(stored: User | null) {
  let user = stored;
  const listeners = { loaded: [] as ((u: User) => void)[], unloaded: [] as (() => void)[] };
  const manager = {
    getUser: vi.fn(async () => user),
    removeUser: vi.fn(async () => {
      user = null;
      for (const l of listeners.unloaded) l();
    }),
    signinSilent: vi.fn(async (_args?: unknown): Promise<User | null> => user),
    /** Like the library: the popup's user is stored and announced before the call returns. */
    signinPopup: vi.fn(async (args?: unknown): Promise<User> => {
      const { nonce, state } = args as { nonce: string; state: unknown };
      user = oidcUser({ id_token: idToken({ nonce }), state, access_token: 'access-popup' });
      for (const l of listeners.loaded) l(user);
      return user;
    }),
    signinRedirectCallback: vi.fn(async (): Promise<User> => oidcUser()),
    signinRedirect: vi.fn(async (_args?: unknown) => undefined),
    signoutRedirect: vi.fn(async () => undefined),
    metadataService: { getIssuer: async () => ISSUER },
    events: {
      addUserLoaded: (l: (u: User) => void) => listeners.loaded.push(l),
      addUserUnloaded: (l: () => void) => listeners.unloaded.push(l),
      addAccessTokenExpiring: () => undefined,
      addAccessTokenExpired: () => undefined,
    },
  };
  return { manager, asUserManager: manager as unknown as UserManager, listeners };
}

function fakeWindow(href: string) {
  const url = new URL(href);
  const win = {
    location: { href: url.href, origin: url.origin, assign: vi.fn() },
    history: { replaceState: vi.fn() },
    document,
    sessionStorage: window.sessionStorage,
  };
  return win;
}

function setup(stored: User | null, href = 'http://localhost:8080/devices') {
  const { manager, asUserManager, listeners } = fakeUserManager(stored);
  const store = createAuthStore();
  const win = fakeWindow(href);
  const queryClient = new QueryClient();
  const log = { warn: vi.fn(), error: vi.fn() };
  const auth = createAuth({
    userManager: asUserManager,
    store,
    config,
    queryClient,
    window: win as unknown as Window,
    log,
  });
  return { auth, manager, store, win, queryClient, log, listeners };
}

beforeEach(() => {
  vi.restoreAllMocks();
});

describe('start with a sign-in redirect result', () => {
  const callback = 'http://localhost:8080/?code=c1&state=st1&iss=x&session_state=y';

  it('handles the callback, checks the token and goes to the saved return path', async () => {
    const { auth, manager, store, win } = setup(null, callback);
    manager.signinRedirectCallback.mockResolvedValue(
      oidcUser({ id_token: idToken({ nonce: 'n1' }), state: { returnTo: '/devices?x=1', nonce: 'n1' } }),
    );
    await expect(auth.start()).resolves.toEqual({ error: null });
    expect(manager.signinRedirectCallback).toHaveBeenCalledWith(callback);
    expect(win.history.replaceState).toHaveBeenCalledWith(null, '', '/devices?x=1');
    expect(store.getState()).toMatchObject({ isAuthenticated: true, user: { id: 'u1', name: 'Ada' } });
  });

  it('cleans the address when no return path was saved', async () => {
    const { auth, win } = setup(null, 'http://localhost:8080/?code=c1&state=st1&kind=pro');
    await auth.start();
    expect(win.history.replaceState).toHaveBeenCalledWith(null, '', '/?kind=pro');
  });

  it('refuses a token that fails our checks and signs the user out locally', async () => {
    const { auth, manager, store, win } = setup(null, callback);
    manager.signinRedirectCallback.mockResolvedValue(
      oidcUser({ id_token: idToken({ iss: 'https://evil.example' }) }),
    );
    const { error } = await auth.start();
    expect(error?.message).toMatch(/iss/);
    expect(manager.removeUser).toHaveBeenCalled();
    expect(store.getState().isAuthenticated).toBe(false);
    expect(win.history.replaceState).toHaveBeenCalledWith(null, '', '/');
  });

  it('refuses a token whose nonce differs from the one we sent', async () => {
    const { auth, manager } = setup(null, callback);
    manager.signinRedirectCallback.mockResolvedValue(
      oidcUser({ id_token: idToken({ nonce: 'other' }), state: { returnTo: '/', nonce: 'n1' } }),
    );
    expect((await auth.start()).error?.message).toMatch(/nonce/);
  });

  it('reports a failed callback (state mismatch) and still cleans the address', async () => {
    const { auth, manager, win } = setup(null, callback);
    manager.signinRedirectCallback.mockRejectedValue(new Error('No matching state found in storage'));
    const { error } = await auth.start();
    expect(error?.message).toBe('Invalid state');
    expect(win.history.replaceState).toHaveBeenCalledWith(null, '', '/');
  });

  it('ignores a return path on another origin', async () => {
    const { auth, manager, win } = setup(null, callback);
    manager.signinRedirectCallback.mockResolvedValue(oidcUser({ state: { returnTo: '//evil.example/' } }));
    await auth.start();
    expect(win.history.replaceState).toHaveBeenCalledWith(null, '', '/');
  });
});

describe('start without a redirect result: the session check', () => {
  const loginRequired = () => Object.assign(new Error('login required'), { error: 'login_required' });
  /** The provider's answer in the hidden frame: a user whose ID token carries the nonce we sent. */
  const answered = (overrides: Partial<User> = {}) =>
    vi.fn(async (args?: unknown) => {
      const { nonce, state } = args as { nonce: string; state: unknown };
      return oidcUser({ id_token: idToken({ nonce }), state, ...overrides });
    });

  it('signs a new tab in by asking the provider silently, with a nonce and the resource, no redirect', async () => {
    const { auth, manager, store, win } = setup(null);
    manager.signinSilent.mockImplementation(answered());
    await expect(auth.start()).resolves.toEqual({ error: null });
    const args = manager.signinSilent.mock.calls[0]?.[0] as unknown as {
      nonce: string;
      state: { nonce: string };
      extraQueryParams: Record<string, string>;
    };
    expect(args.nonce).toMatch(/^[0-9a-f]{32}$/);
    expect(args.state.nonce).toBe(args.nonce);
    expect(args.extraQueryParams).toEqual({ resource: 'http://localhost:8080/api' });
    expect(store.getState()).toMatchObject({ isAuthenticated: true, user: { id: 'u1', name: 'Ada' } });
    expect(manager.signinRedirect).not.toHaveBeenCalled();
    expect(win.history.replaceState).not.toHaveBeenCalled();
  });

  it('stays signed out, without a redirect, when the provider has no session (login_required)', async () => {
    const { auth, manager, store } = setup(null);
    manager.signinSilent.mockRejectedValue(loginRequired());
    await expect(auth.start()).resolves.toEqual({ error: null });
    expect(store.getState().isAuthenticated).toBe(false);
    expect(manager.signinRedirect).not.toHaveBeenCalled();
  });

  it('ignores other failures of the check (spec 4.1): signed out, no error page', async () => {
    const { auth, manager, store, log } = setup(null);
    manager.signinSilent.mockRejectedValue(new Error('IFrame timed out without a response'));
    await expect(auth.start()).resolves.toEqual({ error: null });
    expect(store.getState().isAuthenticated).toBe(false);
    expect(log.warn).toHaveBeenCalled();
  });

  it('drops an answer whose ID token fails our checks (another nonce)', async () => {
    const { auth, manager, store } = setup(null);
    manager.signinSilent.mockResolvedValue(
      oidcUser({ id_token: idToken({ nonce: 'other' }), state: { nonce: 'n1' } }),
    );
    await auth.start();
    expect(manager.removeUser).toHaveBeenCalled();
    expect(store.getState().isAuthenticated).toBe(false);
  });

  it('removes a user an earlier version kept, tokens included, in sessionStorage', async () => {
    const { auth, manager } = setup(null);
    manager.signinSilent.mockRejectedValue(loginRequired());
    window.sessionStorage.setItem('oidc.user:x:web', '{"access_token":"old"}');
    window.sessionStorage.setItem('other', 'kept');
    await auth.start();
    expect(window.sessionStorage.getItem('oidc.user:x:web')).toBeNull();
    expect(window.sessionStorage.getItem('other')).toBe('kept');
  });

  it('renews a token that expires within 60 s (the refresh token) and signs out locally on login_required', async () => {
    const { auth, manager, store } = setup(oidcUser({ expires_at: nowSec() + 30 }));
    manager.signinSilent.mockImplementationOnce(answered({ expires_at: nowSec() + 30 }));
    await auth.start();
    manager.signinSilent.mockResolvedValueOnce(oidcUser({ access_token: 'access-2' }));
    await expect(auth.getAccessToken()).resolves.toBe('access-2');
    expect(manager.signinSilent).toHaveBeenLastCalledWith();

    manager.getUser.mockResolvedValue(oidcUser({ expires_at: nowSec() - 10 }));
    manager.signinSilent.mockRejectedValueOnce(loginRequired());
    await expect(auth.getAccessToken()).rejects.toMatchObject({ status: 401 });
    expect(manager.removeUser).toHaveBeenCalled();
    expect(manager.signinRedirect).not.toHaveBeenCalled();
    expect(store.getState().isAuthenticated).toBe(false);
  });

  it('only logs other renewal errors', async () => {
    const { auth, manager, log } = setup(oidcUser({ expires_at: nowSec() - 10 }));
    manager.signinSilent.mockRejectedValue(new Error('Timeout'));
    await expect(auth.getAccessToken()).rejects.toMatchObject({ status: 401 });
    expect(log.warn).toHaveBeenCalled();
    expect(manager.removeUser).not.toHaveBeenCalled();
  });

  it('follows the library once started: a removed user signs the store out', async () => {
    const { auth, manager, store } = setup(oidcUser());
    await auth.start();
    expect(store.getState().isAuthenticated).toBe(true);
    await manager.removeUser();
    expect(store.getState().isAuthenticated).toBe(false);
  });
});

describe('getAccessToken', () => {
  it('returns the stored token while it is fresh', async () => {
    const { auth } = setup(oidcUser());
    await expect(auth.getAccessToken()).resolves.toBe('access-1');
  });

  it('fails with Authentication error without a user', async () => {
    const { auth } = setup(null);
    const error = await auth.getAccessToken().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).detail).toBe('Authentication error');
  });

  it('renews once for concurrent calls near expiry (refresh tokens rotate)', async () => {
    const { auth, manager } = setup(oidcUser({ expires_at: nowSec() + 10 }));
    let finish: (user: User) => void = () => undefined;
    manager.signinSilent.mockReturnValue(new Promise<User>((resolve) => (finish = resolve)));
    const calls = [auth.getAccessToken(), auth.getAccessToken(), auth.getAccessToken()];
    await vi.waitFor(() => expect(manager.signinSilent).toHaveBeenCalled());
    finish(oidcUser({ access_token: 'access-2' }));
    await expect(Promise.all(calls)).resolves.toEqual(['access-2', 'access-2', 'access-2']);
    expect(manager.signinSilent).toHaveBeenCalledOnce();
  });
});

describe('login', () => {
  it('redirects with the return path and a nonce in state and the resource parameter', async () => {
    const { auth, manager } = setup(null);
    await auth.login('/devices', { is_minor: '1' });
    const args = manager.signinRedirect.mock.calls[0]?.[0] as unknown as {
      nonce: string;
      state: { returnTo: string; nonce: string };
      extraQueryParams: Record<string, string>;
    };
    expect(args.state.returnTo).toBe('/devices');
    expect(args.nonce).toMatch(/^[0-9a-f]{32}$/);
    expect(args.state.nonce).toBe(args.nonce);
    expect(args.extraQueryParams).toEqual({ resource: 'http://localhost:8080/api', is_minor: '1' });
  });

  it('starts only one redirect', async () => {
    const { auth, manager } = setup(null);
    await Promise.all([auth.login('/a'), auth.login('/b')]);
    expect(manager.signinRedirect).toHaveBeenCalledOnce();
  });
});

describe('logout', () => {
  it('clears the cache and our cookies, then signs out at the provider', async () => {
    const { auth, manager, queryClient, win } = setup(oidcUser({ id_token: 'the-id-token' }));
    queryClient.setQueryData(['devices'], [1]);
    setTestCookie('tc_space=org-1; path=/');
    setTestCookie('keep=1; path=/');

    await auth.logout();

    expect(queryClient.getQueryData(['devices'])).toBeUndefined();
    expect(document.cookie).toBe('keep=1');
    expect(manager.signoutRedirect).toHaveBeenCalledWith({
      id_token_hint: 'the-id-token',
      post_logout_redirect_uri: 'http://localhost:8080/',
    });
    expect(win.location.assign).not.toHaveBeenCalled();
    setTestCookie('keep=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/');
  });

  it('goes to the origin itself when the provider cannot sign out', async () => {
    const { auth, manager, win } = setup(oidcUser());
    manager.signoutRedirect.mockRejectedValue(new Error('No end session endpoint'));
    await auth.logout();
    expect(win.location.assign).toHaveBeenCalledWith('http://localhost:8080/');
  });

  it('blocks a sign-in redirect once leaving', async () => {
    const { auth, manager } = setup(oidcUser());
    await auth.logout();
    await auth.login('/');
    expect(manager.signinRedirect).not.toHaveBeenCalled();
  });
});

describe('a session that ends while the page holds unsaved work', () => {
  const loginRequired = () => Object.assign(new Error('login required'), { error: 'login_required' });

  async function signedIn() {
    const t = setup(oidcUser());
    await t.auth.start();
    // The editor's side (shell/HoldWorkOnSessionEnd): it asks, the dialog answers.
    return { ...t, session: createSessionEnd(t.auth.signInByPopup) };
  }

  it('keeps the page when the renewal is refused, waits for the sign-in again, then goes on', async () => {
    const { auth, manager, store, session } = await signedIn();
    const release = auth.holdWork(session.ask);
    manager.getUser.mockResolvedValueOnce(oidcUser({ expires_at: nowSec() - 10 }));
    manager.signinSilent.mockRejectedValueOnce(loginRequired());
    const seen: boolean[] = [];
    session.subscribe(() => seen.push(session.ended()));

    const save = auth.getAccessToken();
    await vi.waitFor(() => expect(session.ended()).toBe(true));
    // Still signed in as far as the page knows: the sign-in guard does not redirect.
    expect(manager.removeUser).toHaveBeenCalled();
    expect(store.getState().isAuthenticated).toBe(true);
    expect(manager.signinRedirect).not.toHaveBeenCalled();

    await session.signInAgain();
    await expect(save).resolves.toBe('access-popup');
    expect(session.ended()).toBe(false);
    expect(seen).toEqual([true, false]);
    const args = manager.signinPopup.mock.calls[0]?.[0] as { prompt: string; popupWindowFeatures: object };
    expect(args.prompt).toBe('login');
    expect(args.popupWindowFeatures).toEqual({ width: 400, height: 600 });
    release();
  });

  it('drops a token the API refused (401), then repeats the call with the new one', async () => {
    const { auth, manager, session } = await signedIn();
    auth.holdWork(session.ask);
    const retried = auth.tokenRefused('access-1');
    await vi.waitFor(() => expect(session.ended()).toBe(true));
    expect(manager.removeUser).toHaveBeenCalledOnce();
    await session.signInAgain();
    await expect(retried).resolves.toBe('access-popup');
    // A late 401 to the old token leaves the new one alone.
    await expect(auth.tokenRefused('access-1')).resolves.toBe('access-popup');
    expect(manager.removeUser).toHaveBeenCalledOnce();
  });

  it('lets a refusal stand when no work is held (nothing would be lost)', async () => {
    const { auth, manager, session } = await signedIn();
    await expect(auth.tokenRefused('access-1')).resolves.toBeNull();
    expect(manager.removeUser).not.toHaveBeenCalled();
    expect(session.ended()).toBe(false);
  });

  it('Not now: the waiting call fails with Authentication error, the work stays, the next call asks again', async () => {
    const { auth, store, session } = await signedIn();
    auth.holdWork(session.ask);
    const first = auth.tokenRefused('access-1');
    await vi.waitFor(() => expect(session.ended()).toBe(true));
    session.dismiss();
    await expect(first).resolves.toBeNull();
    expect(store.getState().isAuthenticated).toBe(true);
    const second = auth.getAccessToken();
    await vi.waitFor(() => expect(session.ended()).toBe(true));
    session.dismiss();
    await expect(second).rejects.toMatchObject({ status: 401, detail: 'Authentication error' });
  });

  it('signs out once the work is saved or given up, so the guard sends the user to sign in', async () => {
    const { auth, store, session } = await signedIn();
    const release = auth.holdWork(session.ask);
    const waiting = auth.tokenRefused('access-1');
    await vi.waitFor(() => expect(session.ended()).toBe(true));
    release();
    session.dismiss();
    await expect(waiting).resolves.toBeNull();
    await vi.waitFor(() => expect(store.getState().isAuthenticated).toBe(false));
  });

  it('refuses another account signing in in the popup and keeps asking', async () => {
    const { auth, manager, store, session } = await signedIn();
    auth.holdWork(session.ask);
    const waiting = auth.tokenRefused('access-1');
    await vi.waitFor(() => expect(session.ended()).toBe(true));
    manager.signinPopup.mockImplementationOnce(async (args?: unknown) => {
      const { nonce, state } = args as { nonce: string; state: unknown };
      return oidcUser({
        id_token: idToken({ nonce }),
        state,
        profile: { sub: 's2', name: 'Bob' },
      } as Partial<User>);
    });
    await expect(session.signInAgain()).rejects.toThrow('Sign in as Ada to keep these changes.');
    expect(store.getState().user.name).toBe('Ada');
    expect(session.ended()).toBe(true);
    await session.signInAgain();
    await expect(waiting).resolves.toBe('access-popup');
  });
});
