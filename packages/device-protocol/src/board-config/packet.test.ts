import { describe, expect, it } from 'vitest';
import { hex, toHex } from '../testing/hex.ts';
import { crc16X25 } from './crc16.ts';
import { PacketLink } from './link.ts';
import { CONTROL, controlPacket, encodePacket, PACKET_TYPE, PacketParser } from './packet.ts';

const ascii = (s: string) => new TextEncoder().encode(s);

describe('CRC-16/X-25', () => {
  it('matches the catalogue check value and known vectors', () => {
    expect(crc16X25(ascii('123456789'))).toBe(0x906e);
    expect(crc16X25(new Uint8Array(0))).toBe(0x0000);
    expect(crc16X25(Uint8Array.of(0x01))).toBe(0xe1f1);
    expect(crc16X25(ascii('A'))).toBe(0xa3f5);
  });
});

describe('packet framing', () => {
  it('frames a connect control packet as the library does', () => {
    // 55 AA, type 3, length 3 (1 + 2 CRC), payload 01, CRC-16/X-25 of 01 = E1F1, AA 55.
    expect(toHex(controlPacket(CONTROL.connect))).toBe('55 AA 03 00 03 01 E1 F1 AA 55');
  });

  it('frames a data packet with its length and CRC big-endian', () => {
    const payload = ascii('123456789');
    expect(toHex(encodePacket(PACKET_TYPE.data, payload))).toBe(
      `55 AA 02 00 0B ${toHex(payload)} 90 6E AA 55`,
    );
  });
});

describe('PacketParser', () => {
  const packet = encodePacket(PACKET_TYPE.data, ascii('hello board'));

  it('reads a packet split into single bytes', () => {
    const parser = new PacketParser();
    const out = [...packet].flatMap((b) => parser.push(Uint8Array.of(b)));
    expect(out).toEqual([{ kind: 'packet', type: PACKET_TYPE.data, payload: ascii('hello board') }]);
  });

  it('reads merged packets, skipping text printed around them and a split start marker', () => {
    const parser = new PacketParser();
    const nak = controlPacket(CONTROL.nak);
    const stream = new Uint8Array([...ascii('[DBG] boot\r\n'), ...packet, ...ascii('x'), ...nak, ...packet]);
    const cut = 12 + packet.length + 1 + 1; // inside the NAK's start marker
    const out = [...parser.push(stream.slice(0, cut)), ...parser.push(stream.slice(cut))];
    expect(out.map((p) => (p.kind === 'packet' ? `${p.type}:${p.payload.length}` : p.kind))).toEqual([
      '2:11',
      '3:1',
      '2:11',
    ]);
  });

  it('reports a bad CRC, a bad end marker and an unknown type as malformed, then reads on', () => {
    const parser = new PacketParser();
    const badCrc = packet.slice();
    badCrc[packet.length - 3] = (badCrc[packet.length - 3] as number) ^ 0xff;
    const badEnd = packet.slice();
    badEnd[packet.length - 1] = 0x00;
    const badType = hex('55 AA 07 00 03 01 E1 F1 AA 55');
    const out = parser.push(new Uint8Array([...badCrc, ...badEnd, ...badType, ...packet]));
    expect(out).toEqual([
      { kind: 'malformed', reason: 'CRC mismatch' },
      { kind: 'malformed', reason: 'missing end marker' },
      { kind: 'malformed', reason: 'unknown packet type 7' },
      { kind: 'packet', type: PACKET_TYPE.data, payload: ascii('hello board') },
    ]);
  });

  it('refuses an impossible length at once instead of waiting for it', () => {
    const parser = new PacketParser();
    expect(parser.push(hex('55 AA 02 FF FF'))).toEqual([
      { kind: 'malformed', reason: 'impossible packet length 65535' },
    ]);
    expect(parser.push(hex('55 AA 02 00 01'))).toEqual([
      { kind: 'malformed', reason: 'impossible packet length 1' },
    ]);
  });

  it('drops a partial packet older than 10 s', () => {
    let now = 0;
    const parser = new PacketParser(() => now);
    expect(parser.push(packet.slice(0, 8))).toEqual([]);
    now = 10_001;
    // The rest alone is no packet: the stale head was forgotten.
    expect(parser.push(packet.slice(8))).toEqual([]);
    now = 10_002;
    expect(parser.push(packet)).toHaveLength(1);
    // Within 10 s a split packet is still joined.
    expect(parser.push(packet.slice(0, 8))).toEqual([]);
    now = 19_000;
    expect(parser.push(packet.slice(8))).toHaveLength(1);
  });
});

describe('PacketLink', () => {
  const pair = () => {
    const sentByA: Uint8Array[] = [];
    const dataAtA: Uint8Array[] = [];
    const malformed: string[] = [];
    const a = new PacketLink((b) => void sentByA.push(b), {
      data: (p) => dataAtA.push(p),
      malformed: (r) => malformed.push(r),
    });
    return { a, sentByA, dataAtA, malformed };
  };

  it('answers a malformed packet with NAK', () => {
    const { a, sentByA, malformed } = pair();
    const bad = encodePacket(PACKET_TYPE.data, ascii('x'));
    bad[5] = 0x79;
    a.receive(bad);
    expect(sentByA.map(toHex)).toEqual([toHex(controlPacket(CONTROL.nak))]);
    expect(malformed).toEqual(['CRC mismatch']);
  });

  it('resends its last packet when the other end sends NAK, and a NAK itself is never the one resent', () => {
    const { a, sentByA } = pair();
    void a.sendData(ascii('first'));
    void a.sendData(ascii('second'));
    const bad = encodePacket(PACKET_TYPE.data, ascii('x'));
    bad[6] = (bad[6] as number) ^ 1;
    a.receive(bad); // a answers NAK
    a.receive(controlPacket(CONTROL.nak)); // and is asked to resend
    expect(sentByA.map(toHex)).toEqual([
      toHex(encodePacket(PACKET_TYPE.data, ascii('first'))),
      toHex(encodePacket(PACKET_TYPE.data, ascii('second'))),
      toHex(controlPacket(CONTROL.nak)),
      toHex(encodePacket(PACKET_TYPE.data, ascii('second'))),
    ]);
  });

  it('passes data payloads and control codes on', () => {
    const controls: number[] = [];
    const data: string[] = [];
    const link = new PacketLink(() => {}, {
      data: (p) => data.push(new TextDecoder().decode(p)),
      control: (c) => controls.push(c),
    });
    link.receive(
      new Uint8Array([
        ...controlPacket(CONTROL.connect),
        ...encodePacket(PACKET_TYPE.data, ascii('hi')),
        ...controlPacket(CONTROL.disconnect),
      ]),
    );
    expect(controls).toEqual([CONTROL.connect, CONTROL.disconnect]);
    expect(data).toEqual(['hi']);
  });
});
