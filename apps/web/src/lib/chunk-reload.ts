/**
 * A deploy replaces hashed chunks, so a tab opened before it fails to load the next route's chunk. One
 * reload fetches the new index.html; a second failure on the same path within a minute means reloading
 * will not help, and the error page is shown instead of a reload loop (spec section 2.3).
 */

export const CHUNK_RELOAD_KEY = 'tc-chunk-reload';
export const CHUNK_RELOAD_WINDOW_MS = 60_000;

export interface ChunkReloadRecord {
  path: string;
  at: number;
}

/** The pure decision: reload unless this same path already triggered a reload less than 60 s ago. */
export function shouldReloadAfterChunkError(
  previous: ChunkReloadRecord | null,
  path: string,
  now: number,
  windowMs = CHUNK_RELOAD_WINDOW_MS,
): boolean {
  if (previous === null || previous.path !== path) return true;
  return now - previous.at >= windowMs;
}

const CHUNK_ERROR =
  /dynamically imported module|Importing a module script failed|Unable to preload CSS|Failed to load module script/i;

export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return error.name === 'ChunkLoadError' || CHUNK_ERROR.test(error.message);
}

function readRecord(storage: Storage): ChunkReloadRecord | null {
  try {
    const value: unknown = JSON.parse(storage.getItem(CHUNK_RELOAD_KEY) ?? 'null');
    if (typeof value !== 'object' || value === null) return null;
    const { path, at } = value as Record<string, unknown>;
    return typeof path === 'string' && typeof at === 'number' ? { path, at } : null;
  } catch {
    return null;
  }
}

/** Reloads the page at most once per path and minute; returns whether it did. */
export function reloadAfterChunkError(deps: {
  storage: Storage;
  path: string;
  now: number;
  reload: () => void;
}): boolean {
  if (!shouldReloadAfterChunkError(readRecord(deps.storage), deps.path, deps.now)) return false;
  deps.storage.setItem(CHUNK_RELOAD_KEY, JSON.stringify({ path: deps.path, at: deps.now }));
  deps.reload();
  return true;
}

/** Browser wiring: the current path, sessionStorage (per tab) and a real reload. */
export function reloadPageAfterChunkError(): boolean {
  return reloadAfterChunkError({
    storage: window.sessionStorage,
    path: window.location.pathname,
    now: Date.now(),
    reload: () => window.location.reload(),
  });
}

/**
 * Vite fires `vite:preloadError` when a chunk's preload fails; preventing it stops the error being rethrown
 * because the page is reloading anyway.
 */
export function installChunkReloadHandler(target: Window): void {
  target.addEventListener('vite:preloadError', (event) => {
    if (reloadPageAfterChunkError()) event.preventDefault();
  });
}
