/**
 * Intel HEX → flash image, for the in-browser Uno (avr-board.ts). The build service hands back the `.hex`
 * that avrdude would flash; we turn it into the bytes the simulated chip boots from.
 *
 * Strict on purpose: a checksum or address error means a truncated or mangled download, and running half a
 * program would show the user a confusing, wrong simulation instead of an error.
 */

/** Text larger than this is not a sketch for a 32 KiB chip; refuse it before doing any work. */
export const MAX_HEX_TEXT_LENGTH = 1024 * 1024;

const RECORD_DATA = 0x00;
const RECORD_EOF = 0x01;
const RECORD_EXTENDED_SEGMENT = 0x02;
const RECORD_START_SEGMENT = 0x03;
const RECORD_EXTENDED_LINEAR = 0x04;
const RECORD_START_LINEAR = 0x05;

const HEX_DIGITS = /^[0-9a-fA-F]*$/;

/**
 * Parses Intel HEX text into a `size`-byte image (default: the ATmega328P's 32 KiB flash). Bytes no record
 * writes stay 0xff, as erased flash reads. Throws an `Error` naming the 1-based line on malformed input.
 */
export function parseIntelHex(text: string, size = 0x8000): Uint8Array {
  if (text.length > MAX_HEX_TEXT_LENGTH) {
    throw new Error(
      `Intel HEX: text is ${text.length} characters, more than the ${MAX_HEX_TEXT_LENGTH} allowed`,
    );
  }
  const image = new Uint8Array(size).fill(0xff);
  // Extended segment (02) and extended linear (04) records both set a base added to each data record's
  // 16-bit offset; the latest one of either kind wins.
  let base = 0;
  const lines = text.split(/\r?\n/);
  for (let index = 0; index < lines.length; index += 1) {
    const line = (lines[index] ?? '').trim();
    const where = `Intel HEX line ${index + 1}`;
    if (line === '') continue;
    const record = decodeRecord(line, where);
    const { type, offset, data } = record;
    switch (type) {
      case RECORD_DATA: {
        const address = base + offset;
        if (address + data.length > size) {
          throw new Error(
            `${where}: data at 0x${address.toString(16)}..0x${(address + data.length - 1).toString(16)} ` +
              `lies beyond the ${size}-byte memory`,
          );
        }
        image.set(data, address);
        break;
      }
      case RECORD_EOF:
        // Anything after the end-of-file record is not part of the program (some tools pad with junk).
        return image;
      case RECORD_EXTENDED_SEGMENT:
        base = readAddressWord(data, where) * 16;
        break;
      case RECORD_EXTENDED_LINEAR:
        base = readAddressWord(data, where) * 0x10000;
        break;
      case RECORD_START_SEGMENT:
      case RECORD_START_LINEAR:
        // Entry-point records matter to x86 loaders; an AVR always starts at address 0.
        break;
      default:
        throw new Error(`${where}: unknown record type 0x${type.toString(16).padStart(2, '0')}`);
    }
  }
  // avr-objcopy always ends with an EOF record; without one the text was most likely cut off.
  throw new Error('Intel HEX: no end-of-file record (the file looks truncated)');
}

interface HexRecord {
  type: number;
  offset: number;
  data: Uint8Array;
}

/** One `:LLAAAATT<data>CC` line → its fields, after checking its shape, length and checksum. */
function decodeRecord(line: string, where: string): HexRecord {
  if (!line.startsWith(':')) throw new Error(`${where}: a record must start with ':'`);
  const digits = line.slice(1);
  if (!HEX_DIGITS.test(digits)) throw new Error(`${where}: contains characters that are not hex digits`);
  if (digits.length % 2 !== 0) throw new Error(`${where}: odd number of hex digits`);
  const bytes = new Uint8Array(digits.length / 2);
  for (let i = 0; i < bytes.length; i += 1) bytes[i] = Number.parseInt(digits.slice(i * 2, i * 2 + 2), 16);
  // Byte count, two address bytes, record type and checksum: five bytes even for an empty record.
  if (bytes.length < 5) throw new Error(`${where}: record too short`);
  const count = bytes[0] ?? 0;
  if (bytes.length !== count + 5) {
    throw new Error(`${where}: byte count says ${count} data bytes but the record holds ${bytes.length - 5}`);
  }
  // The checksum byte makes the sum of all bytes of the record 0 modulo 256.
  let sum = 0;
  for (const byte of bytes) sum += byte;
  if ((sum & 0xff) !== 0) throw new Error(`${where}: bad checksum`);
  return {
    type: bytes[3] ?? 0,
    offset: ((bytes[1] ?? 0) << 8) | (bytes[2] ?? 0),
    data: bytes.subarray(4, 4 + count),
  };
}

/** Extended address records carry exactly one big-endian 16-bit value. */
function readAddressWord(data: Uint8Array, where: string): number {
  if (data.length !== 2) throw new Error(`${where}: extended address record must hold 2 bytes`);
  return ((data[0] ?? 0) << 8) | (data[1] ?? 0);
}
