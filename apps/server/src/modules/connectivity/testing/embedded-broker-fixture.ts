import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
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
 *
 * With `tls`, the broker's MQTT over TLS listener and the HTTPS one run too, with the certificates made out of
 * the box: in a data directory of the app's own (removed after), for the host `localhost`, which the clients
 * dial and check the certificate for (`t.certificates.caFile` is the CA to trust).
 */
export function useEmbeddedBroker(options: { tls?: boolean } = {}): EmbeddedBroker {
  const ctx = {} as EmbeddedBroker;
  let dataDir: string | undefined;
  beforeAll(async () => {
    if (options.tls) dataDir = mkdtempSync(path.join(tmpdir(), 'tc-broker-tls-'));
    ctx.t = await createTestApp(dataDir ? { DATA_DIR: dataDir, PUBLIC_URL: 'http://localhost:8080' } : {}, {
      broker: true,
      tls: options.tls,
    });
    ctx.f = mqttFixtures(ctx.t);
  });
  afterEach(() => ctx.f?.closeAll());
  afterAll(async () => {
    await ctx.t?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });
  return ctx;
}
