/**
 * CRC-16/X-25 (poly 0x1021, init 0xFFFF, reflected in and out, final xor 0xFFFF): the checksum the board
 * configuration protocol puts after each payload. Computed bit by bit with the reflected polynomial 0x8408;
 * payloads are at most a few hundred bytes, so a table would buy nothing.
 */
export function crc16X25(bytes: Uint8Array): number {
  let crc = 0xffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit++) crc = crc & 1 ? (crc >>> 1) ^ 0x8408 : crc >>> 1;
  }
  return (crc ^ 0xffff) & 0xffff;
}
