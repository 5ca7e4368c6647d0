import { type AppConfig, SIGN_IN_CALLBACK_PATH } from '@tinkercloud/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
// The script of the callback page (SIGN_IN_CALLBACK_PATH).
import script from '../../../public/signin-callback.js?raw';
import { SignInError } from './auth-errors.ts';
import { POPUP_HEIGHT, POPUP_TIMEOUT_MS, POPUP_WIDTH, signInByPopup } from './popup-sign-in.ts';
import { EMPTY_USER } from './token-user.ts';
import { createUserManager } from './user-manager.ts';

/**
 * The real oidc-client-ts and the real callback page's script (public/signin-callback.js); the popup window
 * and the provider's answers are stand-ins.
 */
const AUTHORITY = 'https://app.example.org/auth';
const ORIGIN = window.location.origin;
const config = {
  oidc: {
    authority: AUTHORITY,
    clientId: 'tinkercloud-web',
    audience: 'https://app.example.org/api',
    scope: 'openid profile email offline_access',
    claimsNamespace: 'https://app.example.org/claims/',
  },
} as AppConfig;

const segment = (value: unknown) => btoa(JSON.stringify(value)).replace(/=+$/, '');
const idToken = (sub: string) => {
  const now = Math.floor(Date.now() / 1000);
  const claims = { iss: AUTHORITY, aud: 'tinkercloud-web', sub, nonce: 'n1', iat: now, exp: now + 3600 };
  return `${segment({ alg: 'RS256' })}.${segment(claims)}.sig`;
};

function provider(sub = 's1') {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string | URL) => {
      const url = String(input);
      const body = url.endsWith('/.well-known/openid-configuration')
        ? {
            issuer: AUTHORITY,
            authorization_endpoint: `${AUTHORITY}/authorize`,
            token_endpoint: `${AUTHORITY}/oauth/token`,
          }
        : { access_token: 'access-popup', token_type: 'Bearer', expires_in: 3600, id_token: idToken(sub) };
      return new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
    }),
  );
}

/** A popup window; `answer` true makes the provider send the browser to the callback page at once. */
function popupWindow({ answer }: { answer: boolean }) {
  const popup = {
    closed: false,
    focus: vi.fn(),
    close: vi.fn(() => {
      popup.closed = true;
    }),
    location: {
      replace: vi.fn((authorizeUrl: string) => {
        if (!answer) return;
        const state = new URL(authorizeUrl).searchParams.get('state');
        const href = `${ORIGIN}${SIGN_IN_CALLBACK_PATH}?code=c1&state=${state}`;
        // The callback page in the popup: its opener is this window.
        const opener = {
          postMessage: (data: unknown, origin: string) =>
            window.dispatchEvent(new MessageEvent('message', { data, origin })),
        };
        // The page loads after the navigation starts, once the library listens.
        setTimeout(() => new Function('window', script)({ location: { href, origin: ORIGIN }, opener }));
      }),
    },
  };
  const open = vi.spyOn(window, 'open').mockReturnValue(popup as unknown as Window);
  return { popup, open };
}

const ada = { ...EMPTY_USER, sub: 's1', name: 'Ada' };
const start = () => signInByPopup(createUserManager(config, ORIGIN), { nonce: 'n1' }, ada);

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('sign-in by popup (spec 7.1, 9)', () => {
  it('opens a 400x600 popup at the provider and signs in with its answer from the callback page', async () => {
    provider();
    const { open, popup } = popupWindow({ answer: true });
    const user = await start();
    expect(user.access_token).toBe('access-popup');
    expect(POPUP_WIDTH).toBe(400);
    expect(POPUP_HEIGHT).toBe(600);
    expect(open.mock.calls[0]?.[2]).toMatch(/(^|,)width=400(,|$)/);
    expect(open.mock.calls[0]?.[2]).toMatch(/(^|,)height=600(,|$)/);
    const authorize = new URL(popup.location.replace.mock.calls[0]?.[0] ?? '');
    expect(`${authorize.origin}${authorize.pathname}`).toBe(`${AUTHORITY}/authorize`);
    expect(authorize.searchParams.get('redirect_uri')).toBe(`${ORIGIN}${SIGN_IN_CALLBACK_PATH}`);
    expect(authorize.searchParams.get('prompt')).toBe('login');
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
    // The library closes the popup once it has the answer.
    expect(popup.close).toHaveBeenCalled();
  });

  it("fails with 'Popup closed' when the user closes the popup", async () => {
    vi.useFakeTimers();
    provider();
    const { popup } = popupWindow({ answer: false });
    const result = start().catch((error: unknown) => error);
    await vi.waitFor(() => expect(popup.location.replace).toHaveBeenCalled());
    popup.closed = true;
    await vi.advanceTimersByTimeAsync(1000);
    const error = await result;
    expect(error).toBeInstanceOf(SignInError);
    expect(error).toMatchObject({ name: 'cancelled', message: 'Popup closed' });
  });

  it("gives up after 60 s with 'Timeout' and closes the popup", async () => {
    vi.useFakeTimers();
    provider();
    const { popup } = popupWindow({ answer: false });
    const result = start().catch((error: unknown) => error);
    await vi.waitFor(() => expect(popup.location.replace).toHaveBeenCalled());
    await vi.advanceTimersByTimeAsync(POPUP_TIMEOUT_MS - 1000);
    expect(popup.close).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1000);
    expect(POPUP_TIMEOUT_MS).toBe(60_000);
    expect(await result).toMatchObject({ name: 'timeout', message: 'Timeout' });
    expect(popup.close).toHaveBeenCalled();
  });

  it('refuses another account and drops its tokens', async () => {
    provider('s2');
    popupWindow({ answer: true });
    const manager = createUserManager(config, ORIGIN);
    await expect(signInByPopup(manager, { nonce: 'n1' }, ada)).rejects.toThrow(
      'Sign in as Ada to keep these changes.',
    );
    expect(await manager.getUser()).toBeNull();
  });
});
