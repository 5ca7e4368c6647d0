import { describe, expect, it } from 'vitest';
import { createPacketScanner } from './packet-size-guard.ts';

/** An MQTT packet of the given type byte with a body of `bodyLength` bytes. */
function packet(type: number, bodyLength: number): Buffer {
  const length: number[] = [];
  let n = bodyLength;
  do {
    const byte = n % 128;
    n = Math.floor(n / 128);
    length.push(n > 0 ? byte | 0x80 : byte);
  } while (n > 0);
  return Buffer.concat([Buffer.from([type, ...length]), Buffer.alloc(bodyLength, 0xff)]);
}

describe('MQTT packet scanner', () => {
  it('passes packets up to the limit, however the stream is cut', () => {
    const stream = Buffer.concat([packet(0x10, 40), packet(0x30, 1000), packet(0xc0, 0), packet(0x32, 1020)]);
    for (const size of [1, 2, 3, 7, 100, stream.length]) {
      const scanner = createPacketScanner(1024);
      for (let i = 0; i < stream.length; i += size)
        expect(scanner.feed(stream.subarray(i, i + size))).toBeNull();
    }
  });

  it('answers the size of the first packet over the limit from its header alone', () => {
    const scanner = createPacketScanner(1024);
    expect(scanner.feed(packet(0x30, 100))).toBeNull();
    // Only the type byte and the length (2 bytes for 1022) have arrived.
    expect(scanner.feed(packet(0x30, 1022).subarray(0, 3))).toBe(1025);
  });

  it('counts a 64 MB publish from its first bytes, and refuses a malformed length', () => {
    expect(createPacketScanner(256 * 1024).feed(Buffer.from([0x30, 0x80, 0x80, 0x80, 0x20]))).toBe(
      1 + 4 + 64 * 1024 * 1024,
    );
    expect(createPacketScanner(256 * 1024).feed(Buffer.from([0x30, 0xff, 0xff, 0xff, 0xff, 0x01]))).toBe(-1);
  });
});
