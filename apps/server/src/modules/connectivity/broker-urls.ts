import type { BrokerUrls } from '@tinkercloud/shared';
import type { MqttConfig } from './config.ts';
import type { Listening } from './embedded-broker.ts';

/**
 * Where a device or an MQTT client points: the addresses the server prints at start and the web app shows
 * (the simulator command's `--url`). Only the embedded broker is known here: the port it really took (a
 * taken default falls back to the next free one) and its host as seen from outside. With an external broker
 * MQTT_URL may carry credentials and an internal host name, so nothing is told.
 */
export function brokerUrls(
  config: { publicUrl: string; mqtt: MqttConfig },
  listening: Listening | null,
  /** The HTTPS listener's port, when it runs: MQTT over WebSocket is served there too. */
  httpsPort: number | null = null,
): BrokerUrls {
  if (config.mqtt.mode === 'external' || !listening)
    return { url: null, tlsUrl: null, wsUrl: null, wssUrl: null };
  const host = ['0.0.0.0', '::', ''].includes(config.mqtt.host)
    ? new URL(config.publicUrl).hostname
    : config.mqtt.host;
  const h = bracketed(host);
  return {
    url: `mqtt://${h}:${listening.port}`,
    tlsUrl: listening.tlsPort ? `mqtts://${h}:${listening.tlsPort}` : null,
    wsUrl: listening.websocketPath
      ? `${config.publicUrl.replace(/^http/, 'ws')}${listening.websocketPath}`
      : null,
    wssUrl:
      listening.websocketPath && httpsPort !== null
        ? `wss://${bracketed(new URL(config.publicUrl).hostname)}:${httpsPort}${listening.websocketPath}`
        : null,
  };
}

/** An IPv6 literal needs brackets in a URL. */
const bracketed = (host: string) => (host.includes(':') && !host.startsWith('[') ? `[${host}]` : host);
