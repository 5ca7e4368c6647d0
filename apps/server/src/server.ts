import path from 'node:path';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { buildApp, telemetryStoreFor } from './app.ts';
import { createLocalCredential, removeCredentialFile, writeCredentialFile } from './auth/local-credential.ts';
import { createLocalVerifier, createRemoteVerifier } from './auth/token-verifier.ts';
import type { Config } from './config.ts';
import { type Database, openDatabase } from './db/client.ts';
import { runMigrations } from './db/migrate.ts';
import { createIdp } from './idp/index.ts';
import { createMailer } from './mail/mailer.ts';
import { createAccountService, type OperatorsAtStart } from './modules/accounts/account.service.ts';
import { brokerUrls } from './modules/connectivity/broker-urls.ts';
import { type Connectivity, createConnectivity } from './modules/connectivity/connectivity.ts';
import type { Listening } from './modules/connectivity/embedded-broker.ts';
import { ingestOptionsFor } from './modules/connectivity/ingest.ts';
import { createDemo, type Demo } from './modules/demo/demo.ts';
import { createEventBus } from './modules/live/event-bus.ts';
import { withDefaultPlan } from './modules/plans/plan-defaults.ts';
import { brandedOrigins } from './modules/spaces/branded-origins.ts';
import { createSpacesRepository } from './modules/spaces/spaces.repository.ts';
import { type DEMO_ACCOUNT, seedDemoData } from './seed/demo-data.ts';
import { type Certificates, createCertificates } from './tls/certificates.ts';
import { listenHttps } from './tls/https-listener.ts';

export interface RunningServer {
  app: FastifyInstance;
  db: Database;
  /** The device side: the broker (embedded or external) and its hooks. */
  connectivity: Connectivity;
  /** The seeded demo account, when demo data is on. */
  demoAccount: typeof DEMO_ACCOUNT | null;
  /** The operators once `OPERATORS` was applied, or that the next sign-up becomes one (the start-up log). */
  operators: OperatorsAtStart;
  /** Where the embedded MQTT broker listens (null with an external broker). */
  mqtt: Listening | null;
  /** HTTPS beside HTTP (null with TLS=off), and the certificates of it and of MQTT over TLS. */
  tls: { httpsPort: number | null; certificates: Certificates };
  /**
   * Leaves the admin CLI's credential and this address in `DATA_DIR/admin-credential` (replacing an earlier
   * start's); `close` removes it. Call once the HTTP server listens.
   */
  announceAdminApi(url: string): void;
  close(): Promise<void>;
}

/**
 * Wires every part from the config: database → migrations → broker side and live bus → demo → accounts →
 * identity provider → HTTP app → MQTT listeners (after the app, whose HTTP server also carries MQTT over
 * WebSocket) → demo boards.
 */
export async function createServer(config: Config, logger: FastifyBaseLogger): Promise<RunningServer> {
  const database = await openDatabase(config.database, (err) =>
    logger.warn({ err }, 'database connection lost; it will reconnect on the next query'),
  );
  let connectivity: Connectivity | undefined;
  let demo: Demo | undefined;
  let certificates: Certificates | undefined;
  let https: Awaited<ReturnType<typeof listenHttps>> | undefined;
  try {
    await runMigrations(database);
    const db = database.db;
    const mailer = createMailer({ ...config.mail, db, logger, outbox: config.devOutbox });
    // One telemetry store for the API and device ingest; the live bus rides on the broker, so every process
    // sees every event.
    const telemetry = telemetryStoreFor(config, database);
    connectivity = await createConnectivity({
      config,
      db,
      logger,
      telemetry,
      ingest: ingestOptionsFor(database.kind),
    });
    const events = createEventBus({ transport: connectivity.transport, logger });
    connectivity.useEvents(events);
    // Before the accounts: each new one (the seeded demo account too) gets its demo device.
    demo = createDemo({ config, db, events, telemetry, connectivity: connectivity.hooks, logger });
    // Each new account gets the default plan (issue 27), then its demo device.
    const onAccountCreated = withDefaultPlan(db, config, demo.provision);
    const accounts = createAccountService({ db, mailer, config, logger, onAccountCreated });
    // A password reset or a deleted account ends the user's MQTT applications here at once (elsewhere: the
    // periodic re-check).
    const device = connectivity;
    accounts.onSessionsEnded(({ userId }) => {
      void device
        .endApplicationSessions(userId)
        .catch((err: unknown) => logger.error({ err, userId }, 'MQTT applications not ended'));
    });
    const demoAccount = await seedDemoData({ config, db, accounts });
    const operators = await accounts.prepareOperators();
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
    const broker = connectivity;
    // Set once the broker listens (after the app, whose HTTP server carries MQTT over WebSocket).
    let listening: Listening | null = null;
    // A new one at each start: the file of an earlier process no longer opens anything.
    const adminCredential = createLocalCredential();
    const app = await buildApp({
      config,
      database,
      mailer,
      accounts,
      verifier,
      idpPlugin,
      brandedOrigins: branded,
      // The API's broker hooks pass by the demo, which stops the board of a demo device deleted or re-keyed.
      connectivity: {
        hooks: demo.hooks ?? broker.hooks,
        health: () => broker.health(),
        feed: broker.feed,
        stats: broker.stats,
      },
      localCredential: adminCredential,
      servedCertificate: () => (https && certificates?.server ? certificates.server.current().cert : null),
      telemetry,
      events,
      logger,
      brokerUrls: () => brokerUrls(config, listening, https?.port ?? null),
    });
    // Made (or loaded) before any TLS listener; both follow their renewals and replacements.
    certificates = await createCertificates(config, logger);
    if (certificates.server && config.tls.enabled) {
      https = await listenHttps({
        app,
        source: certificates.server,
        host: config.host,
        port: config.tls.httpsPort,
        explicit: config.tls.httpsPortExplicit,
        logger,
      });
    }
    const mqtt = await connectivity.start({
      http: app.server,
      https: https?.server,
      tls: certificates.mqtt,
      userOfAccessToken: app.userOfAccessToken,
      tokenAccepted: app.tokenAccepted,
    });
    listening = mqtt;
    await demo.start(mqtt);
    const boards = demo;
    const secure = https;
    const certs = certificates;
    // Resolved now, as the CLI resolves DATA_DIR from where it is typed (both relative to the working dir).
    const dataDir = path.resolve(config.dataDir);
    let announced = false;
    return {
      app,
      db,
      connectivity: broker,
      demoAccount,
      operators,
      mqtt,
      tls: { httpsPort: secure?.port ?? null, certificates: certs },
      announceAdminApi(url) {
        // Not with an in-memory database: there is no data directory to leave it in.
        if (config.dataDir === 'memory://') return;
        writeCredentialFile(dataDir, { url, token: adminCredential.token, pid: process.pid });
        announced = true;
      },
      async close() {
        if (announced) removeCredentialFile(dataDir, adminCredential);
        // Demo boards leave first, then devices are told goodbye (and marked offline) while the database is
        // still there.
        await boards.close();
        await broker.close();
        await secure?.close();
        certs.close();
        await app.close();
        await database.close();
      },
    };
  } catch (err) {
    await demo?.close().catch(() => undefined);
    await connectivity?.close().catch(() => undefined);
    await https?.close().catch(() => undefined);
    certificates?.close();
    await database.close();
    throw err;
  }
}
