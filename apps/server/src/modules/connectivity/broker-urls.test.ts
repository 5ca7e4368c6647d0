import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { brokerUrls } from './broker-urls.ts';

const listening = { port: 1884, tlsPort: null, websocketPath: '/mqtt' };

describe('brokerUrls: where devices connect, as printed at start and shown by the web app', () => {
  it('names the port the embedded broker really took, on the public host when it listens everywhere', () => {
    const config = loadConfig({ PUBLIC_URL: 'https://iot.example.org', HOST: '0.0.0.0' });
    expect(brokerUrls(config, listening)).toEqual({
      url: 'mqtt://iot.example.org:1884',
      tlsUrl: null,
      wsUrl: 'wss://iot.example.org/mqtt',
      wssUrl: null,
    });
  });

  it('keeps a specific listening host and adds the TLS ports when there are some', () => {
    const config = loadConfig({ PUBLIC_URL: 'http://127.0.0.1:4310', HOST: '127.0.0.1' });
    expect(brokerUrls(config, { ...listening, tlsPort: 8884 }, 8445)).toEqual({
      url: 'mqtt://127.0.0.1:1884',
      tlsUrl: 'mqtts://127.0.0.1:8884',
      wsUrl: 'ws://127.0.0.1:4310/mqtt',
      // The HTTPS listener's port (it carries MQTT over WebSocket too), the one really taken.
      wssUrl: 'wss://127.0.0.1:8445/mqtt',
    });
  });

  it('tells nothing for an external broker (its URL may carry credentials) or before the broker listens', () => {
    const external = loadConfig({ MQTT_URL: 'mqtt://server:secret@broker.internal:1883' });
    const none = { url: null, tlsUrl: null, wsUrl: null, wssUrl: null };
    expect(brokerUrls(external, listening, 8443)).toEqual(none);
    expect(brokerUrls(loadConfig({}), null)).toEqual(none);
  });
});
