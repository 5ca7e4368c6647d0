import { type AppConfig, SIGN_IN_CALLBACK_PATH } from '@tinkercloud/shared';
import { InMemoryWebStorage, UserManager, WebStorageStateStore } from 'oidc-client-ts';
import { SESSION_CHECK_TIMEOUT_SEC, TRANSACTION_MAX_AGE_SEC } from './sign-in-timing.ts';
import { retryTokenCalls } from './token-call-retries.ts';
import { TOKEN_EXPIRY_SKEW_SEC } from './token-expiry.ts';

/** Token HTTP time-out (spec section 9). */
export const TOKEN_REQUEST_TIMEOUT_SEC = 10;

/**
 * The OIDC client: authorization code with PKCE (S256 is the library default). The API audience goes out as
 * `resource` (RFC 8707, what our embedded provider reads) and as `audience` (what Auth0-style providers read);
 * each provider ignores the parameter it does not know.
 */
export function createUserManager(config: AppConfig, origin: string): UserManager {
  const manager = new UserManager({
    authority: config.oidc.authority,
    client_id: config.oidc.clientId,
    redirect_uri: `${origin}/`,
    post_logout_redirect_uri: `${origin}/`,
    // The popup and the session check's hidden frame return to a page of their own that hands the answer over.
    popup_redirect_uri: `${origin}${SIGN_IN_CALLBACK_PATH}`,
    silent_redirect_uri: `${origin}${SIGN_IN_CALLBACK_PATH}`,
    silentRequestTimeoutInSeconds: SESSION_CHECK_TIMEOUT_SEC,
    response_type: 'code',
    scope: config.oidc.scope,
    extraQueryParams: { resource: config.oidc.audience, audience: config.oidc.audience },
    // The token cache is in memory (spec 9): no token is ever written to storage; a reload or a new tab gets
    // its tokens from the session check.
    userStore: new WebStorageStateStore({ store: new InMemoryWebStorage() }),
    // Renewal is driven by our auth service (one refresh at a time: refresh tokens rotate), on the same
    // "access token expiring" event the library's automatic renew would use.
    automaticSilentRenew: false,
    accessTokenExpiringNotificationTimeInSeconds: TOKEN_EXPIRY_SKEW_SEC,
    requestTimeoutInSeconds: TOKEN_REQUEST_TIMEOUT_SEC,
    // Sign-in transactions in the state store expire after 1 day (spec 9), not the library's 15 minutes.
    staleStateAgeInSeconds: TRANSACTION_MAX_AGE_SEC,
    // Our claims are in the ID token; the userinfo call would only repeat them.
    loadUserInfo: false,
    monitorSession: false,
  });
  retryTokenCalls(manager, TOKEN_REQUEST_TIMEOUT_SEC);
  return manager;
}
