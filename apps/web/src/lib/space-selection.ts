import { COOKIE_LIFETIME_SECONDS, COOKIE_PREFIX } from '@tinkercloud/shared';
import { readCookie, writeCookie } from './cookies.ts';

/** The selected space id (spec section 3, "Cookies"), shared across the domain for a year. */
export const SELECTED_SPACE_COOKIE = `${COOKIE_PREFIX}space`;
/** A comma-separated list of spaces whose logo is hidden. */
export const HIDDEN_LOGOS_COOKIE = `${COOKIE_PREFIX}hidden_logos`;

/**
 * The stored space choice (spec 4.3). It only remembers an id; which space that means, with fallbacks to
 * My Cloud, is decided against the list of spaces (`resolveSelectedSpace`). Listeners hear real changes only.
 */
export interface SpaceSelection {
  get(): string | null;
  select(id: string): void;
  subscribe(listener: () => void): () => void;
  /** The header logos the user hid, kept apart so hiding one never re-evaluates the routes. */
  logos: HiddenLogos;
}

/** Spaces whose horizontal logo the user chose not to show in the header (spec section 3, "Cookies"). */
export interface HiddenLogos {
  list(): readonly string[];
  setHidden(spaceId: string, hidden: boolean): void;
  subscribe(listener: () => void): () => void;
}

export function createSpaceSelection(
  options: { domain?: string | undefined; doc?: Document } = {},
): SpaceSelection {
  const doc = options.doc ?? document;
  let current = readCookie(SELECTED_SPACE_COOKIE, doc);
  const listeners = new Set<() => void>();
  return {
    logos: createHiddenLogos(options.domain, doc),
    get: () => current,
    select(id) {
      if (id === current) return;
      current = id;
      writeCookie(
        SELECTED_SPACE_COOKIE,
        id,
        { maxAgeSeconds: COOKIE_LIFETIME_SECONDS, domain: options.domain },
        doc,
      );
      for (const listener of [...listeners]) listener();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}

/** Spaces whose logo the user chose to hide. */
export function hiddenLogoSpaces(doc: Document = document): string[] {
  return (readCookie(HIDDEN_LOGOS_COOKIE, doc) ?? '').split(',').filter(Boolean);
}

function createHiddenLogos(domain: string | undefined, doc: Document): HiddenLogos {
  let hidden = hiddenLogoSpaces(doc);
  const listeners = new Set<() => void>();
  return {
    list: () => hidden,
    setHidden(spaceId, hide) {
      if (hidden.includes(spaceId) === hide) return;
      hidden = hide ? [...hidden, spaceId] : hidden.filter((id) => id !== spaceId);
      writeCookie(
        HIDDEN_LOGOS_COOKIE,
        hidden.join(','),
        { maxAgeSeconds: COOKIE_LIFETIME_SECONDS, domain },
        doc,
      );
      for (const listener of [...listeners]) listener();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}
