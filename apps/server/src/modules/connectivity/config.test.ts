import { describe, expect, it } from 'vitest';
import { configProblems } from '../../../test/config-problems.ts';
import { loadConfig } from '../../config.ts';

const limits = { maxPacketBytes: 256 * 1024, deviceRate: { perSecond: 10, burst: 100 } };

describe('MQTT settings', () => {
  it('defaults to the embedded broker on 1883 at the HTTP bind address, the port not chosen explicitly', () => {
    expect(loadConfig({ HOST: '0.0.0.0' }).mqtt).toEqual({
      mode: 'embedded',
      host: '0.0.0.0',
      port: 1883,
      portExplicit: false,
      // TLS out of the box: the server's certificate (src/tls) on Arduino's port.
      tls: { port: 8884, portExplicit: false, files: null },
      limits,
    });
    expect(loadConfig({ TLS: 'off' }).mqtt).toMatchObject({ tls: null });
  });

  it("takes an explicit port and host, and the TLS listener's own files (port 8884 by default)", () => {
    expect(
      loadConfig({
        MQTT_PORT: '1884',
        MQTT_HOST: '127.0.0.2',
        MQTT_TLS_CERT_FILE: '/etc/tc/cert.pem',
        MQTT_TLS_KEY_FILE: '/etc/tc/key.pem',
      }).mqtt,
    ).toEqual({
      mode: 'embedded',
      host: '127.0.0.2',
      port: 1884,
      portExplicit: true,
      tls: {
        port: 8884,
        portExplicit: false,
        files: { certFile: '/etc/tc/cert.pem', keyFile: '/etc/tc/key.pem' },
      },
      limits,
    });
  });

  it('uses an external broker with MQTT_URL', () => {
    expect(
      loadConfig({ MQTT_URL: 'mqtt://tinkercloud:pw@broker.example.org:1883', PORT: '8081' }).mqtt,
    ).toEqual({
      mode: 'external',
      url: 'mqtt://tinkercloud:pw@broker.example.org:1883',
      clientId: expect.stringMatching(/^tinkercloud-.+-8081$/),
      limits,
    });
    expect(loadConfig({ MQTT_URL: 'mqtt://b:1883', MQTT_CLIENT_ID: 'tc-a' }).mqtt).toMatchObject({
      clientId: 'tc-a',
    });
  });

  it('bounds what a client sends: packet size and device rate, from the environment', () => {
    expect(
      loadConfig({
        MQTT_MAX_PACKET_BYTES: '65536',
        MQTT_DEVICE_MESSAGES_PER_SECOND: '0.5',
        MQTT_DEVICE_MESSAGE_BURST: '20',
      }).mqtt.limits,
    ).toEqual({ maxPacketBytes: 65536, deviceRate: { perSecond: 0.5, burst: 20 } });
    expect(configProblems({ MQTT_MAX_PACKET_BYTES: '100' })[0]).toMatch(/^MQTT_MAX_PACKET_BYTES: /);
    expect(configProblems({ MQTT_DEVICE_MESSAGE_BURST: '0' })[0]).toMatch(/^MQTT_DEVICE_MESSAGE_BURST: /);
  });

  it('lists every inconsistent setting', () => {
    expect(configProblems({ MQTT_TLS_CERT_FILE: '/c.pem' })).toEqual([
      'MQTT_TLS_CERT_FILE and MQTT_TLS_KEY_FILE: set both or neither',
    ]);
    expect(configProblems({ MQTT_TLS_PORT: '8883' })).toEqual([]);
    expect(configProblems({ MQTT_TLS_PORT: '8883', TLS: 'off' })).toEqual([
      'MQTT_TLS_PORT: with TLS=off, needs MQTT_TLS_CERT_FILE and MQTT_TLS_KEY_FILE',
    ]);
    expect(configProblems({ MQTT_URL: 'mqtt://b:1883', MQTT_PORT: '1884' })).toEqual([
      'MQTT_PORT: has no effect with MQTT_URL (external broker)',
    ]);
    expect(configProblems({ MQTT_PORT: '70000', MQTT_URL: 'http://x' })).toHaveLength(3);
    expect(configProblems({ MQTT_CLIENT_ID: 'tc-a' })).toEqual([
      'MQTT_CLIENT_ID: only used with MQTT_URL (external broker)',
    ]);
  });
});
