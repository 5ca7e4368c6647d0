import type { SigninPopupArgs, User, UserManager } from 'oidc-client-ts';
import { SignInError } from './auth-errors.ts';
import { toSignInError } from './to-sign-in-error.ts';
import type { TokenUser } from './token-user.ts';

/** Popup sign-in of spec section 9: a 400x600 window, given up after 60 s. */
export const POPUP_WIDTH = 400;
export const POPUP_HEIGHT = 600;
export const POPUP_TIMEOUT_MS = 60_000;

/**
 * Signs `expected` in again in a popup, where a redirect would lose the page's unsaved work. The provider is
 * asked for its sign-in form (`prompt=login`), so a user who typed another account's credentials can try
 * again. Fails with the catalogue's errors (spec 8): 'Timeout' after 60 s (the popup is closed), 'Popup
 * closed' when the user closes it, and a refusal when another account signed in (its tokens are dropped).
 * Loaded only when a session ends with unsaved work; call it from a click, or browsers block the popup.
 */
export async function signInByPopup(
  userManager: UserManager,
  args: Omit<SigninPopupArgs, 'popupWindowFeatures'>,
  expected: TokenUser,
): Promise<User> {
  const timeout = new AbortController();
  const timer = setTimeout(() => timeout.abort(), POPUP_TIMEOUT_MS);
  let user: User;
  try {
    user = await userManager.signinPopup({
      ...args,
      prompt: 'login',
      popupWindowFeatures: { width: POPUP_WIDTH, height: POPUP_HEIGHT },
      popupAbortOnClose: true,
      // An aborted sign-in closes its popup.
      popupSignal: timeout.signal,
    });
  } catch (error) {
    throw timeout.signal.aborted
      ? new SignInError('timeout', undefined, { cause: error })
      : toSignInError(error);
  } finally {
    clearTimeout(timer);
  }
  if (user.profile.sub !== expected.sub) {
    await userManager.removeUser();
    throw new SignInError(
      'request_error',
      `Sign in as ${expected.name || expected.username} to keep these changes.`,
    );
  }
  return user;
}
