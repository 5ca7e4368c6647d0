/** Flags kept in localStorage (spec section 3, "Local flags"). Storage can be blocked: reads then say false. */

export const INSTALLED_FROM_STORE_KEY = 'tc-installed-from-store';
export const TEMPLATES_BADGE_SEEN_KEY = 'tc-templates-new-badge-seen';

export function readFlag(key: string, storage: Storage = window.localStorage): boolean {
  try {
    return storage.getItem(key) === 'true';
  } catch {
    return false;
  }
}

export function setFlag(key: string, storage: Storage = window.localStorage): void {
  try {
    storage.setItem(key, 'true');
  } catch {
    // Private modes may refuse storage; the flag then lasts only this page view.
  }
}
