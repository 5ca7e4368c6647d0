import { ProtocolError } from '../errors.ts';

const HEX = /^(?:[0-9a-f]{2})*$/i;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function hexToBytes(hex: string, size: number, what: string): Uint8Array {
  if (hex.length !== size * 2 || !HEX.test(hex))
    throw new ProtocolError(`${what} must be ${size} bytes of hex`);
  const out = new Uint8Array(size);
  for (let i = 0; i < size; i++) out[i] = Number.parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return out;
}

export function bytesToHex(bytes: Uint8Array): string {
  let s = '';
  for (const b of bytes) s += b.toString(16).padStart(2, '0');
  return s;
}

export function uuidToBytes(uuid: string, what: string): Uint8Array {
  if (!UUID.test(uuid)) throw new ProtocolError(`${what} must be a UUID`);
  return hexToBytes(uuid.replaceAll('-', ''), 16, what);
}

export function bytesToUuid(bytes: Uint8Array): string {
  const h = bytesToHex(bytes);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}
