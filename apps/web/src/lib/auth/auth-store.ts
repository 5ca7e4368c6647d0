import { EMPTY_USER, sameTokenUser, type TokenUser } from './token-user.ts';

export interface AuthState {
  user: TokenUser;
  isAuthenticated: boolean;
}

export const UNAUTHENTICATED: AuthState = { user: EMPTY_USER, isAuthenticated: false };

export interface AuthStore {
  getState(): AuthState;
  /** Reports the current user (null when signed out); listeners hear only real changes. */
  setUser(user: TokenUser | null): void;
  subscribe(listener: () => void): () => void;
}

export interface AuthStoreOptions {
  /** Called once, the first time an authenticated user is reported (spec section 4.1). */
  onAuthenticated?: (user: TokenUser) => void;
}

/**
 * The one place the SPA reads "who is signed in". The state object is replaced only on a real change, so
 * React's useSyncExternalStore and the router re-render only then (a token refresh with the same claims
 * changes nothing).
 */
export function createAuthStore(options: AuthStoreOptions = {}): AuthStore {
  let state = UNAUTHENTICATED;
  let announced = false;
  const listeners = new Set<() => void>();

  return {
    getState: () => state,
    setUser(user) {
      if (user === null) {
        if (!state.isAuthenticated) return;
        state = UNAUTHENTICATED;
      } else {
        if (state.isAuthenticated && sameTokenUser(state.user, user)) return;
        state = { user, isAuthenticated: true };
        if (!announced) {
          announced = true;
          options.onAuthenticated?.(user);
        }
      }
      for (const listener of [...listeners]) listener();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}
