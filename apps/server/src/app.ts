import { randomUUID } from 'node:crypto';
import formbody from '@fastify/formbody';
import type { BrokerUrls } from '@tinkercloud/shared';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type FastifyPluginAsync } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { registerAuth } from './auth/auth.plugin.ts';
import type { LocalCredential } from './auth/local-credential.ts';
import type { TokenVerifier } from './auth/token-verifier.ts';
import type { Config } from './config.ts';
import type { DatabaseHandle } from './db/client.ts';
import { installErrorHandling } from './http/error-handler.ts';
import { acceptEmptyJsonBodies } from './http/json-body.ts';
import { createLastErrors } from './http/last-errors.ts';
import { registerOpenApi } from './http/openapi.ts';
import { registerRateLimits } from './http/rate-limits.ts';
import { registerSecurityHeaders } from './http/security-headers.ts';
import { registerSpa } from './http/spa.ts';
import { refuseControlCharacters } from './http/text-input-guard.ts';
import type { Mailer } from './mail/mailer.ts';
import type { AccountService } from './modules/accounts/account.service.ts';
import { operatorToolsRoutes } from './modules/admin/operator-tools.routes.ts';
import { createOperatorCheck } from './modules/admin/operators.ts';
import { registerAdminModules } from './modules/admin/register.ts';
import { registerAdminSpaces } from './modules/admin-spaces/register.ts';
import { appConfigRoutes } from './modules/app-config/app-config.routes.ts';
import type { BrokerStats } from './modules/connectivity/broker-stats.ts';
import type { ConnectivityHooks } from './modules/connectivity/hooks.ts';
import { devOutboxRoutes } from './modules/dev-outbox/dev-outbox.routes.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { createRetentionClassifier } from './modules/iot/common/retention-classes.ts';
import { createIotUsageSource } from './modules/iot/common/usage.ts';
import { registerIotModules } from './modules/iot/register.ts';
import type { DeviceFeed } from './modules/iot/triggers/device-feed.ts';
import { createEventBus } from './modules/live/event-bus.ts';
import type { EventBus } from './modules/live/live-event.ts';
import { type LiveOptions, registerLive } from './modules/live/register.ts';
import { registerObservability } from './modules/metrics/register.ts';
import { createPlanBook } from './modules/plans/plan-book.ts';
import { registerPlanAdmin } from './modules/plans/register.ts';
import type { UsageSource } from './modules/plans/usage.ts';
import { registerProvisioning } from './modules/provisioning/register.ts';
import { registerSpaceModules } from './modules/spaces/register.ts';
import { installRouteGate } from './modules/spaces/route-gate.ts';
import { createSpaceAccess, createSpaceResolver } from './modules/spaces/space-access.ts';
import { statusRoutes } from './modules/status/status.routes.ts';
import { startMaintenanceJob } from './modules/telemetry/maintenance-job.ts';
import { createTelemetryStore, type TelemetryStore } from './modules/telemetry/telemetry-store.ts';
import { createUserSettingsRepository } from './modules/users/users.repository.ts';
import { usersRoutes } from './modules/users/users.routes.ts';
import { createUsersService } from './modules/users/users.service.ts';

interface AppDeps {
  config: Config;
  database: DatabaseHandle;
  mailer: Mailer;
  accounts: AccountService;
  verifier: TokenVerifier;
  /** The embedded OpenID Connect provider, mounted under /auth; absent with an external provider. */
  idpPlugin?: FastifyPluginAsync;
  /** Origins of branded sub-domains whose sign-in returns there (see modules/spaces/branded-origins.ts). */
  brandedOrigins?: string[];
  /** Usage counters of the plan recap; defaults to what exists today (member counts, 0 for the rest). */
  usage?: UsageSource;
  /** A pino logger shared with startup code; tests pass none and get a silent one. */
  logger?: FastifyBaseLogger;
  /** Live events of the spaces; defaults to a bus inside this process (no other process sees its events). */
  events?: EventBus;
  live?: LiveOptions;
  /** Stored property values; built from the config when absent (MQTT ingest shares the same store). */
  telemetry?: TelemetryStore;
  /**
   * The device side (MQTT broker): what the API tells it, its health for the status feed, and its figures
   * for the operator (connections, messages, ingest commits).
   */
  connectivity?: {
    hooks: ConnectivityHooks;
    health(): Promise<void>;
    feed?: DeviceFeed;
    stats?: BrokerStats;
  };
  /** The admin CLI's credential for this process (auth/local-credential.ts); absent, the CLI cannot call in. */
  localCredential?: LocalCredential;
  /** The certificate the HTTPS listener serves now (PEM), for the operator's health page; null without one. */
  servedCertificate?: () => string | null;
  /** Where devices reach the broker, for the SPA's config; read per request (the broker listens later). */
  brokerUrls?: () => BrokerUrls;
}

/**
 * The telemetry store with the retention of the config, as the operator's plan settings change it (read at
 * each maintenance run), and the plan of each property's space.
 */
export function telemetryStoreFor(config: Config, database: DatabaseHandle): TelemetryStore {
  const book = createPlanBook({ ...config, retentionDays: config.telemetry.retentionDays });
  return createTelemetryStore(database.db, {
    retentionDays: config.telemetry.retentionDays,
    currentRetentionDays: () => book.retentionDays(database.db),
    classify: createRetentionClassifier(database.db),
  });
}

/** Fastify's own settings that follow from the config. */
export function serverOptions(config: Config) {
  return {
    genReqId: () => randomUUID(),
    // X-Forwarded-* only count behind a proxy that sets them; otherwise anyone could claim any address.
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
  };
}

/** The whole HTTP app, not listening: main.ts listens, tests call `inject`. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config } = deps;
  const app = Fastify({
    ...(deps.logger ? { loggerInstance: deps.logger } : { logger: false }),
    ...serverOptions(config),
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // Before any route: every route declares its access (http/route-access.ts) and the gate enforces it.
  installRouteGate(app, {
    resolve: createSpaceResolver(deps.database.db),
    access: createSpaceAccess(deps.database.db),
    operators: createOperatorCheck(deps.database.db),
  });
  // The last server errors, for the operator's health page (per process, in memory).
  const lastErrors = createLastErrors();
  installErrorHandling(app, { lastErrors });
  // Before the routes: its request hook counts every one of them.
  await registerObservability(app, {
    config,
    database: deps.database,
    lastErrors,
    broker: deps.connectivity?.stats,
    servedCertificate: deps.servedCertificate,
  });
  acceptEmptyJsonBodies(app);
  refuseControlCharacters(app);
  // With an external provider the SPA calls its discovery, token and logout endpoints itself. A branded
  // sub-domain's app calls the provider on the main host, another origin.
  const providerOrigin = config.oidc.embedded
    ? config.baseHost
      ? [config.publicUrl]
      : []
    : [config.oidc.issuer];
  await registerSecurityHeaders(app, {
    scripts: [config.web.tagManagerUrl, config.web.analyticsUrl, config.web.consentScriptUrl],
    styles: [config.web.consentStylesheetUrl],
    // The session check runs the provider's authorize step in a hidden frame.
    frames: [config.web.privacyUrl, config.web.termsUrl, config.web.securityUrl, ...providerOrigin],
    connect: providerOrigin,
    formTargets: deps.brandedOrigins ?? [],
  });
  await registerRateLimits(app);
  await registerOpenApi(app, config);
  await app.register(formbody);
  registerAuth(app, deps.verifier, deps.accounts, deps.localCredential);

  await app.register(healthRoutes, { database: deps.database });
  const components = [{ name: 'Database', check: () => deps.database.ping() }];
  const connectivity = deps.connectivity;
  if (connectivity) components.push({ name: 'Broker', check: () => connectivity.health() });
  await app.register(statusRoutes, { components });
  await app.register(appConfigRoutes, {
    config,
    ...(deps.brokerUrls ? { broker: deps.brokerUrls } : {}),
  });
  await app.register(usersRoutes, {
    users: createUsersService({
      accounts: deps.accounts,
      settings: createUserSettingsRepository(deps.database.db),
    }),
    accounts: deps.accounts,
  });
  await registerSpaceModules(app, {
    config,
    db: deps.database.db,
    accounts: deps.accounts,
    usage: deps.usage ?? createIotUsageSource(deps.database.db),
    mailer: deps.mailer,
  });
  const telemetry = deps.telemetry ?? telemetryStoreFor(config, deps.database);
  // Today's and tomorrow's partitions exist before the first value arrives; then hourly (by default).
  await telemetry.maintain();
  const maintenance = startMaintenanceJob(telemetry, config.telemetry.maintenanceIntervalMs, (err) =>
    app.log.error({ err }, 'telemetry maintenance failed; it runs again at the next tick'),
  );
  app.addHook('onClose', () => maintenance.stop());
  const events = deps.events ?? createEventBus({ logger: app.log });
  await registerIotModules(app, {
    config,
    db: deps.database.db,
    mailer: deps.mailer,
    events,
    telemetry,
    connectivity: connectivity?.hooks,
    deviceFeed: connectivity?.feed,
  });
  const live = await registerLive(app, { db: deps.database.db, events, telemetry, options: deps.live });
  await registerProvisioning(app, { db: deps.database.db, events, ...live });
  // The admin console's plans, plan requests and spaces (issue 27).
  await registerPlanAdmin(app, { config, db: deps.database.db, mailer: deps.mailer, events });
  await registerAdminSpaces(app, { config, db: deps.database.db });
  await registerAdminModules(app, { config, db: deps.database.db, accounts: deps.accounts });
  // The admin CLI's commands the console has no screen for (renewals, sign-in records, branded hosts).
  await app.register(operatorToolsRoutes, { config, db: deps.database.db });
  // Registers nothing unless every embedded default is on.
  await app.register(devOutboxRoutes, { db: deps.database.db, config });
  if (deps.idpPlugin) {
    await app.register(deps.idpPlugin, { prefix: '/auth' });
  }
  await registerSpa(app, config);
  return app;
}
