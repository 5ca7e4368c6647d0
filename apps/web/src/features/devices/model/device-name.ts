import { DEVICE_NAME_MAX_LENGTH, isDeviceName } from '@tinkercloud/shared';

/** What is wrong with a device name by the server's rule (`isDeviceName`, packages/shared), in words. */
export function deviceNameProblem(name: string): string | null {
  if (name.trim() === '') return 'Enter a name for the device.';
  return isDeviceName(name.trim())
    ? null
    : `Use letters, digits and _ . @ - only (no spaces), at most ${DEVICE_NAME_MAX_LENGTH} characters.`;
}
