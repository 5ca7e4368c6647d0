import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import type { Certificates } from './certificates.ts';
import { tlsStartupLines } from './startup-lines.ts';

const certificates = {
  server: null,
  mqtt: null,
  caFile: '/srv/tc/data/tls/ca.pem',
  close() {},
} as Certificates;

describe('the TLS lines printed at start', () => {
  it('name the HTTPS address, the CA, the DNS names to add and the arduino-iot-js settings', async () => {
    const config = loadConfig({ PUBLIC_URL: 'http://tc-startup.invalid:8080' });
    expect(await tlsStartupLines(config, { httpsPort: 8443, certificates }, 8884)).toEqual([
      'HTTPS: https://tc-startup.invalid:8443/ (MQTT over WebSocket: wss://tc-startup.invalid:8443/mqtt)',
      'Trust this CA (local, made for this server): /srv/tc/data/tls/ca.pem',
      'Add DNS names (or hosts-file lines): <address of tc-startup.invalid> tc-startup.invalid, ' +
        '<address of tc-startup.invalid> mqtts-up.tc-startup.invalid, <address of tc-startup.invalid> wss.tc-startup.invalid',
      'arduino-iot-js: host "tc-startup.invalid", port 8884 (device) or 8443 (application), with NODE_EXTRA_CA_CERTS=/srv/tc/data/tls/ca.pem',
    ]);
  });

  it('say that arduino-iot-js needs a host name when PUBLIC_URL has an address', async () => {
    const config = loadConfig({ PUBLIC_URL: 'http://127.0.0.1:8080' });
    const lines = await tlsStartupLines(config, { httpsPort: 8443, certificates }, 8884);
    expect(lines.at(-1)).toBe(
      'arduino-iot-js needs a host name (it dials mqtts-up.<host> and wss.<host>): set PUBLIC_URL to one',
    );
  });
});
