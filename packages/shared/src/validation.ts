/**
 * Name conformance and id checks (spec section 5). Sketch, thing and device names become file and topic
 * names on other systems, so they stay inside a safe, portable alphabet.
 */

/** A letter or digit first, then letters, digits, `_`, `.` or `-`; at most 63 characters in total. */
const CONFORMANT_NAME = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,62}$/;

export const NAME_MAX_LENGTH = 63;

export function isConformantName(name: string): boolean {
  return CONFORMANT_NAME.test(name);
}

/**
 * Turns free text into the conformant alphabet: accents are dropped (é → e), each run of whitespace becomes
 * one underscore and every other character outside the alphabet is removed. The result may still be empty or
 * start with `_`; callers check it with `isConformantName` before saving.
 */
export function toConformantName(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Mn}/gu, '')
    .replace(/\s+/g, '_')
    .replace(/[^A-Za-z0-9_.-]/g, '');
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Custom templates have UUID ids; built-in ones do not (spec section 3, "Template"). */
export function isUuid(value: string): boolean {
  return UUID.test(value);
}
