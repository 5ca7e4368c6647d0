/**
 * What the service worker (sw.ts) answers, as pure rules. It serves the app's shell only: the built files
 * and index.html. Everything else — every API call, /app-config.js, the manifest, the sign-in pages, other
 * origins — is left to the network untouched: nothing a user's session reads is ever stored, so no answer can
 * reach another user after a sign-out and sign-in on the same phone.
 */

/** The shell the build lists (service-worker-plugin.ts): its version names the cache. */
export interface Shell {
  version: string;
  /** Paths cached on install: index.html, the first page's scripts and styles, the public files. */
  files: readonly string[];
}

/**
 * The server's own pages (the sign-in provider, the dev outbox, the API docs; the dev server's list, dev-proxy.ts):
 * loaded straight from the network, the worker never sees them.
 */
const SERVER_PAGES = /^\/(?:auth|dev|docs|openapi)(?:\/|$|\.)/;

/** Caches of this worker are named with this prefix; other names are not ours and are left alone. */
const CACHE_PREFIX = 'tc-shell-';

export const cacheName = (shell: Shell) => `${CACHE_PREFIX}${shell.version}`;

/**
 * - `page`: a page load of the app; from the network, the cached index.html only when the network fails (offline).
 * - `asset`: a hashed build file (/assets/…, never changes under its name); from the cache, else fetched and kept.
 * - `file`: a listed shell file (theme.js, icons); from this version's cache, else the network.
 * - `null`: not ours, the browser fetches it as if there were no worker.
 */
export type ShellRoute = 'page' | 'asset' | 'file' | null;

export function shellRoute(
  request: { method: string; mode: string; url: string },
  origin: string,
  shell: Shell,
): ShellRoute {
  if (request.method !== 'GET') return null;
  const url = new URL(request.url);
  if (url.origin !== origin) return null;
  if (request.mode === 'navigate') return SERVER_PAGES.test(url.pathname) ? null : 'page';
  // A query string makes it another request (an API-like read): the network's.
  if (url.search !== '') return null;
  if (url.pathname.startsWith('/assets/')) return 'asset';
  return shell.files.includes(url.pathname) && url.pathname !== '/index.html' ? 'file' : null;
}

/** Caches left by earlier versions of the shell, to delete once this one is active. */
export function staleCaches(names: readonly string[], shell: Shell): string[] {
  const current = cacheName(shell);
  return names.filter((name) => name.startsWith(CACHE_PREFIX) && name !== current);
}
