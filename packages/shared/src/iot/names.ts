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
