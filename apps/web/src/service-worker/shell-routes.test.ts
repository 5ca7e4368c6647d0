import { describe, expect, it } from 'vitest';
import { cacheName, type Shell, shellRoute, staleCaches } from './shell-routes.ts';

const origin = 'https://cloud.example';
const shell: Shell = {
  version: 'v2',
  files: ['/index.html', '/assets/index-abc.js', '/theme.js', '/icons/icon-192.png'],
};
const route = (path: string, init: { method?: string; mode?: string; url?: string } = {}) =>
  shellRoute({ method: 'GET', mode: 'cors', url: `${origin}${path}`, ...init }, origin, shell);

describe('what the service worker answers', () => {
  it('answers page loads, hashed build files and the listed shell files', () => {
    expect(route('/devices/', { mode: 'navigate' })).toBe('page');
    expect(route('/assets/index-abc.js')).toBe('asset');
    // A lazily loaded page's chunk is not listed, and still the shell's.
    expect(route('/assets/devices-xyz.js')).toBe('asset');
    expect(route('/theme.js')).toBe('file');
    expect(route('/icons/icon-192.png')).toBe('file');
  });

  it('leaves every API call, the runtime config and the manifest to the network', () => {
    for (const path of [
      '/iot/v2/things',
      '/iot/v2/things?show_deleted=true',
      '/users/v1/users/byID/me',
      '/admin/v1/users',
      '/plans/v1/plans',
      '/live/v1/events',
      '/auth/token',
      '/app-config.js',
      '/manifest.webmanifest',
      '/sw.js',
      // index.html is a page load's fallback, never an answer by itself.
      '/index.html',
    ]) {
      expect(route(path), path).toBeNull();
    }
    // The sign-in provider's pages and the sign-out are the server's pages, not the app's.
    for (const path of ['/auth/interaction/abc', '/auth/v2/logout?id_token_hint=x', '/dev/outbox', '/docs']) {
      expect(route(path, { mode: 'navigate' }), path).toBeNull();
    }
  });

  it('leaves writes, other origins and files asked with a query string to the network', () => {
    expect(route('/assets/index-abc.js', { method: 'POST' })).toBeNull();
    expect(route('/devices/', { method: 'POST', mode: 'navigate' })).toBeNull();
    expect(route('', { url: 'https://tiles.example/assets/1.png' })).toBeNull();
    expect(route('/theme.js?v=1')).toBeNull();
  });

  it("names the cache by the build's version and deletes only earlier versions' caches", () => {
    expect(cacheName(shell)).toBe('tc-shell-v2');
    expect(staleCaches(['tc-shell-v1', 'tc-shell-v2', 'someone-else'], shell)).toEqual(['tc-shell-v1']);
  });
});
