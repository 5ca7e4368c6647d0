import { describe, expect, it, vi } from 'vitest';
import { createAuthStore, UNAUTHENTICATED } from './auth-store.ts';
import { EMPTY_USER, type TokenUser } from './token-user.ts';

const ada: TokenUser = { ...EMPTY_USER, sub: 's1', id: 'u1', name: 'Ada', email: 'ada@example.com' };

describe('createAuthStore', () => {
  it('starts unauthenticated with the empty default user', () => {
    const store = createAuthStore();
    expect(store.getState()).toEqual({ user: EMPTY_USER, isAuthenticated: false });
    expect(store.getState()).toBe(UNAUTHENTICATED);
  });

  it('notifies subscribers when the user signs in and out', () => {
    const store = createAuthStore();
    const listener = vi.fn();
    store.subscribe(listener);
    store.setUser(ada);
    expect(store.getState()).toEqual({ user: ada, isAuthenticated: true });
    store.setUser(null);
    expect(store.getState().isAuthenticated).toBe(false);
    expect(listener).toHaveBeenCalledTimes(2);
  });

  it('stays silent and keeps the same state object when nothing changed', () => {
    const store = createAuthStore();
    const listener = vi.fn();
    store.subscribe(listener);
    store.setUser(null);
    expect(listener).not.toHaveBeenCalled();
    store.setUser(ada);
    const state = store.getState();
    store.setUser({ ...ada });
    expect(listener).toHaveBeenCalledTimes(1);
    expect(store.getState()).toBe(state);
  });

  it('notifies when a claim changes', () => {
    const store = createAuthStore();
    store.setUser(ada);
    const listener = vi.fn();
    store.subscribe(listener);
    store.setUser({ ...ada, email_verified: true });
    expect(listener).toHaveBeenCalledOnce();
    expect(store.getState().user.email_verified).toBe(true);
  });

  it('stops notifying after unsubscribe', () => {
    const store = createAuthStore();
    const listener = vi.fn();
    const unsubscribe = store.subscribe(listener);
    unsubscribe();
    store.setUser(ada);
    expect(listener).not.toHaveBeenCalled();
  });

  it('fires the authenticated callback once, for the first authenticated user', () => {
    const onAuthenticated = vi.fn();
    const store = createAuthStore({ onAuthenticated });
    store.setUser(null);
    expect(onAuthenticated).not.toHaveBeenCalled();
    store.setUser(ada);
    store.setUser({ ...ada, name: 'Ada L.' });
    store.setUser(null);
    store.setUser(ada);
    expect(onAuthenticated).toHaveBeenCalledOnce();
    expect(onAuthenticated).toHaveBeenCalledWith(ada);
  });
});
