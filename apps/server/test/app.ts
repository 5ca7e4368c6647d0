import { claimNames } from '@tinkercloud/shared';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import pino from 'pino';
import { buildApp, telemetryStoreFor } from '../src/app.ts';
import type { LocalCredential } from '../src/auth/local-credential.ts';
import { createLocalVerifier, createRemoteVerifier } from '../src/auth/token-verifier.ts';
import { type Config, loadConfig } from '../src/config.ts';
import type { DatabaseHandle } from '../src/db/client.ts';
import { createIdp } from '../src/idp/idp.ts';
import { createMailer } from '../src/mail/mailer.ts';
import { createAccountService } from '../src/modules/accounts/account.service.ts';
import {
  type Connectivity,
  type ConnectivityDeps,
  createConnectivity,
} from '../src/modules/connectivity/connectivity.ts';
import { ingestOptionsFor } from '../src/modules/connectivity/ingest.ts';
import { createDemo } from '../src/modules/demo/demo.ts';
import { createEventBus } from '../src/modules/live/event-bus.ts';
import type { EventBus } from '../src/modules/live/live-event.ts';
import type { LiveOptions } from '../src/modules/live/register.ts';
import { withDefaultPlan } from '../src/modules/plans/plan-defaults.ts';
import { createCertificates } from '../src/tls/certificates.ts';
import { listenHttps } from '../src/tls/https-listener.ts';
import { openTestDatabase } from './database.ts';

export interface TestAppOptions {
  /** The live event bus (default: one inside this app). */
  events?: EventBus;
  live?: LiveOptions;
  /** Another app's database, to run two apps on one database; it stays open when this app closes. */
  database?: DatabaseHandle & { name?: string };
  /**
   * Runs the MQTT side too: the embedded broker on a free port (`connectivity.listening.port`), or with
   * `MQTT_URL` in `env` that broker. The live bus then rides on it.
   */
  broker?: boolean;
  /** Options of the MQTT side beyond the environment's (with `broker`). */
  connectivity?: Pick<ConnectivityDeps, 'maxInFlight' | 'ingest'>;
  /** How often demo boards publish (with `DEMO: 'true'` in `env` and a broker). */
  demoIntervalMs?: number;
  /** The app's logger, for tests that read the request log (default: no request log). */
  logger?: FastifyBaseLogger;
  /** How long account state is trusted for token checks, and the clock of that cache (accounts module). */
  tokenCheckTtlMs?: number;
  now?: () => number;
  /**
   * TLS as the server runs it (src/tls): the certificates the environment asks for (with TLS unset, a local
   * CA in DATA_DIR) and the HTTPS listener on a free port (`https.port`). Without it TLS is off unless the
   * environment sets the MQTT listener's own files.
   */
  tls?: boolean;
  /** Mounts the embedded identity provider under /auth, as main.ts does (tokens still come from `tokenFor`). */
  idp?: boolean;
  /** The admin CLI's credential the app accepts from loopback (as server.ts makes one at each start). */
  localCredential?: LocalCredential;
  /** Adds routes before the app is ready: a benchmark's empty route to compare the real ones with. */
  extraRoutes?: (app: FastifyInstance) => void;
}

/**
 * The HTTP app on a real, fresh database, with a test signing key standing in for the identity provider's
 * (the provider itself has its own flow tests). `tokenFor` signs access tokens the app accepts.
 */
export async function createTestApp(env: Record<string, string> = {}, options: TestAppOptions = {}) {
  const config: Config = loadConfig({
    PUBLIC_URL: 'http://test.local',
    LOG_LEVEL: 'silent',
    // Accounts made by tests start empty unless a test asks for the demo device.
    DEMO: 'false',
    ...(options.tls ? { HTTPS_PORT: '0', MQTT_TLS_PORT: '0' } : { TLS: 'off' }),
    ...(options.broker && !env.MQTT_URL && { MQTT_PORT: '0', MQTT_HOST: '127.0.0.1' }),
    ...env,
  });
  const database: DatabaseHandle & { name?: string } = options.database ?? (await openTestDatabase());
  const logger = pino({ level: 'silent' });
  const mailer = createMailer({ ...config.mail, db: database.db, logger, outbox: config.devOutbox });
  const telemetry = telemetryStoreFor(config, database);
  let connectivity: Connectivity | undefined;
  let events = options.events;
  if (options.broker) {
    connectivity = await createConnectivity({
      config,
      db: database.db,
      logger,
      telemetry,
      // As the server runs on this database (a test may override it).
      ingest: ingestOptionsFor(database.kind),
      ...options.connectivity,
    });
    events ??= createEventBus({ transport: connectivity.transport, logger });
    connectivity.useEvents(events);
  }
  const demo = createDemo({
    config,
    db: database.db,
    events,
    telemetry,
    connectivity: connectivity?.hooks,
    logger,
    intervalMs: options.demoIntervalMs,
  });
  const accounts = createAccountService({
    db: database.db,
    mailer,
    config,
    logger,
    onAccountCreated: withDefaultPlan(database.db, config, demo.provision),
    tokenCheckTtlMs: options.tokenCheckTtlMs,
    now: options.now,
  });
  // As server.ts does at start-up: OPERATORS flags its accounts, a server with accounts closes the seat.
  await accounts.prepareOperators();
  const device = connectivity;
  if (device) accounts.onSessionsEnded(({ userId }) => void device.endApplicationSessions(userId));
  const { publicKey, privateKey } = await generateKeyPair('RS256');
  const jwk = { ...(await exportJWK(publicKey)), kid: 'test', alg: 'RS256', use: 'sig' };
  const expect = { issuer: config.oidc.issuer, audience: config.oidc.audience };
  // With OIDC_ISSUER the app verifies a real provider's tokens over HTTP, as in production.
  const verifier = config.oidc.embedded
    ? createLocalVerifier({ keys: [jwk] }, expect)
    : createRemoteVerifier(expect);
  const broker = connectivity;
  const idp = options.idp ? await createIdp({ config, db: database.db, accounts, logger }) : undefined;
  const app = await buildApp({
    ...(idp && { idpPlugin: idp.plugin }),
    config,
    database,
    mailer,
    accounts,
    verifier,
    events,
    live: options.live,
    telemetry,
    logger: options.logger,
    connectivity: broker && {
      hooks: demo.hooks ?? broker.hooks,
      health: () => broker.health(),
      feed: broker.feed,
      stats: broker.stats,
    },
    ...(options.localCredential && { localCredential: options.localCredential }),
    // As server.ts: the certificate the HTTPS listener serves (made below, read when asked).
    servedCertificate: () => (https && certificates.server ? certificates.server.current().cert : null),
  });
  options.extraRoutes?.(app);
  await app.ready();
  const certificates = await createCertificates(config, logger);
  const https =
    options.tls && certificates.server && config.tls.enabled
      ? await listenHttps({
          app,
          source: certificates.server,
          host: '127.0.0.1',
          port: 0,
          explicit: true,
          logger,
        })
      : undefined;
  const listening = await connectivity?.start({
    http: app.server,
    https: https?.server,
    tls: certificates.mqtt,
    userOfAccessToken: app.userOfAccessToken,
    tokenAccepted: app.tokenAccepted,
  });
  if (listening !== undefined) await demo.start(listening);

  async function tokenFor(
    userId: string,
    opts: { audience?: string; issuer?: string; expiresIn?: string; issuedAt?: Date } = {},
  ) {
    return new SignJWT({
      [claimNames(config.oidc.claimsNamespace).tosAccepted]: false,
      scope: 'openid profile email',
    })
      .setProtectedHeader({ alg: 'RS256', kid: 'test' })
      .setSubject(userId)
      .setIssuer(opts.issuer ?? config.oidc.issuer)
      .setAudience(opts.audience ?? config.oidc.audience)
      .setIssuedAt(opts.issuedAt)
      .setExpirationTime(opts.expiresIn ?? '1h')
      .sign(privateKey);
  }

  let counter = 0;
  /** A real account through the same service sign-up uses. */
  async function createUser(overrides: Partial<Parameters<typeof accounts.register>[0]> = {}) {
    counter += 1;
    const tag = `${Date.now().toString(36)}${counter}`;
    return accounts.register({
      email: `user${tag}@example.com`,
      username: `user${tag}`,
      name: `User ${counter}`,
      password: 'correct horse battery',
      isMinor: false,
      ...overrides,
    });
  }

  return {
    app,
    config,
    db: database.db,
    accounts,
    /** The app's telemetry store (stored property values). */
    telemetry,
    tokenFor,
    createUser,
    /** Closes only the database, to test behaviour during an outage. */
    closeDatabase: () => database.close(),
    /** The throwaway database's name on a PostgreSQL server (undefined on PGlite). */
    databaseName: database.name,
    database,
    /** Its address, for a second server process on the same database (undefined on PGlite). */
    databaseUrl: (database as { url?: string }).url,
    /** The MQTT side, when the test asked for a broker. */
    connectivity,
    /** The live bus the app and the MQTT side announce on (with `broker`, or when given). */
    events,
    /** The demo (device, thing, dashboard and simulated board of new accounts, with `DEMO: 'true'`). */
    demo,
    /** The TLS certificates, and the HTTPS listener with `tls`. */
    certificates,
    https,
    async close() {
      await demo.close();
      await connectivity?.close();
      await https?.close();
      certificates.close();
      await app.close();
      if (!options.database) await database.close();
    },
  };
}
export type TestApp = Awaited<ReturnType<typeof createTestApp>>;

/** A test file's app and a module's `fixtures` over it (the file closes `t`). */
export async function createTestAppWith<F>(
  fixtures: (t: TestApp) => F,
  env?: Record<string, string>,
  options?: TestAppOptions,
): Promise<{ t: TestApp; f: F }> {
  const t = await createTestApp(env, options);
  return { t, f: fixtures(t) };
}
