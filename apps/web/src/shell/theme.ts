import { useCallback, useState } from 'react';

/**
 * The colour theme the user picked in the user menu. "system" follows prefers-color-scheme (CSS does that by
 * itself); "light" and "dark" pin it through `data-theme` on <html>, which base.css turns into color-scheme.
 * public/theme.js applies the stored choice before first paint with the same key and values (a unit test
 * keeps the two in step): the CSP allows no inline script, and a module script runs too late.
 */
export const THEME_STORAGE_KEY = 'tc-theme';
export const THEME_CHOICES = ['system', 'light', 'dark'] as const;
export type ThemeChoice = (typeof THEME_CHOICES)[number];

export const THEME_LABELS: Record<ThemeChoice, string> = { system: 'System', light: 'Light', dark: 'Dark' };

const isThemeChoice = (value: unknown): value is ThemeChoice =>
  typeof value === 'string' && (THEME_CHOICES as readonly string[]).includes(value);

/** The stored choice; anything unknown, or storage that cannot be read, means System. */
export function readThemeChoice(storage: Storage = window.localStorage): ThemeChoice {
  try {
    const value = storage.getItem(THEME_STORAGE_KEY);
    return isThemeChoice(value) ? value : 'system';
  } catch {
    return 'system';
  }
}

export function applyThemeChoice(choice: ThemeChoice, root: HTMLElement = document.documentElement): void {
  if (choice === 'system') delete root.dataset.theme;
  else root.dataset.theme = choice;
}

/** Applies the choice at once and remembers it; System removes the stored value. */
export function saveThemeChoice(choice: ThemeChoice, storage: Storage = window.localStorage): void {
  applyThemeChoice(choice);
  try {
    if (choice === 'system') storage.removeItem(THEME_STORAGE_KEY);
    else storage.setItem(THEME_STORAGE_KEY, choice);
  } catch {
    // Storage refused (private mode): the choice lasts for this page view.
  }
}

export function useThemeChoice(): [ThemeChoice, (choice: ThemeChoice) => void] {
  const [choice, setChoice] = useState(readThemeChoice);
  const choose = useCallback((next: ThemeChoice) => {
    saveThemeChoice(next);
    setChoice(next);
  }, []);
  return [choice, choose];
}
