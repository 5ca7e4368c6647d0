import type { QueryClient } from '@tanstack/react-query';
import { type AppConfig, COOKIE_PREFIX, checkIdTokenClaims, decodeJwt } from '@tinkercloud/shared';
import type { User, UserManager } from 'oidc-client-ts';
import { authenticationError } from '../api.ts';
import { clearPrefixedCookies } from '../cookies.ts';
import { logger } from '../logger.ts';
import { waitUntilReady } from '../readiness.ts';
import { isSignInCallback, safeReturnPath, withoutSignInParams } from '../urls.ts';
import { isLoginRequiredError, SignInError, toSignInError } from './auth-errors.ts';
import type { AuthStore } from './auth-store.ts';
import { SIGN_IN_TIMEOUT_MS, singleFlight, withTimeout } from './sign-in-timing.ts';
import { isTokenFresh } from './token-expiry.ts';
import { toTokenUser } from './token-user.ts';

/** ID token leeway (spec section 9). */
const ID_TOKEN_LEEWAY_SEC = 60;
/** oidc-client-ts keeps its user and transactions under this key prefix. */
const OIDC_KEY_PREFIX = 'oidc.';

export interface Auth {
  store: AuthStore;
  /** Handles a sign-in redirect or restores the session; resolves with the error to show, if any. */
  start(): Promise<{ error: Error | null }>;
  /** Sends the browser to the identity provider; `returnTo` is restored after the callback. */
  login(returnTo: string, extraQueryParams?: Record<string, string>): Promise<void>;
  logout(): Promise<void>;
  /** A fresh access token, renewing it first when it expires within 60 s. */
  getAccessToken(): Promise<string>;
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

  /**
   * One refresh at a time: refresh tokens rotate, so two parallel refreshes would spend the same token
   * twice and the provider would end the session. A refusal that needs interaction signs out locally
   * (no redirect); the sign-in guard then sends the user to the provider from the page they were on.
   * A caller that finds a renewal under way waits 5 s × 10 for it, then fails with 'Timeout' (spec 9).
   */
  const renew = singleFlight(async (): Promise<User | null> => {
    try {
      const current = await userManager.getUser();
      if (!current?.refresh_token) {
        await userManager.removeUser();
        return null;
      }
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
      const user = await userManager.signinRedirectCallback(href);
      try {
        await verifyIdToken(user);
      } catch (error) {
        // The library has already stored the user: a token we refuse must not stay signed in.
        await userManager.removeUser();
        throw error;
      }
      const returnTo = safeReturnPath((user.state as SignInState | undefined)?.returnTo);
      win.history.replaceState(null, '', returnTo ?? withoutSignInParams(href));
      report(user);
      return null;
    } catch (error) {
      win.history.replaceState(null, '', withoutSignInParams(href));
      log.error('Sign-in failed', error);
      // The error page shows the catalogue's name and message (spec 8), never the library's wording.
      return toSignInError(error);
    }
  }

  async function restoreSession(): Promise<void> {
    try {
      let user = await userManager.getUser();
      if (user && !isTokenFresh(user.expires_at, Date.now())) user = await renew();
      report(user);
    } catch (error) {
      // Failures of the session check are ignored (spec 4.1): the user simply is not signed in.
      log.warn('Session check failed', error);
      report(null);
    }
  }

  /** Library events are followed only after start, so a user is never reported before its checks pass. */
  function followLibraryEvents(): void {
    userManager.events.addUserLoaded(report);
    userManager.events.addUserUnloaded(() => report(null));
    userManager.events.addAccessTokenExpiring(renewInBackground);
    userManager.events.addAccessTokenExpired(renewInBackground);
  }

  return {
    store,
    async start() {
      phase = 'starting';
      const run = (async () => {
        const error = isSignInCallback(win.location.href) ? await handleCallback() : null;
        if (!error && !store.getState().isAuthenticated) await restoreSession();
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
      const nonce = randomNonce();
      try {
        await userManager.signinRedirect({
          nonce,
          state: { returnTo, nonce } satisfies SignInState,
          // Per-call parameters replace the configured ones in the library, so the resource is repeated.
          extraQueryParams: { resource: config.oidc.audience, ...extraQueryParams },
        });
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
      removeKeysWithPrefix(win.sessionStorage, OIDC_KEY_PREFIX);
      const home = `${win.location.origin}/`;
      try {
        await userManager.signoutRedirect({ id_token_hint: user?.id_token, post_logout_redirect_uri: home });
      } catch (error) {
        // A provider without an end-session endpoint: the local sign-out above is all we can do.
        log.warn('Provider sign-out failed', error);
        win.location.assign(home);
      }
    },

    async getAccessToken() {
      // A call made while the session is being restored waits for its result (1 s polls, 10 retries).
      if (phase === 'starting') await waitUntilReady(() => phase === 'started');
      let user = await userManager.getUser();
      if (user && !isTokenFresh(user.expires_at, Date.now())) user = await renew();
      if (!user?.access_token) throw authenticationError();
      return user.access_token;
    },
  };
}
