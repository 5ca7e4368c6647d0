import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { appLoginRoutes } from '../connectivity/app-logins.routes.ts';
import { deviceConnectivityRoutes } from '../connectivity/connectivity.routes.ts';
import { createDeviceConnectivityService } from '../connectivity/device-connectivity.service.ts';
import type { ConnectivityHooks } from '../connectivity/hooks.ts';
import { refusedValuesRoutes } from '../connectivity/refused-values.routes.ts';
import { createRefusedValuesService } from '../connectivity/refused-values.service.ts';
import { iotEvents } from '../live/iot-events.ts';
import type { EventBus } from '../live/live-event.ts';
import { createSpaceAccess, createSpaceResolver } from '../spaces/space-access.ts';
import type { TelemetryStore } from '../telemetry/telemetry-store.ts';
import { apiClientsRoutes, clientTokenRoutes } from './api-clients/api-clients.routes.ts';
import { createApiClientsService } from './api-clients/api-clients.service.ts';
import { createClientTokens } from './api-clients/client-tokens.ts';
import { catalogueRoutes } from './catalogue/catalogue.routes.ts';
import { certsRoutes } from './certs/certs.routes.ts';
import { createCertsService } from './certs/certs.service.ts';
import { createDeviceCa } from './certs/device-ca.ts';
import { createAnswerCache } from './common/answer-cache.ts';
import { createIotAuthenticate } from './common/auth.ts';
import { limitBodies, rateLimitHook } from './common/limits.ts';
import { MEDIA } from './common/media-types.ts';
import { createIotQuotas } from './common/quotas.ts';
import { compileRoutes } from './compile/compile.routes.ts';
import { createCompileService } from './compile/compile.service.ts';
import { dashboardsRoutes } from './dashboards/dashboards.routes.ts';
import { createDashboardsService } from './dashboards/dashboards.service.ts';
import { devicesRoutes } from './devices/devices.routes.ts';
import { createDevicesService } from './devices/devices.service.ts';
import { groupsRoutes } from './groups/groups.routes.ts';
import { createGroupsService } from './groups/groups.service.ts';
import { loraRoutes } from './lora/lora.routes.ts';
import { createLoraService } from './lora/lora.service.ts';
import { networkCredentialsRoutes } from './network-credentials/network-credentials.routes.ts';
import { createNotificationsService } from './notifications/notifications.service.ts';
import { otaDownloadRoutes, otaRoutes } from './ota/ota.routes.ts';
import { createOtaService } from './ota/ota.service.ts';
import { createOtaUrls } from './ota/ota-urls.ts';
import { propertiesRoutes } from './properties/properties.routes.ts';
import { createPropertiesService } from './properties/properties.service.ts';
import { createHistoricData } from './series/historic-data.ts';
import { exportDownloadRoutes, seriesRoutes } from './series/series.routes.ts';
import { createSeriesService } from './series/series.service.ts';
import { sketchBrokerOf } from './sketches/sketch-broker.ts';
import { sketchFilesRoutes } from './sketches/sketch-files.routes.ts';
import { createSketchFilesService } from './sketches/sketch-files.service.ts';
import { createSketchWrites } from './sketches/sketch-writes.ts';
import { createSketchesRepository } from './sketches/sketches.repository.ts';
import { sketchesRoutes } from './sketches/sketches.routes.ts';
import { createSketchesService } from './sketches/sketches.service.ts';
import { createThingCode } from './sketches/thing-code.ts';
import { thingSketchRoutes } from './sketches/thing-sketch.routes.ts';
import { createThingSketchService } from './sketches/thing-sketch.service.ts';
import { templateStorageRoutes } from './templates/template-storage.routes.ts';
import { templatesApplyRoutes } from './templates/templates.routes.ts';
import { createTemplatesService } from './templates/templates.service.ts';
import { thingsRoutes } from './things/things.routes.ts';
import { createThingsService } from './things/things.service.ts';
import { type DeviceFeed, feedTriggers } from './triggers/device-feed.ts';
import { createTriggerFiring, type TriggerFiring } from './triggers/trigger-firing.ts';
import { triggersRoutes } from './triggers/triggers.routes.ts';
import { createTriggersService } from './triggers/triggers.service.ts';
import { createWebhookDeliveries } from './webhooks/webhook-deliveries.ts';
import { webhooksRoutes } from './webhooks/webhooks.routes.ts';
import { createWebhooksService } from './webhooks/webhooks.service.ts';

interface IotModulesDeps {
  config: Config;
  db: Database;
  /** Sends dashboard access requests; without it they are accepted and dropped. */
  mailer?: Mailer;
  /** Where changes and published values are announced (live streams); without it, nowhere. */
  events?: EventBus;
  /** Where property values are stored and read. */
  telemetry: TelemetryStore;
  /** The device side: writes reach devices, binding and key changes reach the broker. */
  connectivity?: ConnectivityHooks;
  /** Values and status changes the device side stored in this process, for triggers. */
  deviceFeed?: DeviceFeed;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Fires triggers on values and device status changes stored by this process. */
    triggerFiring: TriggerFiring;
  }
}

/**
 * The Arduino-compatible IoT API under /iot (issue 4): services built once, routes registered in one scope
 * whose errors carry upstream's media type, behind a bearer check that also takes our client-credentials
 * tokens.
 */
export async function registerIotModules(app: FastifyInstance, deps: IotModulesDeps) {
  const { config, db, events, telemetry, connectivity } = deps;
  const access = createSpaceAccess(db);
  const resolve = createSpaceResolver(db);
  const quotas = createIotQuotas({ config });
  const tokens = createClientTokens({
    db,
    issuer: `${config.publicUrl}/iot`,
  });
  const clients = createApiClientsService({ db, access, resolve, quotas, tokens });
  const historic = createHistoricData({
    db,
    resolve,
    telemetry,
    mailer: deps.mailer,
    events,
    publicUrl: config.publicUrl,
  });
  const firing = createTriggerFiring({
    db,
    mailer: deps.mailer,
    events,
    logger: app.log,
    minIntervalMs: config.iot.triggerMinIntervalMs,
  });
  app.decorate('triggerFiring', firing);
  app.addHook('onClose', () => firing.close());
  const webhookDeliveries = createWebhookDeliveries({
    db,
    events,
    logger: app.log,
    allowPrivate: config.webhooks.allowPrivate,
    retryDelaysMs: config.webhooks.retryDelaysMs,
  });
  app.addHook('onClose', () => webhookDeliveries.close());
  // Stored values feed triggers and thing webhooks alike, at the points where they are stored.
  const valueFeed: Pick<TriggerFiring, 'valuesStored' | 'deviceStatusChanged'> = {
    valuesStored(values) {
      firing.valuesStored(values);
      webhookDeliveries.valuesStored(values);
    },
    deviceStatusChanged: (change) => firing.deviceStatusChanged(change),
  };
  const unfeed = deps.deviceFeed ? feedTriggers(deps.deviceFeed, valueFeed) : undefined;
  app.addHook('onClose', async () => unfeed?.());
  // Sketch writes (quota, one transaction) and the thing code kept in step, shared by every service.
  const sketchWrites = createSketchWrites({ db, quotas });
  const live = iotEvents(events);
  const sketchChanged = (
    space: { organizationId: string | null; ownerUserId: string },
    sketch: { id: string },
  ) => live.sketchChanged(space, sketch.id);
  const code = createThingCode({
    db,
    writes: sketchWrites,
    broker: sketchBrokerOf(config),
    changed: sketchChanged,
  });
  const sketches = createSketchesService({ db, resolve, writes: sketchWrites, changed: sketchChanged });
  const devices = createDevicesService({
    db,
    quotas,
    code,
    triggers: valueFeed,
    resolve,
    events,
    telemetry,
    listCache: createAnswerCache({ maxBytes: config.iot.listCacheBytes }),
    connectivity,
  });
  const webhooks = createWebhooksService({ db, resolve, allowPrivate: config.webhooks.allowPrivate });
  const things = createThingsService({ db, resolve, quotas, events, connectivity, webhooks, code });
  const dashboards = createDashboardsService({ db, resolve, mailer: deps.mailer, events });
  const triggers = createTriggersService({ db, resolve, quotas, changed: firing.triggersChanged });
  const templates = createTemplatesService({
    db,
    resolve,
    quotas,
    things,
    dashboards,
    triggers,
    events,
    connectivity,
    triggersChanged: firing.triggersChanged,
    broker: sketchBrokerOf(config),
  });
  const groups = createGroupsService({ db, resolve, devices, things, dashboards, triggers, sketches });
  const ota = createOtaService({
    db,
    resolve,
    quotas,
    urls: createOtaUrls({ db, publicUrl: config.publicUrl }),
    connectivity,
    logger: app.log,
  });
  const deviceCa = createDeviceCa({ db, organization: config.productName });
  const authenticate = createIotAuthenticate(app, tokens);
  // API keys deleted with their user's account or at a password reset stop working here at once.
  const stopHearing = app.onSessionsEnded((event) => {
    if (event.apiKeysRevoked) tokens.forgetUser(event.userId);
  });
  app.addHook('onClose', async () => {
    stopHearing();
  });
  const rateLimit = rateLimitHook(app, config.iot.rateLimitPerMinute);
  const sketchesRepo = createSketchesRepository(db);
  const compile = createCompileService({
    db,
    resolve,
    quotas,
    settings: config.compile,
    logger: app.log,
    async loadSketch(space, id) {
      const s = await sketchesRepo.find(space, id);
      return s && { name: s.name, files: s.files };
    },
    // Read after loadSketch found the sketch in this space; the values reach only the job's arduino_secrets.h.
    loadSecrets: (_space, sketchId) => sketchesRepo.secrets(sketchId),
  });
  app.addHook('onClose', () => compile.close());

  await app.register(async (iot) => {
    limitBodies(iot);
    // Upstream (Goa) serves errors as application/vnd.goa.error+json; the body is our usual error body.
    iot.addHook('onSend', async (_request, reply, payload) => {
      if (
        reply.statusCode >= 400 &&
        String(reply.getHeader('content-type') ?? '').startsWith('application/json')
      ) {
        reply.type(MEDIA.error);
      }
      return payload;
    });
    await iot.register(clientTokenRoutes, { clients });
    await iot.register(exportDownloadRoutes, { historic });
    await iot.register(otaDownloadRoutes, { ota });
    await iot.register(async (authed) => {
      authed.addHook('onRequest', authenticate);
      if (rateLimit) authed.addHook('onRequest', rateLimit);
      await authed.register(catalogueRoutes);
      await authed.register(networkCredentialsRoutes);
      await authed.register(loraRoutes, { lora: createLoraService({ db, resolve, quotas, events }) });
      await authed.register(apiClientsRoutes, { clients });
      await authed.register(devicesRoutes, { devices });
      await authed.register(deviceConnectivityRoutes, {
        connectivity: createDeviceConnectivityService({ db, devices }),
      });
      await authed.register(refusedValuesRoutes, {
        refused: createRefusedValuesService({ db, devices, things }),
      });
      await authed.register(appLoginRoutes, { connectivity });
      await authed.register(otaRoutes, { ota });
      await authed.register(certsRoutes, {
        certs: createCertsService({ db, resolve, ca: deviceCa }),
      });
      await authed.register(thingsRoutes, { things });
      await authed.register(webhooksRoutes, { webhooks });
      await authed.register(thingSketchRoutes, {
        sketches: createThingSketchService({
          db,
          resolve,
          things,
          quotas,
          events,
          broker: sketchBrokerOf(config),
        }),
      });
      await authed.register(propertiesRoutes, {
        properties: createPropertiesService({
          db,
          resolve,
          events,
          telemetry,
          connectivity,
          triggers: valueFeed,
          code,
        }),
      });
      await authed.register(seriesRoutes, {
        series: createSeriesService({ db, resolve, telemetry, rawCacheBytes: config.iot.listCacheBytes }),
        historic,
      });
      await authed.register(dashboardsRoutes, { dashboards });
      await authed.register(triggersRoutes, { triggers });
      await authed.register(templatesApplyRoutes, { templates });
    });
  });
  // The web app's own lists (spec 7.4) and sketch files (7.5) answer errors in the usual JSON body.
  await app.register(async (web) => {
    limitBodies(web);
    web.addHook('onRequest', authenticate);
    if (rateLimit) web.addHook('onRequest', rateLimit);
    await web.register(groupsRoutes, { groups, notifications: createNotificationsService({ db }) });
    await web.register(sketchFilesRoutes, {
      files: createSketchFilesService({ db, resolve, writes: sketchWrites, changed: sketchChanged }),
    });
    await web.register(sketchesRoutes, { sketches });
    await web.register(templateStorageRoutes, { templates });
    await web.register(compileRoutes, { compile });
  });
}
