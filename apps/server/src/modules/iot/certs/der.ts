/**
 * The small part of ASN.1 DER (ITU-T X.690) that certificates and certificate requests need: writing
 * tag-length-value items, and reading them back without interpretation. Node has X509Certificate but no CSR
 * parser and no certificate builder; this keeps both free of a dependency.
 */

export const TAG = {
  INTEGER: 0x02,
  BIT_STRING: 0x03,
  OCTET_STRING: 0x04,
  NULL: 0x05,
  OID: 0x06,
  UTF8_STRING: 0x0c,
  PRINTABLE_STRING: 0x13,
  UTC_TIME: 0x17,
  GENERALIZED_TIME: 0x18,
  SEQUENCE: 0x30,
  SET: 0x31,
} as const;

/** Context-specific constructed tag `[n]` (explicit tagging). */
export const contextTag = (n: number) => 0xa0 | n;

function lengthBytes(n: number): Buffer {
  if (n < 0x80) return Buffer.from([n]);
  const bytes: number[] = [];
  for (let v = n; v > 0; v = Math.floor(v / 256)) bytes.unshift(v & 0xff);
  return Buffer.from([0x80 | bytes.length, ...bytes]);
}

export function tlv(tag: number, content: Uint8Array): Buffer {
  return Buffer.concat([Buffer.from([tag]), lengthBytes(content.length), content]);
}

export const sequence = (...items: Uint8Array[]) => tlv(TAG.SEQUENCE, Buffer.concat(items));
export const set = (...items: Uint8Array[]) => tlv(TAG.SET, Buffer.concat(items));
export const explicit = (n: number, item: Uint8Array) => tlv(contextTag(n), item);
export const octetString = (bytes: Uint8Array) => tlv(TAG.OCTET_STRING, bytes);
export const utf8String = (text: string) => tlv(TAG.UTF8_STRING, Buffer.from(text, 'utf8'));
export const bool = (value: boolean) => tlv(0x01, Buffer.from([value ? 0xff : 0x00]));

/** A non-negative INTEGER from its big-endian magnitude (a leading zero keeps it positive). */
export function unsignedInteger(magnitude: Uint8Array): Buffer {
  let start = 0;
  while (start < magnitude.length - 1 && magnitude[start] === 0) start++;
  const bytes = Buffer.from(magnitude.subarray(start));
  return tlv(TAG.INTEGER, (bytes[0] ?? 0) & 0x80 ? Buffer.concat([Buffer.from([0]), bytes]) : bytes);
}

export const smallInteger = (n: number) => unsignedInteger(Buffer.from([n]));

/** A BIT STRING of whole bytes. */
export const bitString = (bytes: Uint8Array) => tlv(TAG.BIT_STRING, Buffer.concat([Buffer.from([0]), bytes]));

/** A BIT STRING holding named bits (bit 0 = the most significant bit of the first byte), as KeyUsage is. */
export function namedBits(bits: number[]): Buffer {
  const highest = Math.max(...bits);
  const bytes = Buffer.alloc(Math.floor(highest / 8) + 1);
  for (const b of bits) bytes[Math.floor(b / 8)] = (bytes[Math.floor(b / 8)] ?? 0) | (0x80 >> (b % 8));
  const unused = 7 - (highest % 8);
  return tlv(TAG.BIT_STRING, Buffer.concat([Buffer.from([unused]), bytes]));
}

export function oid(dotted: string): Buffer {
  const parts = dotted.split('.').map(Number);
  const [a = 0, b = 0, ...rest] = parts;
  const out: number[] = [a * 40 + b];
  for (const n of rest) {
    const chunk: number[] = [n & 0x7f];
    for (let v = Math.floor(n / 128); v > 0; v = Math.floor(v / 128)) chunk.unshift((v & 0x7f) | 0x80);
    out.push(...chunk);
  }
  return tlv(TAG.OID, Buffer.from(out));
}

/** UTCTime up to 2049, GeneralizedTime from 2050 (RFC 5280 4.1.2.5), in whole seconds. */
export function time(d: Date): Buffer {
  const iso = d.toISOString();
  const digits = `${iso.slice(0, 4)}${iso.slice(5, 7)}${iso.slice(8, 10)}${iso.slice(11, 13)}${iso.slice(14, 16)}${iso.slice(17, 19)}Z`;
  return d.getUTCFullYear() < 2050
    ? tlv(TAG.UTC_TIME, Buffer.from(digits.slice(2), 'ascii'))
    : tlv(TAG.GENERALIZED_TIME, Buffer.from(digits, 'ascii'));
}

/** One item read from DER: its tag, content, and the whole encoding (for signatures over it). */
export interface DerItem {
  tag: number;
  content: Buffer;
  raw: Buffer;
}

export class DerError extends Error {}

/** Reads the item at `offset`; throws DerError on anything malformed or truncated. */
export function readItem(buf: Buffer, offset = 0): DerItem & { end: number } {
  if (offset + 2 > buf.length) throw new DerError('truncated');
  const tag = buf[offset] as number;
  if ((tag & 0x1f) === 0x1f) throw new DerError('multi-byte tags are not used here');
  let len = buf[offset + 1] as number;
  let pos = offset + 2;
  if (len & 0x80) {
    const n = len & 0x7f;
    if (n === 0 || n > 3 || pos + n > buf.length) throw new DerError('bad length');
    len = 0;
    for (let i = 0; i < n; i++) len = len * 256 + (buf[pos + i] as number);
    pos += n;
    if (len < 0x80) throw new DerError('length not in its shortest form');
  }
  const end = pos + len;
  if (end > buf.length) throw new DerError('truncated');
  return { tag, content: buf.subarray(pos, end), raw: buf.subarray(offset, end), end };
}

/** The items inside a constructed item (SEQUENCE, SET, [n]). */
export function children(item: DerItem): DerItem[] {
  const out: DerItem[] = [];
  let pos = 0;
  while (pos < item.content.length) {
    const child = readItem(item.content, pos);
    out.push(child);
    pos = child.end;
  }
  return out;
}

/** Exactly one item filling `buf`. */
export function readWhole(buf: Buffer): DerItem {
  const item = readItem(buf, 0);
  if (item.end !== buf.length) throw new DerError('trailing bytes');
  return item;
}

export function oidText(item: DerItem): string {
  if (item.tag !== TAG.OID || item.content.length === 0) throw new DerError('an OID is expected');
  const bytes = item.content;
  const first = bytes[0] as number;
  const parts = [Math.min(2, Math.floor(first / 40)), first - Math.min(2, Math.floor(first / 40)) * 40];
  let n = 0;
  for (let i = 1; i < bytes.length; i++) {
    const b = bytes[i] as number;
    n = n * 128 + (b & 0x7f);
    if (!(b & 0x80)) {
      parts.push(n);
      n = 0;
    }
  }
  return parts.join('.');
}

/** The magnitude of a non-negative INTEGER, left-padded to `size` bytes. */
export function integerBytes(item: DerItem, size: number): Buffer {
  if (item.tag !== TAG.INTEGER) throw new DerError('an INTEGER is expected');
  let bytes = item.content;
  while (bytes.length > 1 && bytes[0] === 0) bytes = bytes.subarray(1);
  if (bytes.length > size) throw new DerError('integer too large');
  return Buffer.concat([Buffer.alloc(size - bytes.length), bytes]);
}

export function pem(label: string, der: Uint8Array): string {
  const b64 = Buffer.from(der).toString('base64');
  const lines = b64.match(/.{1,64}/g) ?? [];
  return `-----BEGIN ${label}-----\n${lines.join('\n')}\n-----END ${label}-----\n`;
}

/** The bytes of the first PEM block with one of `labels`, or null. */
export function fromPem(text: string, labels: string[]): Buffer | null {
  const m = /-----BEGIN ([A-Z0-9 ]+)-----([\s\S]*?)-----END \1-----/.exec(text);
  if (!m || !labels.includes(m[1] as string)) return null;
  const body = (m[2] as string).replace(/\s+/g, '');
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(body)) return null;
  return Buffer.from(body, 'base64');
}
