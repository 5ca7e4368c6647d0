/**
 * Registers the service worker (src/service-worker/sw.ts, built to /sw.js) once the page has loaded, so its
 * install never competes with the first page. Production builds only: the dev server has no sw.js. A browser
 * that refuses it (private mode, blocked) simply runs without: nothing depends on it.
 */
export function registerServiceWorker(win: Window) {
  const workers = win.navigator.serviceWorker;
  if (!workers) return;
  win.addEventListener('load', () => {
    workers.register('/sw.js').catch(() => undefined);
  });
}
