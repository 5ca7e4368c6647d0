import { afterEach, describe, expect, it } from 'vitest';
// The boot script as the browser gets it (Vite's ?raw import: the file's text).
import bootScript from '../../public/theme.js?raw';
import { applyThemeChoice, readThemeChoice, saveThemeChoice, THEME_STORAGE_KEY } from './theme.ts';

const root = document.documentElement;

afterEach(() => {
  delete root.dataset.theme;
});

describe('theme choice', () => {
  it('reads System for a missing or unknown value', () => {
    expect(readThemeChoice()).toBe('system');
    localStorage.setItem(THEME_STORAGE_KEY, 'sepia');
    expect(readThemeChoice()).toBe('system');
  });

  it('stores Light and Dark, applies them to <html>, and System removes both', () => {
    saveThemeChoice('dark');
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe('dark');
    expect(root.dataset.theme).toBe('dark');
    expect(readThemeChoice()).toBe('dark');
    saveThemeChoice('system');
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBeNull();
    expect(root.dataset.theme).toBeUndefined();
  });

  it('public/theme.js, run before the app, applies what theme.ts would', () => {
    for (const stored of ['light', 'dark', 'system', 'sepia', null]) {
      if (stored === null) localStorage.removeItem(THEME_STORAGE_KEY);
      else localStorage.setItem(THEME_STORAGE_KEY, stored);
      delete root.dataset.theme;
      new Function(bootScript)();
      const byScript = root.dataset.theme;
      delete root.dataset.theme;
      applyThemeChoice(readThemeChoice());
      expect(byScript, `stored ${stored}`).toBe(root.dataset.theme);
    }
  });
});
