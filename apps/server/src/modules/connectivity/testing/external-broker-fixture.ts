import pino from 'pino';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { createTestApp, type TestApp, type TestAppOptions } from '../../../../test/app.ts';
import { findMosquitto, startMosquitto, type TestMosquitto } from '../../../../test/mosquitto.ts';
import { telemetryStoreFor } from '../../../app.ts';
import { type Connectivity, createConnectivity } from '../connectivity.ts';
import { mqttFixtures } from './mqtt-fixtures.ts';

export type FoundMosquitto = ReturnType<typeof findMosquitto>;

/**
 * Mosquitto with its dynamic-security plugin on this machine, or why not; says so when `tests` will be skipped
 * (wrap them in `describe.skipIf('missing' in found)`).
 */
export function mosquittoFor(tests: string): FoundMosquitto {
  const found = findMosquitto();
  if ('missing' in found) console.warn(`${tests} skipped: ${found.missing}`);
  return found;
}

export interface ExternalBroker {
  mosquitto: TestMosquitto;
  /** The test app, with the Mosquitto as its external broker. */
  t: TestApp;
  /** The IoT and MQTT fixtures; their clients connect to the Mosquitto and are force-ended after each test. */
  f: ReturnType<typeof mqttFixtures>;
  /** The MQTT side of another server process on the same database and broker, started (the test closes it). */
  anotherProcess(clientId: string): Promise<Connectivity>;
}

/**
 * Call inside a `describe`: a Mosquitto of its own for the block and a test app using it as its external broker,
 * set up before all its tests and closed after them. The fields are there once the tests run.
 */
export function useExternalBroker(
  found: FoundMosquitto,
  options: { env?: Record<string, string>; app?: Omit<TestAppOptions, 'broker'> } = {},
): ExternalBroker {
  const ctx = {
    async anotherProcess(clientId: string) {
      const connectivity = await createConnectivity({
        config: ctx.t.config,
        db: ctx.t.db,
        logger: pino({ level: 'silent' }),
        clientId,
        telemetry: telemetryStoreFor(ctx.t.config, ctx.t.database),
      });
      await connectivity.start({ userOfAccessToken: () => Promise.reject(new Error('unused')) });
      return connectivity;
    },
  } as ExternalBroker;
  beforeAll(async () => {
    // Never reached when skipped; the check tells the types which of the two `found` is.
    if ('missing' in found) return;
    ctx.mosquitto = await startMosquitto(found);
    ctx.t = await createTestApp(
      { MQTT_URL: ctx.mosquitto.url, ...options.env },
      { ...options.app, broker: true },
    );
    ctx.f = mqttFixtures(ctx.t, () => ctx.mosquitto.port);
  });
  afterEach(() => ctx.f?.closeAll());
  afterAll(async () => {
    await ctx.t?.close();
    await ctx.mosquitto?.stop();
  });
  return ctx;
}
