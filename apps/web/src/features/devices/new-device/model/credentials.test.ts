import { describe, expect, it } from 'vitest';
import {
  arduinoSecretsHeader,
  credentialsFile,
  credentialsFileName,
  simulatorCommand,
} from './credentials.ts';
import { transportFor } from './web-transports.ts';

const c = { deviceId: 'd-1', deviceName: 'esp.1@lab', secretKey: 'k"e\\y' };

describe('what a new device is given', () => {
  it('escapes the key in arduino_secrets.h and names the TLS broker when there is one', () => {
    const header = arduinoSecretsHeader(c, {
      url: 'mqtt://h:1883',
      tlsUrl: 'mqtts://iot.example.org:8884',
      wsUrl: null,
    });
    expect(header).toContain('#define SECRET_DEVICE_KEY "k\\"e\\\\y"');
    expect(header).toContain('#define SECRET_BROKER_ADDRESS "iot.example.org"');
    expect(header).toContain('#define SECRET_BROKER_PORT 8884');
    expect(arduinoSecretsHeader(c)).not.toContain('SECRET_BROKER');
  });

  it('puts every address in the credentials file and keeps the file name safe', () => {
    const file = credentialsFile(c, { url: 'mqtt://h:1885', tlsUrl: null, wsUrl: 'ws://h/mqtt' });
    expect(file).toContain('Secret key: k"e\\y');
    expect(file).toContain('MQTT broker: mqtt://h:1885');
    expect(file).toContain('MQTT over WebSocket: ws://h/mqtt');
    expect(credentialsFileName(c)).toBe('esp.1_lab-credentials.txt');
    expect(simulatorCommand(c, undefined)).toBe('npm run device -- --device-id d-1 --secret-key k"e\\y');
  });
});

describe('transportFor', () => {
  const storage = () => {
    const m = new Map<string, string>();
    return {
      getItem: (k: string) => m.get(k) ?? null,
      setItem: (k: string, v: string) => void m.set(k, v),
    } as unknown as Storage;
  };

  it('uses the link’s transport when the browser has it, and USB when the flag forces it', () => {
    const s = storage();
    expect(transportFor('ble', { serial: true, bluetooth: false }, s)).toEqual({
      transport: 'ble',
      available: false,
      forced: false,
      anyBoard: false,
    });
    s.setItem('provisioning-force-webserial', 'true');
    expect(transportFor('ble', { serial: true, bluetooth: false }, s)).toMatchObject({
      transport: 'serial',
      available: true,
      forced: true,
    });
  });
});
