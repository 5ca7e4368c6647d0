import { isConformantName } from '../validation.ts';

/**
 * The IoT API's name rules (upstream's patterns), for the server's request schemas and the web's forms alike.
 * The portable name rule of spec section 5 is `isConformantName` in validation.ts.
 */

/** Device names and serials: upstream's `[a-zA-Z0-9_.@-]+`, anchored, at most DEVICE_NAME_MAX_LENGTH. */
export const DEVICE_NAME_PATTERN = /^[a-zA-Z0-9_.@-]+$/;
export const DEVICE_NAME_MAX_LENGTH = 64;
export const DEVICE_NAME_MESSAGE = 'letters, digits and _ . @ - only';

/** Whether a device name is one the API accepts (not empty, at most 64, the alphabet above). */
export function isDeviceName(name: string): boolean {
  return name.length > 0 && name.length <= DEVICE_NAME_MAX_LENGTH && DEVICE_NAME_PATTERN.test(name);
}

/** Thing names: upstream's `[a-zA-Z0-9_. -]+`, at most THING_NAME_MAX_LENGTH. */
export const THING_NAME_PATTERN = /^[a-zA-Z0-9_. -]+$/;
export const THING_NAME_MAX_LENGTH = 64;
export const THING_NAME_MESSAGE = 'letters, digits, spaces and _ . - only';

/** Whether a thing name is one the API accepts (not blank, at most 64, the alphabet above). */
export function isThingName(name: string): boolean {
  return name.trim().length > 0 && name.length <= THING_NAME_MAX_LENGTH && THING_NAME_PATTERN.test(name);
}

/** Sketch variable names: a C identifier, at most 64 (upstream's `variable_name`). */
export const VARIABLE_NAME_PATTERN = /^[a-zA-Z_][a-zA-Z0-9_]*$/;
export const VARIABLE_NAME_MAX_LENGTH = 64;
export const VARIABLE_NAME_MESSAGE = 'a C identifier: a letter or _, then letters, digits or _';

/**
 * Whether a variable made in the browser may take this name: it must pass the name conformance of spec
 * section 5 (`isConformantName`) and, as the sketch declares it, be a C identifier too: so a letter first,
 * then letters, digits or `_`, at most 63 characters.
 */
export function isVariableName(name: string): boolean {
  return isConformantName(name) && VARIABLE_NAME_PATTERN.test(name);
}

/** Tag keys and values: `[a-zA-Z0-9_.@-]+`, at most TAG_PART_MAX_LENGTH each. */
export const TAG_PART_PATTERN = /^[a-zA-Z0-9_.@-]+$/;
export const TAG_PART_MAX_LENGTH = 64;

export function isTagPart(text: string): boolean {
  return text.length > 0 && text.length <= TAG_PART_MAX_LENGTH && TAG_PART_PATTERN.test(text);
}

/**
 * Dashboard (and dashboard page) names: upstream's `[a-zA-Z0-9_.@-]+` is unanchored (Goa matches it anywhere),
 * so "Greenhouse 1" is valid; control characters are refused too.
 */
export const DASHBOARD_NAME_PATTERN = /[a-zA-Z0-9_.@-]/;
export const DASHBOARD_NAME_MAX_LENGTH = 64;
/** A cloned dashboard's name: "Copy of {name}", cut to the name limit. */
export const dashboardCopyName = (name: string) => `Copy of ${name}`.slice(0, DASHBOARD_NAME_MAX_LENGTH);
export const DASHBOARD_NAME_MESSAGE = 'at least one letter, digit or _ . @ -';

export function isDashboardName(name: string): boolean {
  return (
    name.length > 0 &&
    name.length <= DASHBOARD_NAME_MAX_LENGTH &&
    DASHBOARD_NAME_PATTERN.test(name) &&
    /^[^\p{Cc}]+$/u.test(name)
  );
}
