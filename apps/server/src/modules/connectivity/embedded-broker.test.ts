import { createServer, type Server } from 'node:net';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError } from '../../config.ts';
import { DEFAULT_DEVICE_RATE, DEFAULT_MAX_PACKET_BYTES } from './config.ts';
import { createEmbeddedBroker, type EmbeddedBroker } from './embedded-broker.ts';
import { INTERNAL_PREFIX } from './topics.ts';

const logger = pino({ level: 'silent' });
const opened: (EmbeddedBroker | Server)[] = [];
afterEach(async () => {
  for (const o of opened.splice(0)) {
    if ('listening' in o) await new Promise((resolve) => o.close(resolve));
    else await o.close();
  }
});

/** A port held by someone else, as a Mosquitto on 1883 would be. */
async function takenPort(): Promise<number> {
  const server = createServer();
  opened.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  return typeof address === 'object' && address ? address.port : 0;
}

const LIMITS = { maxPacketBytes: DEFAULT_MAX_PACKET_BYTES };
const embedded = (port: number, portExplicit: boolean) =>
  ({
    mode: 'embedded',
    host: '127.0.0.1',
    port,
    portExplicit,
    tls: null,
    limits: { maxPacketBytes: DEFAULT_MAX_PACKET_BYTES, deviceRate: DEFAULT_DEVICE_RATE },
  }) as const;

describe('embedded broker listeners', () => {
  it('moves to the next free port when the default one is taken', async () => {
    const taken = await takenPort();
    const broker = await createEmbeddedBroker(logger, LIMITS);
    opened.push(broker);
    const listening = await broker.listen(embedded(taken, false));
    expect(listening.port).toBeGreaterThan(taken);
    await expect(broker.health()).resolves.toBeUndefined();
  });

  it('refuses to start when a port chosen with MQTT_PORT is taken', async () => {
    const taken = await takenPort();
    const broker = await createEmbeddedBroker(logger, LIMITS);
    opened.push(broker);
    const error = await broker.listen(embedded(taken, true)).catch((err: unknown) => err);
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).problems[0]).toMatch(
      new RegExp(`^MQTT_PORT: port ${taken} .* already in use`),
    );
  });
});

describe('embedded broker publishing', () => {
  it('ends a publish without an error once the broker is closed (a command answered as the server stops)', async () => {
    const broker = await createEmbeddedBroker(logger, LIMITS);
    await broker.listen(embedded(0, false));
    await expect(broker.publish('/a/d/some-device/c/dw', Buffer.from([1]))).resolves.toBeUndefined();
    await broker.close();
    // Aedes' own publish fails here with "mqemitter is closed", which the server logged as a failed command.
    await expect(broker.publish('/a/d/some-device/c/dw', Buffer.from([1]))).resolves.toBeUndefined();
  });
});

describe('embedded broker transport (the live bus between server processes)', () => {
  it('does not hand the process its own messages back, only the ones it did not send', async () => {
    const broker = await createEmbeddedBroker(logger, LIMITS);
    opened.push(broker);
    const heard: string[] = [];
    broker.transport.subscribe('live/+', (topic, payload) => heard.push(`${topic} ${payload}`));
    // A message this transport did not publish, as another process's would arrive; the first ones may come
    // before the subscription is in place.
    const foreign = async (text: string) => {
      await broker.publish(`${INTERNAL_PREFIX}live/a`, Buffer.from(text));
    };
    for (let i = 0; heard.length === 0; i += 1) {
      if (i > 1_000) throw new Error('the subscription never received anything');
      await foreign('probe');
    }
    heard.length = 0;

    for (let i = 0; i < 20; i += 1) broker.transport.publish('live/a', Buffer.from(`own ${i}`));
    await foreign('marker');
    // The marker left after the own messages: had any of them been handed back, it would be here first.
    await expect.poll(() => heard).toContain('live/a marker');
    expect(heard.filter((h) => !h.endsWith('probe'))).toEqual(['live/a marker']);
  });
});
