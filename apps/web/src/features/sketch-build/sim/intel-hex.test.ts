import { describe, expect, it } from 'vitest';
import { MAX_HEX_TEXT_LENGTH, parseIntelHex } from './intel-hex.ts';

/** Builds one record with a correct checksum, so tests state intent rather than hand-computed sums. */
function record(type: number, offset: number, data: number[]): string {
  const bytes = [data.length, (offset >> 8) & 0xff, offset & 0xff, type, ...data];
  const sum = bytes.reduce((a, b) => a + b, 0);
  const checksum = (0x100 - (sum & 0xff)) & 0xff;
  return `:${[...bytes, checksum].map((b) => b.toString(16).padStart(2, '0').toUpperCase()).join('')}`;
}

const EOF = ':00000001FF';

describe('parseIntelHex', () => {
  it('places data records and leaves the rest erased (0xff)', () => {
    // A real line from avr-objcopy output (the interrupt vector table of an Arduino sketch).
    const image = parseIntelHex(':100000000C945D000C9485000C9485000C94850084\n:00000001FF\n', 32);
    expect(Array.from(image.subarray(0, 4))).toEqual([0x0c, 0x94, 0x5d, 0x00]);
    expect(Array.from(image.subarray(16))).toEqual(new Array(16).fill(0xff));
  });

  it('accepts CRLF line ends, blank lines and lower-case digits, and ignores text after EOF', () => {
    const text = `${record(0, 2, [1, 2]).toLowerCase()}\r\n\r\n${EOF}\r\nnot a record`;
    expect(Array.from(parseIntelHex(text, 4))).toEqual([0xff, 0xff, 1, 2]);
  });

  it('applies extended linear (04) and extended segment (02) addresses', () => {
    const linear = [record(4, 0, [0x00, 0x01]), record(0, 0x0003, [0xaa]), EOF].join('\n');
    expect(parseIntelHex(linear, 0x10004)[0x10003]).toBe(0xaa);
    const segment = [record(2, 0, [0x10, 0x00]), record(0, 0x0001, [0xbb]), EOF].join('\n');
    expect(parseIntelHex(segment, 0x10002)[0x10001]).toBe(0xbb);
  });

  it('ignores start address records (03, 05)', () => {
    const text = [record(3, 0, [0, 0, 0, 0]), record(5, 0, [0, 0, 0, 0]), record(0, 0, [7]), EOF].join('\n');
    expect(parseIntelHex(text, 1)[0]).toBe(7);
  });

  it('defaults to the 32 KiB of an ATmega328P', () => {
    expect(parseIntelHex(EOF)).toHaveLength(0x8000);
  });

  it('names the line of a record without a colon', () => {
    expect(() => parseIntelHex(`${record(0, 0, [1])}\n00000001FF`)).toThrow(/line 2: .*start with ':'/);
  });

  it('rejects an odd number of hex digits', () => {
    expect(() => parseIntelHex(`${record(0, 0, [1])}0\n${EOF}`)).toThrow(/line 1: odd number of hex digits/);
  });

  it('rejects characters that are not hex digits', () => {
    expect(() => parseIntelHex(`:01000000ZZ00\n${EOF}`)).toThrow(/line 1: .*not hex digits/);
  });

  it('rejects a bad checksum', () => {
    const good = record(0, 0, [1, 2, 3]);
    const bad = `${good.slice(0, -2)}${good.endsWith('00') ? '01' : '00'}`;
    expect(() => parseIntelHex(`${bad}\n${EOF}`)).toThrow(/line 1: bad checksum/);
  });

  it('rejects a byte count that does not match the record', () => {
    expect(() => parseIntelHex(`:0200000001FD\n${EOF}`)).toThrow(/line 1: byte count says 2/);
    expect(() => parseIntelHex(`:0000\n${EOF}`)).toThrow(/line 1: record too short/);
  });

  it('rejects data beyond the memory size', () => {
    expect(() => parseIntelHex(`${record(0, 3, [1, 2])}\n${EOF}`, 4)).toThrow(/line 1: .*beyond the 4-byte/);
    const high = [record(4, 0, [0, 1]), record(0, 0, [1]), EOF].join('\n');
    expect(() => parseIntelHex(high)).toThrow(/line 2: .*0x10000/);
  });

  it('rejects an unknown record type and a malformed extended address', () => {
    expect(() => parseIntelHex(`${record(6, 0, [])}\n${EOF}`)).toThrow(/line 1: unknown record type 0x06/);
    expect(() => parseIntelHex(`${record(4, 0, [1])}\n${EOF}`)).toThrow(/line 1: .*2 bytes/);
  });

  it('rejects text without an EOF record as truncated', () => {
    expect(() => parseIntelHex(record(0, 0, [1]))).toThrow(/no end-of-file record/);
  });

  it('refuses text over 1 MiB before parsing it', () => {
    expect(() => parseIntelHex(' '.repeat(MAX_HEX_TEXT_LENGTH + 1))).toThrow(/more than the 1048576 allowed/);
  });
});
