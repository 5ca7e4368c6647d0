/**
 * The service worker: the app's shell (index.html and the built files) from a cache named by the build, so
 * the installed app starts like an app, and a new deploy replaces it (a new sw.js, a new cache, the old one
 * deleted). API answers never pass through it (shell-routes.ts). Built by service-worker-plugin.ts into
 * dist/sw.js, with the shell's file list in `__SHELL__`; registered by lib/service-worker.ts in production.
 */
import { cacheName, type Shell, shellRoute, staleCaches } from './shell-routes.ts';

declare const __SHELL__: Shell;

// The worker's own event types: the app's TypeScript library is the DOM's, which does not have them.
interface ExtendableEvent extends Event {
  waitUntil(promise: Promise<unknown>): void;
}
interface FetchEvent extends ExtendableEvent {
  readonly request: Request;
  respondWith(response: Promise<Response>): void;
}
interface WorkerScope {
  location: Location;
  skipWaiting(): Promise<void>;
  clients: { claim(): Promise<void> };
  addEventListener(type: 'install' | 'activate', listener: (event: ExtendableEvent) => void): void;
  addEventListener(type: 'fetch', listener: (event: FetchEvent) => void): void;
}

const worker = self as unknown as WorkerScope;
const shell = __SHELL__;
const CACHE = cacheName(shell);

worker.addEventListener('install', (event) => {
  // A new version takes over at once: its files are all cached, and pages fetch nothing from the old cache.
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.addAll([...shell.files]))
      .then(() => worker.skipWaiting()),
  );
});

worker.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) => Promise.all(staleCaches(names, shell).map((name) => caches.delete(name))))
      .then(() => worker.clients.claim()),
  );
});

worker.addEventListener('fetch', (event) => {
  const route = shellRoute(event.request, worker.location.origin, shell);
  if (route === null) return;
  if (route === 'page') {
    // Never stored: only the index.html cached on install answers, and only when the network cannot.
    event.respondWith(
      fetch(event.request).catch(async (error: unknown) => {
        const cached = await caches.match('/index.html', { cacheName: CACHE });
        if (cached) return cached;
        throw error;
      }),
    );
    return;
  }
  event.respondWith(
    caches.match(event.request, { cacheName: CACHE }).then(async (cached) => {
      if (cached) return cached;
      const response = await fetch(event.request);
      // A hashed file is the same for everyone, for ever: kept once fetched (a lazily loaded page).
      if (route === 'asset' && response.ok && response.type === 'basic') {
        const copy = response.clone();
        event.waitUntil(caches.open(CACHE).then((cache) => cache.put(event.request, copy)));
      }
      return response;
    }),
  );
});
