import { afterAll, afterEach, beforeAll } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/app.ts';
import { mqttFixtures } from './mqtt-fixtures.ts';

export interface EmbeddedBroker {
  /** The test app, with its embedded broker listening. */
  t: TestApp;
  /** The IoT and MQTT fixtures; their clients are force-ended after each test. */
  f: ReturnType<typeof mqttFixtures>;
}

/**
 * Call at the top of a test file or inside a `describe`: a test app with its embedded broker, set up before
 * all its tests and closed after them (the twin of `useExternalBroker`). The fields are there once tests run.
 */
export function useEmbeddedBroker(): EmbeddedBroker {
  const ctx = {} as EmbeddedBroker;
  beforeAll(async () => {
    ctx.t = await createTestApp({}, { broker: true });
    ctx.f = mqttFixtures(ctx.t);
  });
  afterEach(() => ctx.f?.closeAll());
  afterAll(() => ctx.t?.close());
  return ctx;
}
