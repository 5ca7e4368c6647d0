import type { QueryClient } from '@tanstack/react-query';
import { type AppConfig, COOKIE_PREFIX, checkIdTokenClaims, decodeJwt } from '@tinkercloud/shared';
import type { User, UserManager } from 'oidc-client-ts';
import { authenticationError } from '../api.ts';
import { clearPrefixedCookies } from '../cookies.ts';
import { logger } from '../logger.ts';
import { waitUntilReady } from '../readiness.ts';
import { isSignInCallback, safeReturnPath, withoutSignInParams } from '../urls.ts';
import { isLoginRequiredError, SignInError } from './auth-errors.ts';
import type { AuthStore } from './auth-store.ts';
import { SIGN_IN_TIMEOUT_MS, singleFlight, withTimeout } from './sign-in-timing.ts';
import { isTokenFresh } from './token-expiry.ts';
import { toTokenUser } from './token-user.ts';

/** ID token leeway (spec section 9). */
const ID_TOKEN_LEEWAY_SEC = 60;
/** Where oidc-client-ts kept the signed-in user, tokens included, before the token cache moved to memory. */
const STORED_USER_PREFIX = 'oidc.user:';

export interface Auth {
  store: AuthStore;
  /** Handles a sign-in redirect or restores the session; resolves with the error to show, if any. */
  start(): Promise<{ error: Error | null }>;
  /** Sends the browser to the identity provider; `returnTo` is restored after the callback. */
  login(returnTo: string, extraQueryParams?: Record<string, string>): Promise<void>;
  logout(): Promise<void>;
  /** A fresh access token, renewing it first when it expires within 60 s. */
  getAccessToken(): Promise<string>;
  /**
   * The API refused `token` (401): while work is held, drops it and waits for the sign-in again; resolves with
   * the new token to repeat the call with, or null to let the refusal stand.
   */
  tokenRefused(token: string): Promise<string | null>;
  /**
   * Holds unsaved work until the returned function is called. While work is held, a session that ends does
   * not sign out, since the sign-in guard's redirect would lose the work: the page stays, and calls that need
   * a token wait for `signInAgain` (it asks the user, see session-end.ts) to give a user, or null (not now).
   */
  holdWork(signInAgain: () => Promise<User | null>): () => void;
  /** Signs the same user in again in a popup (a lazy chunk); call it from a click. */
  signInByPopup(): Promise<User>;
}

export interface AuthDeps {
  userManager: UserManager;
  store: AuthStore;
  config: AppConfig;
  queryClient: QueryClient;
  window: Window;
  log?: Pick<Console, 'warn' | 'error'>;
}

/** What we round-trip through the sign-in redirect; kept in the browser, never sent to the provider. */
interface SignInState {
  returnTo?: unknown;
  nonce?: unknown;
}

function randomNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** One sign-in request's parameters: a fresh nonce, which rides in the state for our ID-token checks. */
function signInArgs(config: AppConfig, returnTo?: string, extraQueryParams: Record<string, string> = {}) {
  const nonce = randomNonce();
  return {
    nonce,
    state: { returnTo, nonce } satisfies SignInState,
    // Per-call parameters replace the configured ones in the library, so the resource is repeated.
    extraQueryParams: { resource: config.oidc.audience, ...extraQueryParams },
  };
}

function removeKeysWithPrefix(storage: Storage, prefix: string): void {
  const keys: string[] = [];
  for (let i = 0; i < storage.length; i += 1) {
    const key = storage.key(i);
    if (key?.startsWith(prefix)) keys.push(key);
  }
  for (const key of keys) storage.removeItem(key);
}

export function createAuth(deps: AuthDeps): Auth {
  const { userManager, store, config, window: win } = deps;
  const log = deps.log ?? logger;
  const report = (user: User | null) =>
    store.setUser(user ? toTokenUser(user.profile, config.oidc.claimsNamespace) : null);

  /** Until the first start has settled, token requests wait for the store's first result. */
  let phase: 'idle' | 'starting' | 'started' = 'idle';
  /** Set once the page is leaving for the provider, so a second redirect cannot race the first. */
  let leaving = false;
  /** The editors holding unsaved work, each with its way of asking the user to sign in again. */
  const keepers: (() => Promise<User | null>)[] = [];
  /** While the popup signs in, its user reaches the store only after the same-account check. */
  let popupOpen = false;

  /**
   * One refresh at a time: refresh tokens rotate, so two parallel refreshes would spend the same token
   * twice and the provider would end the session. A refusal that needs interaction signs out locally
   * (no redirect); the sign-in guard then sends the user to the provider from the page they were on, unless
   * the page holds unsaved work (holdWork).
   * A caller that finds a renewal under way waits 5 s × 10 for it, then fails with 'Timeout' (spec 9).
   */
  const renew = singleFlight(async (): Promise<User | null> => {
    try {
      // With a refresh token, the token call; without one, the provider's session in the hidden frame.
      return await userManager.signinSilent();
    } catch (error) {
      if (isLoginRequiredError(error)) {
        await userManager.removeUser();
      } else {
        log.warn('Token renewal failed', error);
      }
      return null;
    }
  });
  const renewInBackground = () => void renew().catch((error) => log.warn('Token renewal failed', error));

  async function verifyIdToken(user: User): Promise<void> {
    const { header, payload } = decodeJwt(user.id_token ?? '');
    const state = (user.state ?? {}) as SignInState;
    checkIdTokenClaims(header, payload, {
      issuer: await userManager.metadataService.getIssuer(),
      clientId: config.oidc.clientId,
      nonce: typeof state.nonce === 'string' ? state.nonce : undefined,
      now: Date.now(),
      leewaySec: ID_TOKEN_LEEWAY_SEC,
    });
  }

  async function handleCallback(): Promise<Error | null> {
    const href = win.location.href;
    try {
      const user = await verified(await userManager.signinRedirectCallback(href));
      const returnTo = safeReturnPath((user.state as SignInState | undefined)?.returnTo);
      win.history.replaceState(null, '', returnTo ?? withoutSignInParams(href));
      report(user);
      return null;
    } catch (error) {
      win.history.replaceState(null, '', withoutSignInParams(href));
      log.error('Sign-in failed', error);
      // The error page shows the catalogue's name and message (spec 8), never the library's wording.
      return (await import('./to-sign-in-error.ts')).toSignInError(error);
    }
  }

  /**
   * The session check (spec 4.1): tokens live in memory only, so a new tab or a reload asks the provider in a
   * hidden frame (prompt=none) whether its session is still open, and gets tokens without a visible redirect.
   */
  async function checkSession(): Promise<void> {
    try {
      const user = await userManager.signinSilent(signInArgs(config));
      if (user) await verified(user);
      report(user);
    } catch (error) {
      // Failures of the session check are ignored (spec 4.1): the user simply is not signed in.
      log.warn('Session check failed', error);
      report(null);
    }
  }

  /** Our ID-token checks on a user the library has just stored: a token we refuse must not stay signed in. */
  async function verified(user: User): Promise<User> {
    try {
      await verifyIdToken(user);
      return user;
    } catch (error) {
      await userManager.removeUser();
      throw error;
    }
  }

  /** Library events are followed only after start, so a user is never reported before its checks pass. */
  function followLibraryEvents(): void {
    userManager.events.addUserLoaded((user) => {
      if (!popupOpen) report(user);
    });
    // An ended session keeps the store's user while work is held: the page must not go to the sign-in guard.
    userManager.events.addUserUnloaded(() => {
      if (!keepers.length) report(null);
    });
    userManager.events.addAccessTokenExpiring(renewInBackground);
    userManager.events.addAccessTokenExpired(renewInBackground);
  }

  async function getAccessToken() {
    // A call made while the session is being restored waits for its result (1 s polls, 10 retries).
    if (phase === 'starting') await waitUntilReady(() => phase === 'started');
    let user = await userManager.getUser();
    if (user && !isTokenFresh(user.expires_at, Date.now())) user = await renew();
    const keeper = keepers[0];
    if (!user && keeper && store.getState().isAuthenticated) user = await keeper();
    if (!user?.access_token) throw authenticationError();
    return user.access_token;
  }

  return {
    store,
    async start() {
      phase = 'starting';
      const run = (async () => {
        // Tabs of earlier versions kept the user, tokens included, in sessionStorage.
        removeKeysWithPrefix(win.sessionStorage, STORED_USER_PREFIX);
        const error = isSignInCallback(win.location.href) ? await handleCallback() : null;
        if (!error && !store.getState().isAuthenticated) await checkSession();
        followLibraryEvents();
        return { error };
      })();
      // The shell waits 5 s at most, then shows the login-trouble page (spec 9).
      const result = await withTimeout<{ error: Error | null }>(run, SIGN_IN_TIMEOUT_MS, () => ({
        error: new SignInError('timeout'),
      }));
      phase = 'started';
      return result;
    },

    async login(returnTo, extraQueryParams = {}) {
      if (leaving) return;
      leaving = true;
      try {
        await userManager.signinRedirect(signInArgs(config, returnTo, extraQueryParams));
      } catch (error) {
        leaving = false;
        throw error;
      }
    },

    async logout() {
      leaving = true;
      deps.queryClient.clear();
      const user = await userManager.getUser().catch(() => null);
      clearPrefixedCookies(COOKIE_PREFIX, win.document);
      const home = `${win.location.origin}/`;
      try {
        await userManager.signoutRedirect({ id_token_hint: user?.id_token, post_logout_redirect_uri: home });
      } catch (error) {
        // A provider without an end-session endpoint: the local sign-out above is all we can do.
        log.warn('Provider sign-out failed', error);
        win.location.assign(home);
      }
    },

    getAccessToken,

    async tokenRefused(token) {
      if (!keepers.length) return null;
      // Only the refused token is dropped: a call sent before the sign-in again may be answered after it.
      if ((await userManager.getUser())?.access_token === token) await userManager.removeUser();
      return getAccessToken().catch(() => null);
    },

    holdWork(signInAgain) {
      keepers.push(signInAgain);
      return () => {
        const at = keepers.indexOf(signInAgain);
        if (at < 0) return;
        keepers.splice(at, 1);
        // The work is saved or given up: a session that ended meanwhile now signs out (the guard redirects).
        if (!keepers.length) void userManager.getUser().then((user) => user || report(null));
      };
    },

    async signInByPopup() {
      const { signInByPopup } = await import('./popup-sign-in.ts');
      popupOpen = true;
      try {
        const user = await verified(
          await signInByPopup(userManager, signInArgs(config), store.getState().user),
        );
        report(user);
        return user;
      } finally {
        popupOpen = false;
      }
    },
  };
}
