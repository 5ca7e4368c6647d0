import { describe, expect, it, vi } from 'vitest';
import {
  CHUNK_RELOAD_KEY,
  isChunkLoadError,
  reloadAfterChunkError,
  shouldReloadAfterChunkError,
} from './chunk-reload.ts';

describe('shouldReloadAfterChunkError', () => {
  it('reloads when nothing failed before', () => {
    expect(shouldReloadAfterChunkError(null, '/devices', 1_000)).toBe(true);
  });

  it('does not reload again for the same path within 60 s', () => {
    expect(shouldReloadAfterChunkError({ path: '/devices', at: 0 }, '/devices', 59_999)).toBe(false);
  });

  it('reloads again for the same path after 60 s', () => {
    expect(shouldReloadAfterChunkError({ path: '/devices', at: 0 }, '/devices', 60_000)).toBe(true);
  });

  it('reloads for another path even within 60 s', () => {
    expect(shouldReloadAfterChunkError({ path: '/things', at: 0 }, '/devices', 1_000)).toBe(true);
  });
});

describe('reloadAfterChunkError', () => {
  it('records the reload in storage and reloads once per path and minute', () => {
    const reload = vi.fn();
    const storage = window.sessionStorage;
    expect(reloadAfterChunkError({ storage, path: '/devices', now: 10_000, reload })).toBe(true);
    expect(JSON.parse(storage.getItem(CHUNK_RELOAD_KEY) ?? '')).toEqual({ path: '/devices', at: 10_000 });
    expect(reloadAfterChunkError({ storage, path: '/devices', now: 40_000, reload })).toBe(false);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(reloadAfterChunkError({ storage, path: '/devices', now: 70_000, reload })).toBe(true);
    expect(reload).toHaveBeenCalledTimes(2);
  });

  it('treats an unreadable record as no record', () => {
    const reload = vi.fn();
    window.sessionStorage.setItem(CHUNK_RELOAD_KEY, '{not json');
    expect(reloadAfterChunkError({ storage: window.sessionStorage, path: '/', now: 1, reload })).toBe(true);
    expect(reload).toHaveBeenCalledOnce();
  });
});

describe('isChunkLoadError', () => {
  it('recognises failed dynamic imports in the main browsers', () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /assets/x.js'))).toBe(
      true,
    );
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new TypeError('error loading dynamically imported module'))).toBe(true);
    expect(isChunkLoadError(new Error('Unable to preload CSS for /assets/x.css'))).toBe(true);
  });

  it('ignores other errors', () => {
    expect(isChunkLoadError(new Error('Unexpected error. Please try again.'))).toBe(false);
    expect(isChunkLoadError('Failed to fetch dynamically imported module')).toBe(false);
  });
});
