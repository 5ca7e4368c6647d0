/**
 * Registers the service worker (src/service-worker/sw.ts, built to /sw.js). Production builds only: the dev
 * server has no sw.js. Its install fetches the first page's files, which the page has just loaded, from the
 * browser's cache. A browser that refuses it (private mode, blocked) simply runs without: nothing depends on it.
 */
export function registerServiceWorker(win: Window) {
  win.navigator.serviceWorker?.register('/sw.js').catch(() => undefined);
}
