import {
  BLE_CONFIG_SERVICE,
  BLE_INPUT_CHARACTERISTIC,
  BoardConfigClient,
  simulatedBoardPipe,
} from '@tinkercloud/device-protocol/board-config';
import { describe, expect, it, vi } from 'vitest';
import type { TransportPlan } from './web-transports.ts';
import { BOARD_LOST, requestBoard } from './web-transports-dom.ts';

const BLE: TransportPlan = { transport: 'ble', available: true, forced: false, anyBoard: false };

/** A Web Bluetooth `navigator.bluetooth` whose one device is a simulated board behind the library's GATT service. */
function simulatedBluetooth() {
  const pipe = simulatedBoardPipe({ stepMs: 1 });
  const writes: Uint8Array[] = [];
  const output = Object.assign(new EventTarget(), {
    value: null as DataView | null,
    startNotifications: vi.fn(async () => {
      pipe.onBoardBytes((bytes) => {
        output.value = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
        output.dispatchEvent(new Event('characteristicvaluechanged'));
      });
    }),
    stopNotifications: vi.fn(async () => {}),
  });
  const input = {
    writeValueWithResponse: async (chunk: Uint8Array) => {
      writes.push(chunk);
      await pipe.write(chunk);
    },
  };
  const device = Object.assign(new EventTarget(), {
    name: 'Arduino-2341-1002',
    gatt: {
      connected: true,
      connect: async () => ({
        getPrimaryService: async (uuid: string) => {
          if (uuid !== BLE_CONFIG_SERVICE) throw new DOMException('No such service.', 'NotFoundError');
          return {
            getCharacteristic: async (c: string) => (c === BLE_INPUT_CHARACTERISTIC ? input : output),
          };
        },
      }),
      disconnect: vi.fn(),
    },
  });
  const requestDevice = vi.fn(async (_options: unknown) => device);
  return {
    nav: { bluetooth: { requestDevice } } as unknown as Navigator,
    requestDevice,
    device,
    output,
    writes,
    pipe,
  };
}

describe('Web Bluetooth transport', () => {
  it("asks for Arduino boards with the configurator's service and speaks the protocol over its characteristics", async () => {
    const bt = simulatedBluetooth();
    const picked = await requestBoard(BLE, bt.nav);
    expect(picked.label).toBe('Bluetooth Arduino-2341-1002');
    expect(bt.requestDevice).toHaveBeenCalledWith({
      filters: [{ namePrefix: 'Arduino' }],
      optionalServices: [BLE_CONFIG_SERVICE],
    });
    let client: BoardConfigClient | null = null;
    const lost = vi.fn();
    const port = await picked.open({ bytes: (b) => client?.receive(b), lost });
    expect(bt.output.startNotifications).toHaveBeenCalled();
    client = new BoardConfigClient(port.write);
    await client.connect();
    expect((await client.identify()).uniqueHardwareId).toHaveLength(64);
    // The longest settings make a packet of more than one write, each within 64 bytes.
    const ssid = 'Attic'.padEnd(32, '_');
    bt.writes.length = 0;
    await client.configureWifi(ssid, 'p'.repeat(63)).catch(() => {});
    expect(bt.writes.length).toBeGreaterThan(2);
    expect(Math.max(...bt.writes.map((w) => w.length))).toBe(64);
    expect(bt.pipe.board.settings).toEqual({ ssid, password: 'p'.repeat(63) });

    // Going out of range is reported once; closing on purpose is not.
    bt.device.dispatchEvent(new Event('gattserverdisconnected'));
    expect(lost).toHaveBeenCalledWith(new Error(BOARD_LOST));
    await port.close();
    expect(bt.device.gatt.disconnect).toHaveBeenCalled();
    bt.device.dispatchEvent(new Event('gattserverdisconnected'));
    expect(lost).toHaveBeenCalledTimes(1);
  });

  it('without the known-board filter any device is offered; a device without the service is refused clearly', async () => {
    const bt = simulatedBluetooth();
    const picked = await requestBoard({ ...BLE, anyBoard: true }, bt.nav);
    expect(bt.requestDevice).toHaveBeenCalledWith({
      acceptAllDevices: true,
      optionalServices: [BLE_CONFIG_SERVICE],
    });
    bt.device.gatt.connect = async () => ({
      getPrimaryService: async () => {
        throw new DOMException('No such service.', 'NotFoundError');
      },
    });
    await expect(picked.open({ bytes: () => {}, lost: () => {} })).rejects.toThrow(
      /does not offer the board configuration service/,
    );
    expect(bt.device.gatt.disconnect).toHaveBeenCalled();
  });
});

describe('Web Serial transport', () => {
  it('without the known-board filter the port picker lists every device', async () => {
    const requestPort = vi.fn(async () => ({ getInfo: () => ({}) }));
    const picked = await requestBoard(
      { transport: 'serial', available: true, forced: false, anyBoard: true },
      { serial: { requestPort } } as unknown as Navigator,
    );
    expect(requestPort).toHaveBeenCalledWith({});
    expect(picked.label).toBe('USB ????:????');
  });
});
