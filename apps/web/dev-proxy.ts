/**
 * The Vite dev server answers its own paths (modules, HMR, sources) and SPA page loads; everything else —
 * API calls, /app-config.js, the identity provider's pages — goes to the server, like in production where
 * one server serves it all.
 */
export const SERVER_ORIGIN = 'http://127.0.0.1:8080';

/** Paths Vite serves itself in development. */
const VITE_PATHS =
  /^\/(?:@vite|@id|@fs|@react-refresh|src\/|node_modules\/|__vite|favicon\.svg$|theme\.js$|icons\/|$)/;

/** Server paths whose HTML pages must come from the server even when a browser navigates to them. */
const SERVER_PAGES = /^\/(?:auth|dev|docs|openapi)(?:\/|$|\.|\?)/;

/** True when the dev server should forward this request to the server. */
export function shouldProxy(url: string, accept: string | undefined): boolean {
  const path = url.split('?')[0] ?? '/';
  if (VITE_PATHS.test(path)) return false;
  if (SERVER_PAGES.test(path)) return true;
  // A browser navigation to an SPA page (not a file) gets index.html from Vite.
  const isPageLoad = (accept ?? '').includes('text/html') && !/\.[a-z0-9]+$/i.test(path);
  return !isPageLoad;
}
