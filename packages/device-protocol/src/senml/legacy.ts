import { decodeCbor } from '../cbor/reader.ts';
import { ProtocolError } from '../errors.ts';
import { labelOf } from './labels.ts';

/**
 * The fixed request a protocol-1 device (and arduino-iot-js in device mode) publishes on
 * `/a/t/{thingId}/shadow/o` to ask for its last values: `[{0: "r:m", 3: "getLastValues"}]`.
 */
export const LEGACY_GET_LAST_VALUES: Uint8Array = Uint8Array.from([
  0x81, 0xa2, 0x00, 0x63, 0x72, 0x3a, 0x6d, 0x03, 0x6d, 0x67, 0x65, 0x74, 0x4c, 0x61, 0x73, 0x74, 0x56, 0x61,
  0x6c, 0x75, 0x65, 0x73,
]);

/** True when `bytes` is the legacy last-values request (in any CBOR spelling of it). */
export function isLegacyGetLastValues(bytes: Uint8Array): boolean {
  try {
    const root = decodeCbor(bytes);
    if (!Array.isArray(root) || root.length !== 1 || !(root[0] instanceof Map)) return false;
    let name: unknown;
    let command: unknown;
    for (const [k, v] of root[0]) {
      const label = labelOf(k);
      if (label === 'n') name = v;
      else if (label === 'vs') command = v;
    }
    return name === 'r:m' && command === 'getLastValues';
  } catch (e) {
    if (e instanceof ProtocolError) return false;
    throw e;
  }
}
