import { crc16X25 } from './crc16.ts';

/**
 * Framing of the board configuration protocol (Arduino_NetworkConfigurator, "provisioning 2.0"):
 * `55 AA`, type, length (2 bytes big-endian = payload length + 2), payload, CRC-16/X-25 of the payload
 * (2 bytes big-endian), `AA 55`. Both ends frame the same way.
 */
export const PACKET_TYPE = { data: 0x02, transmissionControl: 0x03 } as const;
export type PacketType = (typeof PACKET_TYPE)[keyof typeof PACKET_TYPE];

/** The one-byte payloads of a transmission-control packet. */
export const CONTROL = { connect: 0x01, disconnect: 0x02, nak: 0x03 } as const;

const START = [0x55, 0xaa] as const;
const END = [0xaa, 0x55] as const;
const HEADER_SIZE = 5;
const CRC_SIZE = 2;
const TRAILER_SIZE = CRC_SIZE + END.length;
/** Bytes of a packet left unfinished this long are dropped, as the library's receiver does. */
export const PARTIAL_PACKET_TTL_MS = 10_000;
/**
 * Larger than any message of the protocol (a JWT is a few hundred bytes, a scan result about 40 bytes a
 * network): a bigger announced length is a corrupted header, refused at once rather than waited for.
 */
export const MAX_PAYLOAD = 4096;

export function encodePacket(type: PacketType, payload: Uint8Array): Uint8Array {
  if (payload.length > MAX_PAYLOAD) throw new RangeError(`payload of ${payload.length} bytes is too large`);
  const out = new Uint8Array(HEADER_SIZE + payload.length + TRAILER_SIZE);
  const length = payload.length + CRC_SIZE;
  const crc = crc16X25(payload);
  out.set([START[0], START[1], type, length >> 8, length & 0xff]);
  out.set(payload, HEADER_SIZE);
  out.set([crc >> 8, crc & 0xff, END[0], END[1]], HEADER_SIZE + payload.length);
  return out;
}

export const controlPacket = (code: number) =>
  encodePacket(PACKET_TYPE.transmissionControl, Uint8Array.of(code));

export type ParsedPacket =
  | { kind: 'packet'; type: PacketType; payload: Uint8Array }
  /** A start marker followed by a bad type, length, CRC or end marker: the receiver answers NAK. */
  | { kind: 'malformed'; reason: string };

/**
 * An incremental packet parser. Bytes may arrive split or merged in any way; bytes outside a packet (a
 * sketch's debug prints on the same serial port) are skipped until the next start marker; a malformed
 * packet is reported once and the search goes on from the byte after its start marker.
 */
export class PacketParser {
  private buf = new Uint8Array(0);
  private lastByteAt = 0;

  constructor(private readonly now: () => number = Date.now) {}

  push(chunk: Uint8Array): ParsedPacket[] {
    const at = this.now();
    if (this.buf.length > 0 && at - this.lastByteAt > PARTIAL_PACKET_TTL_MS) this.buf = new Uint8Array(0);
    this.lastByteAt = at;
    const joined = new Uint8Array(this.buf.length + chunk.length);
    joined.set(this.buf);
    joined.set(chunk, this.buf.length);

    const out: ParsedPacket[] = [];
    let pos = 0;
    for (;;) {
      const start = findStart(joined, pos);
      if (start < 0) {
        // Keep a trailing 0x55: it may be the first half of a start marker split across chunks.
        pos =
          joined.length > pos && joined[joined.length - 1] === START[0] ? joined.length - 1 : joined.length;
        break;
      }
      pos = start;
      if (joined.length - pos < HEADER_SIZE) break;
      const type = joined[pos + 2] as number;
      const length = ((joined[pos + 3] as number) << 8) | (joined[pos + 4] as number);
      if (type !== PACKET_TYPE.data && type !== PACKET_TYPE.transmissionControl) {
        out.push({ kind: 'malformed', reason: `unknown packet type ${type}` });
        pos += START.length;
        continue;
      }
      if (length < CRC_SIZE || length - CRC_SIZE > MAX_PAYLOAD) {
        out.push({ kind: 'malformed', reason: `impossible packet length ${length}` });
        pos += START.length;
        continue;
      }
      const payloadLength = length - CRC_SIZE;
      const total = HEADER_SIZE + payloadLength + TRAILER_SIZE;
      if (joined.length - pos < total) break;
      const payload = joined.slice(pos + HEADER_SIZE, pos + HEADER_SIZE + payloadLength);
      const t = pos + HEADER_SIZE + payloadLength;
      const crc = ((joined[t] as number) << 8) | (joined[t + 1] as number);
      if (joined[t + 2] !== END[0] || joined[t + 3] !== END[1]) {
        out.push({ kind: 'malformed', reason: 'missing end marker' });
        pos += START.length;
        continue;
      }
      if (crc !== crc16X25(payload)) {
        out.push({ kind: 'malformed', reason: 'CRC mismatch' });
        pos += START.length;
        continue;
      }
      out.push({ kind: 'packet', type, payload });
      pos += total;
    }
    this.buf = joined.slice(pos);
    return out;
  }

  /** Forgets any partial packet (on connect and disconnect). */
  clear() {
    this.buf = new Uint8Array(0);
  }
}

function findStart(bytes: Uint8Array, from: number): number {
  for (let i = from; i + 1 < bytes.length; i++)
    if (bytes[i] === START[0] && bytes[i + 1] === START[1]) return i;
  return -1;
}
