import { describe, expect, it } from 'vitest';
import { shouldProxy } from './dev-proxy.ts';

const HTML = 'text/html,application/xhtml+xml';

describe('shouldProxy', () => {
  it('keeps Vite paths and the entry page on the dev server', () => {
    expect(shouldProxy('/', HTML)).toBe(false);
    expect(shouldProxy('/@vite/client', '*/*')).toBe(false);
    expect(shouldProxy('/src/main.tsx', '*/*')).toBe(false);
    expect(shouldProxy('/node_modules/.vite/deps/react.js?v=1', '*/*')).toBe(false);
    expect(shouldProxy('/@react-refresh', '*/*')).toBe(false);
    // The home-screen icons are public files; the manifest that lists them is the server's.
    expect(shouldProxy('/icons/icon-192.png', 'image/png')).toBe(false);
    expect(shouldProxy('/manifest.webmanifest', '*/*')).toBe(true);
  });

  it('serves SPA page loads from Vite', () => {
    expect(shouldProxy('/devices/', HTML)).toBe(false);
    expect(shouldProxy('/templates/123?tab=custom', HTML)).toBe(false);
  });

  it('forwards API calls and the runtime config to the server', () => {
    expect(shouldProxy('/app-config.js', '*/*')).toBe(true);
    expect(shouldProxy('/users/v1/users/settings', 'application/json')).toBe(true);
    expect(shouldProxy('/status/api/v2/status.json', '*/*')).toBe(true);
  });

  it('forwards the identity provider pages even for page loads', () => {
    expect(shouldProxy('/auth/authorize?client_id=x', HTML)).toBe(true);
    expect(shouldProxy('/auth/interaction/abc', HTML)).toBe(true);
    expect(shouldProxy('/dev/outbox', HTML)).toBe(true);
  });
});
