import {
  CONTROL,
  controlPacket,
  encodePacket,
  PACKET_TYPE,
  PacketParser,
  type ParsedPacket,
} from './packet.ts';

export interface PacketLinkEvents {
  /** A DATA packet's payload (a CBOR message). */
  data(payload: Uint8Array): void;
  /** A transmission-control packet other than NAK (connect, disconnect, or a code this side ignores). */
  control?(code: number): void;
  /** A malformed packet was received (already answered with NAK). */
  malformed?(reason: string): void;
}

/**
 * One end of the board configuration protocol's packet layer, the same for the app and the board: frames
 * what it sends, parses what it receives, answers a malformed packet with NAK and resends its last packet
 * when the other end asks with NAK.
 */
export class PacketLink {
  private readonly parser: PacketParser;
  private last: Uint8Array | null = null;

  constructor(
    private readonly write: (bytes: Uint8Array) => Promise<void> | void,
    private readonly events: PacketLinkEvents,
    now?: () => number,
  ) {
    this.parser = new PacketParser(now);
  }

  receive(chunk: Uint8Array) {
    for (const parsed of this.parser.push(chunk)) this.handle(parsed);
  }

  private handle(parsed: ParsedPacket) {
    if (parsed.kind === 'malformed') {
      void this.write(controlPacket(CONTROL.nak));
      this.events.malformed?.(parsed.reason);
      return;
    }
    if (parsed.type === PACKET_TYPE.data) {
      this.events.data(parsed.payload);
      return;
    }
    const code = parsed.payload.length === 1 ? (parsed.payload[0] as number) : -1;
    if (code === CONTROL.nak) {
      if (this.last) void this.write(this.last);
      return;
    }
    this.events.control?.(code);
  }

  sendData(payload: Uint8Array) {
    return this.sendPacket(encodePacket(PACKET_TYPE.data, payload));
  }

  sendControl(code: number) {
    if (code === CONTROL.nak) return this.write(controlPacket(code));
    return this.sendPacket(controlPacket(code));
  }

  private sendPacket(packet: Uint8Array) {
    this.last = packet;
    return this.write(packet);
  }

  /** Drops a partial packet and the packet kept for a resend (a new session starts clean). */
  reset() {
    this.parser.clear();
    this.last = null;
  }
}
