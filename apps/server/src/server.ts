import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { buildApp, telemetryStoreFor } from './app.ts';
import { createLocalVerifier, createRemoteVerifier } from './auth/token-verifier.ts';
import type { Config } from './config.ts';
import { openDatabase } from './db/client.ts';
import { runMigrations } from './db/migrate.ts';
import { createIdp } from './idp/index.ts';
import { createMailer } from './mail/mailer.ts';
import { createAccountService } from './modules/accounts/account.service.ts';
import { type Connectivity, createConnectivity } from './modules/connectivity/connectivity.ts';
import type { Listening } from './modules/connectivity/embedded-broker.ts';
import { createEventBus } from './modules/live/event-bus.ts';
import { brandedOrigins } from './modules/spaces/branded-origins.ts';
import { createSpacesRepository } from './modules/spaces/spaces.repository.ts';
import { type DEMO_ACCOUNT, seedDemoData } from './seed/demo-data.ts';

export interface RunningServer {
  app: FastifyInstance;
  /** The seeded demo account, when demo data is on. */
  demoAccount: typeof DEMO_ACCOUNT | null;
  /** Where the embedded MQTT broker listens (null with an external broker). */
  mqtt: Listening | null;
  close(): Promise<void>;
}

/**
 * Wires every part from the config: database → migrations → accounts → identity provider → HTTP app → MQTT
 * broker (after the app, whose HTTP server also carries MQTT over WebSocket).
 */
export async function createServer(config: Config, logger: FastifyBaseLogger): Promise<RunningServer> {
  const database = await openDatabase(config.database, (err) =>
    logger.warn({ err }, 'database connection lost; it will reconnect on the next query'),
  );
  let connectivity: Connectivity | undefined;
  try {
    await runMigrations(database);
    const db = database.db;
    const mailer = createMailer({ ...config.mail, db, logger, outbox: config.devOutbox });
    const accounts = createAccountService({ db, mailer, config, logger });
    const demoAccount = await seedDemoData({ config, db, accounts });
    const expect = { issuer: config.oidc.issuer, audience: config.oidc.audience };
    let idpPlugin: Awaited<ReturnType<typeof createIdp>>['plugin'] | undefined;
    let verifier: ReturnType<typeof createLocalVerifier>;
    // Branded sub-domains sign in through the same provider: their roots are registered redirect addresses.
    // A slug set while the server runs takes effect at the next start.
    const branded = brandedOrigins(
      config.publicUrl,
      config.baseHost,
      await createSpacesRepository(db).listSlugs(),
    );
    if (config.oidc.embedded) {
      const redirectUris = [`${config.publicUrl}/`, ...branded.map((origin) => `${origin}/`)];
      const idp = await createIdp({ config, db, accounts, logger, redirectUris });
      idpPlugin = idp.plugin;
      verifier = createLocalVerifier(idp.jwks, expect);
    } else {
      verifier = createRemoteVerifier(expect);
    }
    // One telemetry store for the API and device ingest; the live bus rides on the broker, so every process
    // sees every event.
    const telemetry = telemetryStoreFor(config, database);
    connectivity = await createConnectivity({ config, db, logger, telemetry });
    const events = createEventBus({ transport: connectivity.transport, logger });
    connectivity.useEvents(events);
    const app = await buildApp({
      config,
      database,
      mailer,
      accounts,
      verifier,
      idpPlugin,
      brandedOrigins: branded,
      connectivity,
      telemetry,
      events,
      logger,
    });
    const mqtt = await connectivity.start({ http: app.server, userOfAccessToken: app.userOfAccessToken });
    const broker = connectivity;
    return {
      app,
      demoAccount,
      mqtt,
      async close() {
        // Devices are told goodbye (and marked offline) while the database is still there.
        await broker.close();
        await app.close();
        await database.close();
      },
    };
  } catch (err) {
    await connectivity?.close().catch(() => undefined);
    await database.close();
    throw err;
  }
}
