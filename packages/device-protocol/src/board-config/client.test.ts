import { afterEach, describe, expect, it, vi } from 'vitest';
import { toHex } from '../testing/hex.ts';
import { BoardConfigClient, BoardSilentError, BoardStatusError } from './client.ts';
import { simulatedBoardPipe } from './memory-pipe.ts';
import { BOARD_STATUS, encodeAppMessage, encodeBoardMessage } from './messages.ts';
import { CONTROL, controlPacket, encodePacket, PACKET_TYPE } from './packet.ts';
import { SIMULATED_JWT, SIMULATED_UHWID } from './simulated-board.ts';

const uhwidHex = Array.from(SIMULATED_UHWID, (b) => b.toString(16).padStart(2, '0')).join('');

function setUp(options: Parameters<typeof simulatedBoardPipe>[0] = {}) {
  const pipe = simulatedBoardPipe({ stepMs: 5, ...options });
  const statuses: number[] = [];
  const client = new BoardConfigClient(pipe.write, { onStatus: (s) => statuses.push(s), ...clientTimes });
  pipe.onBoardBytes((bytes) => client.receive(bytes));
  return { ...pipe, client, statuses };
}
let clientTimes = {};

afterEach(() => {
  vi.useRealTimers();
  clientTimes = {};
});

describe('BoardConfigClient against the simulated board', () => {
  it('connects, reads the id and JWT, the firmware version, scans, and joins a network', async () => {
    const { client, board, statuses } = setUp();
    await client.connect();
    expect(await client.identify()).toEqual({ uniqueHardwareId: uhwidHex, jwt: SIMULATED_JWT });
    expect(uhwidHex).toHaveLength(64);
    expect(await client.wifiFirmwareVersion()).toBe('0.5.2');
    // Strongest first; the hidden network is not listed.
    expect(await client.scan()).toEqual([
      { ssid: 'Workshop', rssi: -48 },
      { ssid: 'Greenhouse 2.4G', rssi: -67 },
      { ssid: 'Guest', rssi: -80 },
    ]);
    await client.configureWifi('Workshop', 'solder-and-coffee', 1764179200);
    expect(statuses).toEqual([BOARD_STATUS.scanning, BOARD_STATUS.connecting, BOARD_STATUS.connected]);
    expect(board.timestamp).toBe(1764179200);
    expect(board.settings).toEqual({ ssid: 'Workshop', password: 'solder-and-coffee' });
    expect(board.joined).toBe('Workshop');
    await client.disconnect();
    expect(board.connected).toBe(false);
  });

  it('a wrong password fails with the status in words, and trying again with the right one works', async () => {
    const { client, board, statuses } = setUp();
    await client.connect();
    const failed = await client.configureWifi('Guest', 'nope').catch((e: unknown) => e);
    expect(failed).toBeInstanceOf(BoardStatusError);
    expect((failed as BoardStatusError).status).toBe(-1);
    expect((failed as Error).message).toMatch(/failed to connect to the network/);
    expect(board.joined).toBeNull();
    await client.configureWifi('Guest', 'welcome123');
    expect(statuses).toEqual([1, -1, 1, 2]);
    expect(board.joined).toBe('Guest');
  });

  it('a hidden network, typed in, can be joined', async () => {
    const { client, board } = setUp();
    await client.connect();
    await client.configureWifi('Attic', 'up-the-stairs');
    expect(board.joined).toBe('Attic');
  });

  it('the board ignores data before the connect packet: the request fails after 10 s of silence', async () => {
    vi.useFakeTimers();
    const { client, board } = setUp();
    const asked = client.identify().catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(9_999);
    expect(board.received).toEqual([]);
    await vi.advanceTimersByTimeAsync(2);
    const error = await asked;
    expect(error).toBeInstanceOf(BoardSilentError);
    expect((error as Error).message).toMatch(/did not answer for 10 seconds/);
  });

  it('a board without the configurator sketch is reported silent', async () => {
    vi.useFakeTimers();
    const { client } = setUp({ silent: true });
    await client.connect();
    const asked = client.scan().catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(10_001);
    expect(await asked).toBeInstanceOf(BoardSilentError);
  });

  it('answers a corrupted packet from the board with NAK and resends its own last packet on NAK', async () => {
    const { client, written } = setUp();
    await client.connect();
    const bad = encodePacket(PACKET_TYPE.data, encodeBoardMessage({ type: 'status', status: 2 }));
    bad[bad.length - 3] = (bad[bad.length - 3] as number) ^ 0x55;
    client.receive(bad);
    expect(toHex(written.at(-1) as Uint8Array)).toBe(toHex(controlPacket(CONTROL.nak)));
    client.receive(controlPacket(CONTROL.nak));
    expect(toHex(written.at(-1) as Uint8Array)).toBe(toHex(controlPacket(CONTROL.connect)));
  });

  it('the simulated board answers a corrupted packet with NAK, an unreadable message with -5, CONNECT without settings with -4', async () => {
    const pipe = simulatedBoardPipe({ stepMs: 1 });
    const received: number[] = [];
    pipe.onBoardBytes((b) => received.push(...b));
    const settle = () => new Promise((r) => setTimeout(r, 10));
    await pipe.write(controlPacket(CONTROL.connect));
    const bad = encodePacket(PACKET_TYPE.data, encodeAppMessage({ type: 'command', command: 2 }));
    bad[6] = (bad[6] as number) ^ 0x01;
    await pipe.write(bad);
    await settle();
    expect(toHex(Uint8Array.from(received))).toBe(toHex(controlPacket(CONTROL.nak)));
    expect(pipe.board.received).toEqual([]);
    await pipe.write(encodePacket(PACKET_TYPE.data, Uint8Array.of(0x81, 0x02))); // no tag
    await pipe.write(encodePacket(PACKET_TYPE.data, encodeAppMessage({ type: 'command', command: 1 })));
    await settle();
    expect(pipe.board.sent).toEqual([
      { type: 'status', status: BOARD_STATUS.invalidParams },
      { type: 'status', status: BOARD_STATUS.paramsNotFound },
    ]);
  });

  it('only one request at a time, and none after the session closed', async () => {
    const { client } = setUp();
    await client.connect();
    const first = client.scan();
    await expect(client.identify()).rejects.toThrow(/in progress/);
    await first;
    client.close(new Error('The board was unplugged.'));
    await expect(client.scan()).rejects.toThrow('The board was unplugged.');
  });
});
