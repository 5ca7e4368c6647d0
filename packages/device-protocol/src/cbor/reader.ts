import { ProtocolError } from '../errors.ts';
import { type CborItem, FloatValue, Simple, Tagged } from './items.ts';

/** Deeper nesting than any protocol message uses; refusing it keeps hostile input from exhausting the stack. */
const MAX_DEPTH = 16;
const BREAK = Symbol('break');
const utf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * Decodes exactly one CBOR item filling all of `bytes` (RFC 8949: definite and indefinite lengths, tags,
 * simple values, half/single/double floats). Throws ProtocolError on truncated, malformed or trailing data.
 */
export function decodeCbor(bytes: Uint8Array): CborItem {
  const reader = new Reader(bytes);
  const item = reader.item(0);
  if (item === BREAK) throw new ProtocolError('unexpected CBOR break');
  if (reader.pos !== bytes.length) throw new ProtocolError('trailing bytes after the CBOR item');
  return item;
}

class Reader {
  pos = 0;
  private readonly view: DataView;

  constructor(private readonly bytes: Uint8Array) {
    this.view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  }

  private need(n: number) {
    if (this.pos + n > this.bytes.length) throw new ProtocolError('truncated CBOR data');
  }

  /** The argument of a head: its value, or -1 for an indefinite length. */
  private argument(info: number): number | bigint {
    if (info < 24) return info;
    switch (info) {
      case 24:
        this.need(1);
        return this.bytes[this.pos++] as number;
      case 25:
        this.need(2);
        this.pos += 2;
        return this.view.getUint16(this.pos - 2);
      case 26:
        this.need(4);
        this.pos += 4;
        return this.view.getUint32(this.pos - 4);
      case 27: {
        this.need(8);
        this.pos += 8;
        const big = this.view.getBigUint64(this.pos - 8);
        return big <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(big) : big;
      }
      case 31:
        return -1;
      default:
        throw new ProtocolError(`reserved CBOR additional information ${info}`);
    }
  }

  private length(info: number): number {
    const n = this.argument(info);
    if (typeof n === 'bigint') throw new ProtocolError('CBOR length too large');
    return n;
  }

  private chunks(major: number, info: number): Uint8Array {
    const len = this.length(info);
    if (len >= 0) {
      this.need(len);
      this.pos += len;
      return this.bytes.subarray(this.pos - len, this.pos);
    }
    const parts: Uint8Array[] = [];
    for (;;) {
      this.need(1);
      const head = this.bytes[this.pos++] as number;
      if (head === 0xff) break;
      if (head >> 5 !== major || (head & 31) === 31) throw new ProtocolError('malformed indefinite string');
      parts.push(this.chunks(major, head & 31));
    }
    const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
    let at = 0;
    for (const p of parts) {
      out.set(p, at);
      at += p.length;
    }
    return out;
  }

  item(depth: number): CborItem | typeof BREAK {
    if (depth > MAX_DEPTH) throw new ProtocolError('CBOR nesting too deep');
    this.need(1);
    const head = this.bytes[this.pos++] as number;
    const major = head >> 5;
    const info = head & 31;
    switch (major) {
      case 0:
        if (info === 31) throw new ProtocolError('malformed CBOR integer');
        return this.argument(info);
      case 1: {
        if (info === 31) throw new ProtocolError('malformed CBOR integer');
        const n = this.argument(info);
        if (typeof n === 'bigint') return -1n - n;
        return n < Number.MAX_SAFE_INTEGER ? -1 - n : -1n - BigInt(n);
      }
      case 2:
        return this.chunks(2, info).slice();
      case 3:
        return text(this.chunks(3, info));
      case 4:
        return this.array(info, depth);
      case 5:
        return this.map(info, depth);
      case 6: {
        const tag = this.argument(info);
        if (info === 31 || typeof tag === 'bigint') throw new ProtocolError('malformed CBOR tag');
        const value = this.item(depth + 1);
        if (value === BREAK) throw new ProtocolError('unexpected CBOR break');
        return new Tagged(tag, value);
      }
      default:
        return this.simple(info);
    }
  }

  private array(info: number, depth: number): CborItem[] {
    const len = this.length(info);
    const out: CborItem[] = [];
    if (len >= 0) {
      // Every item takes at least one byte: a larger count is a lie, refuse it before allocating.
      this.need(len);
      for (let i = 0; i < len; i++) out.push(this.definite(depth));
      return out;
    }
    for (;;) {
      const v = this.item(depth + 1);
      if (v === BREAK) return out;
      out.push(v);
    }
  }

  private map(info: number, depth: number): Map<CborItem, CborItem> {
    const len = this.length(info);
    const out = new Map<CborItem, CborItem>();
    if (len >= 0) {
      this.need(len * 2);
      for (let i = 0; i < len; i++) out.set(this.definite(depth), this.definite(depth));
      return out;
    }
    for (;;) {
      const k = this.item(depth + 1);
      if (k === BREAK) return out;
      out.set(k, this.definite(depth));
    }
  }

  private definite(depth: number): CborItem {
    const v = this.item(depth + 1);
    if (v === BREAK) throw new ProtocolError('unexpected CBOR break');
    return v;
  }

  private simple(info: number): CborItem | typeof BREAK {
    switch (info) {
      case 20:
        return false;
      case 21:
        return true;
      case 22:
        return null;
      case 23:
        return undefined;
      case 24: {
        this.need(1);
        const v = this.bytes[this.pos++] as number;
        if (v < 32) throw new ProtocolError('malformed CBOR simple value');
        return new Simple(v);
      }
      case 25:
        this.need(2);
        this.pos += 2;
        return new FloatValue(halfToNumber(this.view.getUint16(this.pos - 2)), 16);
      case 26:
        this.need(4);
        this.pos += 4;
        return new FloatValue(this.view.getFloat32(this.pos - 4), 32);
      case 27:
        this.need(8);
        this.pos += 8;
        return new FloatValue(this.view.getFloat64(this.pos - 8), 64);
      case 31:
        return BREAK;
      default:
        if (info < 20) return new Simple(info);
        throw new ProtocolError(`reserved CBOR additional information ${info}`);
    }
  }
}

/** UTF-8 text; short ASCII (names, most values) skips TextDecoder, whose per-call cost dominates there. */
function text(bytes: Uint8Array): string {
  if (bytes.length <= 64) {
    let s = '';
    let i = 0;
    for (; i < bytes.length; i++) {
      const b = bytes[i] as number;
      if (b > 0x7f) break;
      s += String.fromCharCode(b);
    }
    if (i === bytes.length) return s;
  }
  try {
    return utf8.decode(bytes);
  } catch {
    throw new ProtocolError('invalid UTF-8 in a CBOR text string');
  }
}

function halfToNumber(half: number): number {
  const exp = (half >> 10) & 0x1f;
  const mant = half & 0x3ff;
  let v: number;
  if (exp === 0) v = mant * 2 ** -24;
  else if (exp !== 31) v = (mant + 1024) * 2 ** (exp - 25);
  else v = mant === 0 ? Number.POSITIVE_INFINITY : Number.NaN;
  return half & 0x8000 ? -v : v;
}
