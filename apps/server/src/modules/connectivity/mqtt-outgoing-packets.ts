/**
 * A hook in front of mqtt.js's packet writer (`MqttClient._sendPacket`, not in its public API), so the server
 * can hold back the PUBACK of a message until that message is committed. mqtt.js acknowledges a QoS 1 message
 * as soon as its `message` listeners ran, and parses the next incoming packet only once that PUBACK's write
 * callback ran: holding the callback holds the reader too. Nothing else in the server reaches into mqtt.js;
 * `mqtt-outgoing-packets.test.ts` runs a real broker and client and fails when an upgrade changes either.
 */
import type { MqttClient } from 'mqtt';

export interface OutgoingPacket {
  /** The packet as mqtt.js built it (`cmd`, and `messageId` for acknowledgements). */
  packet: { cmd: string; messageId?: number };
  /** Writes the packet now; `written` runs once it is written (or stored, when offline). */
  send(written?: () => void): void;
  /**
   * What mqtt.js asked to run once the packet is written. For the acknowledgement of a received message it
   * resumes reading incoming packets: until it runs, no further message is parsed.
   */
  written: (() => void) | undefined;
}

type SendPacket = (packet: OutgoingPacket['packet'], cb?: () => void, ...rest: unknown[]) => void;

/**
 * Routes every packet the client sends through `intercept`, which decides when (and whether) to `send` it and
 * when to run `written`. An intercept that does neither drops the packet and stalls the reader: call both.
 */
export function interceptOutgoingPackets(client: MqttClient, intercept: (outgoing: OutgoingPacket) => void) {
  const raw = client as unknown as { _sendPacket?: unknown };
  if (typeof raw._sendPacket !== 'function') {
    throw new Error(
      'mqtt.js has no `_sendPacket` any more: update mqtt-outgoing-packets.ts for this mqtt.js version',
    );
  }
  const original = (raw._sendPacket as SendPacket).bind(client);
  const replacement: SendPacket = (packet, cb, ...rest) => {
    intercept({ packet, written: cb, send: (written) => original(packet, written, ...rest) });
  };
  raw._sendPacket = replacement;
}
