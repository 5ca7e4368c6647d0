import { ProtocolError } from '../errors.ts';

const utf8 = new TextEncoder();

/**
 * A small CBOR writer producing the exact bytes the ArduinoIoTCloud library (tinycbor) writes: shortest
 * integer heads, command tags always in the 4-byte form, floats as float32 when asked.
 */
export class CborWriter {
  private buf = new Uint8Array(64);
  private view = new DataView(this.buf.buffer);
  private len = 0;

  private reserve(n: number) {
    if (this.len + n <= this.buf.length) return;
    const next = new Uint8Array(Math.max(this.buf.length * 2, this.len + n));
    next.set(this.buf.subarray(0, this.len));
    this.buf = next;
    this.view = new DataView(next.buffer);
  }

  private head(major: number, arg: number | bigint) {
    const m = major << 5;
    if (typeof arg === 'bigint' || arg > 0xffffffff) {
      this.reserve(9);
      this.buf[this.len++] = m | 27;
      this.view.setBigUint64(this.len, BigInt(arg));
      this.len += 8;
    } else if (arg < 24) {
      this.reserve(1);
      this.buf[this.len++] = m | arg;
    } else if (arg <= 0xff) {
      this.reserve(2);
      this.buf[this.len++] = m | 24;
      this.buf[this.len++] = arg;
    } else if (arg <= 0xffff) {
      this.reserve(3);
      this.buf[this.len++] = m | 25;
      this.view.setUint16(this.len, arg);
      this.len += 2;
    } else {
      this.reserve(5);
      this.buf[this.len++] = m | 26;
      this.view.setUint32(this.len, arg);
      this.len += 4;
    }
    return this;
  }

  /** An integer (major type 0 or 1). */
  int(value: number | bigint) {
    if (typeof value === 'number' && !Number.isSafeInteger(value))
      throw new ProtocolError(`${value} is not an integer CBOR can carry exactly`);
    if (value >= 0) return this.head(0, value);
    return typeof value === 'bigint' ? this.head(1, -1n - value) : this.head(1, -1 - value);
  }

  bytes(value: Uint8Array) {
    return this.bytesOfMajor(2, value);
  }

  text(value: string) {
    return this.bytesOfMajor(3, utf8.encode(value));
  }

  private bytesOfMajor(major: number, value: Uint8Array) {
    this.head(major, value.length);
    this.reserve(value.length);
    this.buf.set(value, this.len);
    this.len += value.length;
    return this;
  }

  array(count: number) {
    return this.head(4, count);
  }

  map(count: number) {
    return this.head(5, count);
  }

  indefiniteArray() {
    this.reserve(1);
    this.buf[this.len++] = 0x9f;
    return this;
  }

  end() {
    this.reserve(1);
    this.buf[this.len++] = 0xff;
    return this;
  }

  /** A tag in the 4-byte form (`DA xx xx xx xx`), the form of every command tag. */
  tag32(tag: number) {
    this.reserve(5);
    this.buf[this.len++] = 0xda;
    this.view.setUint32(this.len, tag);
    this.len += 4;
    return this;
  }

  bool(value: boolean) {
    this.reserve(1);
    this.buf[this.len++] = value ? 0xf5 : 0xf4;
    return this;
  }

  /** A simple value (`E0`–`F3`, or `F8 xx` from 32 up). */
  simple(value: number) {
    if (!Number.isInteger(value) || value < 0 || value > 255 || (value >= 20 && value < 32))
      throw new ProtocolError(`${value} is not a CBOR simple value`);
    if (value < 20) {
      this.reserve(1);
      this.buf[this.len++] = 0xe0 | value;
    } else {
      this.reserve(2);
      this.buf[this.len++] = 0xf8;
      this.buf[this.len++] = value;
    }
    return this;
  }

  float32(value: number) {
    this.reserve(5);
    this.buf[this.len++] = 0xfa;
    this.view.setFloat32(this.len, value);
    this.len += 4;
    return this;
  }

  float64(value: number) {
    this.reserve(9);
    this.buf[this.len++] = 0xfb;
    this.view.setFloat64(this.len, value);
    this.len += 8;
    return this;
  }

  toBytes(): Uint8Array {
    return this.buf.slice(0, this.len);
  }
}
