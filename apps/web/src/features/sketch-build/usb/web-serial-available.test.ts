import { describe, expect, it, vi } from 'vitest';
import { FakeSerialPort } from './testing/fake-serial-port.ts';
import { canUseWebSerial, requestSerialPort } from './web-serial-available.ts';

const storageWith = (entries: Record<string, string>) => {
  const s = new Map(Object.entries(entries));
  return { getItem: (k: string) => s.get(k) ?? null } as Storage;
};
const navWith = (requestPort: () => Promise<FakeSerialPort>) =>
  ({ serial: { requestPort } }) as unknown as Navigator;

describe('canUseWebSerial', () => {
  const on = storageWith({ 'provisioning-force-webserial': 'true' });
  it('needs both the switch and Web Serial', () => {
    const nav = navWith(async () => new FakeSerialPort());
    expect(canUseWebSerial(nav, on)).toBe(true);
    expect(canUseWebSerial(nav, storageWith({}))).toBe(false);
    expect(canUseWebSerial({} as Navigator, on)).toBe(false);
    expect(canUseWebSerial(undefined, on)).toBe(false);
  });
});

describe('requestSerialPort', () => {
  it('gives the chosen port, with the filters passed on', async () => {
    const port = new FakeSerialPort();
    const requestPort = vi.fn(async () => port);
    const filters = [{ usbVendorId: 0x2341 }];
    await expect(requestSerialPort({ filters }, navWith(requestPort))).resolves.toBe(port);
    expect(requestPort).toHaveBeenCalledWith({ filters });
  });

  it('gives null when the user closed the picker', async () => {
    const nav = navWith(async () => {
      throw new DOMException('No port selected by the user.', 'NotFoundError');
    });
    await expect(requestSerialPort({}, nav)).resolves.toBeNull();
  });

  it('passes other errors on', async () => {
    const nav = navWith(async () => {
      throw new DOMException('Not allowed.', 'SecurityError');
    });
    await expect(requestSerialPort({}, nav)).rejects.toMatchObject({ name: 'SecurityError' });
  });

  it('says so when the browser has no Web Serial', async () => {
    await expect(requestSerialPort({}, {} as Navigator)).rejects.toThrow(/Chrome or Edge/);
  });
});
