import type { User } from 'oidc-client-ts';

/** What the sign-in-again dialog reads and does, for the work one editor holds (auth-service's holdWork). */
export interface SessionEnd {
  subscribe(listener: () => void): () => void;
  /** True while calls wait for the user to sign in again. */
  ended(): boolean;
  /** Signs in in the popup; the waiting calls go on with the new token. Rejects with the sign-in error. */
  signInAgain(): Promise<void>;
  /** Not now: the waiting calls fail with 'Authentication error'; the next one asks again. */
  dismiss(): void;
  /** Handed to holdWork: asks once for every call that waits, and resolves with the user or null. */
  ask(): Promise<User | null>;
}

/** Loaded with the editors (off the first page): the shell only keeps the list of those that hold work. */
export function createSessionEnd(signInByPopup: () => Promise<User>): SessionEnd {
  let asked: { user: Promise<User | null>; resolve: (user: User | null) => void } | null = null;
  const listeners = new Set<() => void>();
  const notify = () => {
    for (const listener of [...listeners]) listener();
  };
  const settle = (user: User | null) => {
    const done = asked;
    asked = null;
    notify();
    done?.resolve(user);
  };
  return {
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    ended: () => asked !== null,
    dismiss: () => settle(null),
    async signInAgain() {
      settle(await signInByPopup());
    },
    ask() {
      if (!asked) {
        let resolve!: (user: User | null) => void;
        const user = new Promise<User | null>((r) => {
          resolve = r;
        });
        asked = { user, resolve };
        notify();
      }
      return asked.user;
    },
  };
}
