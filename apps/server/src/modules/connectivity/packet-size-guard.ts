import type { Duplex } from 'node:stream';

/**
 * Follows the MQTT packets in a byte stream, reading only each fixed header (the type byte, then the
 * remaining length in 1 to 4 bytes of 7 bits) and skipping the rest. `feed` answers the size of the first
 * packet over `maxBytes` as soon as its header says so, long before its body arrives; -1 for a malformed
 * length (a fifth length byte), which no MQTT packet has.
 */
export function createPacketScanner(maxBytes: number) {
  let skip = 0; // body bytes of the current packet still to pass
  let lengthBytes = -1; // -1: the next byte is a type byte; 0 to 3: length bytes read so far
  let length = 0;
  let multiplier = 1;

  return {
    feed(chunk: Uint8Array): number | null {
      let i = 0;
      while (i < chunk.length) {
        if (skip > 0) {
          const n = Math.min(skip, chunk.length - i);
          skip -= n;
          i += n;
          continue;
        }
        const byte = chunk[i++] as number;
        if (lengthBytes === -1) {
          lengthBytes = 0;
          length = 0;
          multiplier = 1;
          continue;
        }
        length += (byte & 0x7f) * multiplier;
        multiplier *= 128;
        lengthBytes += 1;
        if (byte & 0x80) {
          if (lengthBytes === 4) return -1;
          continue;
        }
        const total = 1 + lengthBytes + length;
        if (total > maxBytes) return total;
        skip = length;
        lengthBytes = -1;
      }
      return null;
    },
  };
}

/**
 * Ends a connection whose client sends a packet larger than `maxBytes`, before the broker buffers it.
 *
 * Aedes has no maximum packet size: its parser (mqtt-packet) collects a whole packet before anything checks
 * it, so one 64 MB PUBLISH costs well over 64 MB of memory. Aedes reads a connection only through
 * `conn.read()` (on 'readable'), so this wraps that one method: every byte the broker gets passes the
 * scanner first, and on a packet too large the connection is destroyed and the broker is handed nothing.
 * The socket's own buffer holds at most its high-water mark meanwhile. MQTT 3.1.1 has no way to refuse one
 * packet, so closing is the answer (as Mosquitto's `max_packet_size` does).
 */
export function guardPacketSize(conn: Duplex, maxBytes: number, onTooLarge: (bytes: number) => void): void {
  const scanner = createPacketScanner(maxBytes);
  const read = conn.read.bind(conn);
  let refused = false;
  conn.read = (size?: number) => {
    if (refused) return null;
    const chunk: unknown = read(size);
    if (chunk instanceof Uint8Array) {
      const over = scanner.feed(chunk);
      if (over !== null) {
        refused = true;
        onTooLarge(over);
        conn.destroy();
        return null;
      }
    }
    return chunk;
  };
}
