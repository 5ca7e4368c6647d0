import type { Server as HttpServer } from 'node:http';
import type { Server as HttpsServer } from 'node:https';
import { REFUSED_REASONS } from '@tinkercloud/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import type { CertificateSource } from '../../tls/certificate-source.ts';
import { createClientTokens } from '../iot/api-clients/client-tokens.ts';
import { certificateLoginCheck } from '../iot/certs/certificate-logins.ts';
import { createDeviceCa } from '../iot/certs/device-ca.ts';
import { createOtaDevice } from '../iot/ota/ota-device.ts';
import type { DeviceFeed } from '../iot/triggers/device-feed.ts';
import type { EventBus, LiveTransport, SpaceKey } from '../live/live-event.ts';
import { markProvisioned } from '../provisioning/mark-provisioned.ts';
import { createSpaceResolver } from '../spaces/space-access.ts';
import type { TelemetryStore } from '../telemetry/telemetry-store.ts';
import { createAccess } from './access.ts';
import { createAppLoginsRepository } from './app-logins.repository.ts';
import { APP_LOGIN_SWEEP_MS, createAppLogins } from './app-logins.ts';
import { createBrokerHandlers } from './broker-handlers.ts';
import { type BrokerStats, createMessageMeter } from './broker-stats.ts';
import { createClientAuth } from './client-auth.ts';
import { createCommands } from './commands.ts';
import type { MqttConfig } from './config.ts';
import { createConnectivityRepository } from './connectivity.repository.ts';
import { createDeviceRate, overRate } from './device-rate.ts';
import { createDstPushes } from './dst-pushes.ts';
import { createDynsec } from './dynsec.ts';
import { createEmbeddedBroker, type Listening } from './embedded-broker.ts';
import { createExternalBroker, type ExternalMessage, SHARED_GROUP } from './external-broker.ts';
import type { ConnectivityHooks } from './hooks.ts';
import { createIngest, type IngestOptions } from './ingest.ts';
import { parseLogLine } from './mosquitto-log.ts';
import { createPresence } from './presence.ts';
import { encodeSenml, valueToRecords } from './protocol.ts';
import { createRefusedValuesRepository } from './refused-values.repository.ts';
import { createRejections } from './rejections.ts';
import { createSessions } from './sessions.ts';
import { createStaleSweep } from './stale-sweep.ts';
import { createThingCache } from './thing-cache.ts';
import { parseTopic } from './topics.ts';

/**
 * Housekeeping runs this often: the bindings of connected devices due for a re-read are read (each every
 * RECHECK_AFTER_MS, for changes made by other processes), and activity is written. Small and often: a fleet's
 * work done every 10 s in one go held PGlite for most of a second, and values queued behind it.
 */
const HOUSEKEEPING_MS = 1_000;
/**
 * Connected applications are checked against their account this often (embedded broker): a password reset or
 * an account deletion in any process ends them within this plus the account check's cache time.
 */
const APP_SESSION_CHECK_MS = 5_000;
const LOG_TOPIC = '$SYS/broker/log/N';
/**
 * How long a connected device waits for others before their onboardings are marked: devices connect one per
 * turn of the event loop, so marking each turn's was a statement per device (as status writes, presence.ts).
 */
const ONBOARDING_MARK_WAIT_MS = 50;
/** Broker log lines handled together, at most. */
const MAX_LOG_LINES = 1_000;
/** How long the first of a group of broker log lines waits for others (connects and disconnects). */
const LOG_GATHER_MS = 25;

export interface ConnectivityDeps {
  config: Config;
  db: Database;
  logger: FastifyBaseLogger;
  /** Where device status and values are announced; may also be given later (`useEvents`). */
  events?: EventBus;
  /** The telemetry store the REST API uses too. */
  telemetry: TelemetryStore;
  ingest?: IngestOptions;
  /** External mode: overrides the configured client id (tests run two "processes" in one). */
  clientId?: string;
  /** External mode: messages received and not yet acknowledged, at most (default `MAX_IN_FLIGHT`). */
  maxInFlight?: number;
}

interface StartOptions {
  /** Carries MQTT over WebSocket at /mqtt (embedded broker). */
  http?: HttpServer;
  /** The HTTPS listener: MQTT over WebSocket at /mqtt there too (`wss://`). */
  https?: HttpsServer;
  /** The certificate of MQTT over TLS (src/tls); without it there is no TLS listener. */
  tls?: CertificateSource | null;
  /** Checks application tokens of the identity provider (the HTTP app's verifier and account check). */
  userOfAccessToken: (token: string) => Promise<string>;
  /** The HTTP app's account check (`app.tokenAccepted`); absent, connected applications are not re-checked. */
  tokenAccepted?: (userId: string, issuedAt: unknown, opts?: { apiKey?: boolean }) => Promise<boolean>;
}

/**
 * Devices and applications over MQTT (issue 5): the broker, who may connect and to which topics, the device
 * session protocol, ingest of values, online status, and delivery of cloud writes. Built before the HTTP app
 * (which calls its hooks), started once the app exists (MQTT over WebSocket shares the HTTP server).
 * Embedded: Aedes in this process. External (`MQTT_URL`): a privileged client of Mosquitto that ingests through
 * a shared subscription and keeps devices' credentials and ACLs in its dynamic-security plugin.
 */
export async function createConnectivity(deps: ConnectivityDeps) {
  const { db, logger } = deps;
  const mqtt = deps.config.mqtt;
  // The bus rides on this module's broker, so it is often made after it: a stand-in forwards to it.
  let bus = deps.events;
  const events: EventBus = {
    publish: (event) => bus?.publish(event),
    subscribe: (space, handler) => bus?.subscribe(space, handler) ?? (() => undefined),
  };
  const repo = createConnectivityRepository(db);
  const rejections = createRejections({ repo, refused: createRefusedValuesRepository(db), logger });
  const rate = createDeviceRate(mqtt.limits.deviceRate);
  const presence = createPresence({ repo, events, logger });
  // Kept until the live bus says a thing changed (here or in another process).
  const things = createThingCache(repo, { events });
  const ingest = createIngest({
    things,
    telemetry: deps.telemetry,
    rejections,
    events,
    logger,
    options: deps.ingest,
  });
  const lastValues = async (ids: string[]) => deps.telemetry.lastValues(ids);
  const useEvents = (next: EventBus) => {
    bus = next;
    // The cache listened to the previous bus (or to none): it starts again on this one.
    things.forget();
  };
  // Onboardings waiting for this device learn that it connected (issue 5 item 6).
  // The devices connecting within ONBOARDING_MARK_WAIT_MS are marked together: one statement, not one each.
  const connecting: string[] = [];
  const onDeviceConnected = (deviceId: string) => {
    connecting.push(deviceId);
    if (connecting.length > 1) return;
    setTimeout(() => {
      const deviceIds = connecting.splice(0);
      void markProvisioned(db, events, deviceIds).catch((err: unknown) =>
        logger.error({ err, deviceIds }, 'onboarding not marked provisioned'),
      );
    }, ONBOARDING_MARK_WAIT_MS);
  };
  const feed: DeviceFeed = { onValues: ingest.onValues, onDeviceStatus: presence.onStatus };
  const ota = createOtaDevice({ db, publicUrl: deps.config.publicUrl });
  const parts = {
    feed,
    deps,
    events,
    ota,
    repo,
    presence,
    things,
    ingest,
    rejections,
    rate,
    lastValues,
    useEvents,
    onDeviceConnected,
  };
  return mqtt.mode === 'embedded' ? embedded(parts, mqtt) : external(parts, mqtt);
}

type Parts = {
  feed: DeviceFeed;
  deps: ConnectivityDeps;
  /** The live bus (a stand-in until `useEvents`). */
  events: EventBus;
  repo: ReturnType<typeof createConnectivityRepository>;
  presence: ReturnType<typeof createPresence>;
  things: ReturnType<typeof createThingCache>;
  ingest: ReturnType<typeof createIngest>;
  rejections: ReturnType<typeof createRejections>;
  /** Each device's message rate (limits of `MQTT_DEVICE_MESSAGES_PER_SECOND` / `_BURST`). */
  rate: ReturnType<typeof createDeviceRate>;
  lastValues: (ids: string[]) => Promise<Map<string, { at: Date; value: unknown }>>;
  /** Sets the live event bus (made from this module's transport). */
  useEvents: (bus: EventBus) => void;
  onDeviceConnected: (deviceId: string) => void;
  ota: ReturnType<typeof createOtaDevice>;
};

/** Encodes cloud writes for a thing's device and remembers them, so the device's echo is known as one. */
async function writesFor(parts: Parts, thingId: string, values: Parameters<ConnectivityHooks['deliver']>[1]) {
  const entry = await parts.things.get(thingId);
  for (const v of values) {
    const property = entry?.byVariable.get(v.name);
    if (property) parts.ingest.expectEcho(property.id, v.value);
  }
  return encodeSenml(values.flatMap((v) => valueToRecords(v.name, v.type, v.value)));
}

function housekeeping(parts: Parts, recheck: () => Promise<void>) {
  const { logger } = parts.deps;
  const timer = setInterval(() => {
    void recheck().catch((err: unknown) => logger.error({ err }, 'binding re-check failed'));
    void parts.presence.flushActivity().catch((err: unknown) => logger.error({ err }, 'activity not stored'));
  }, HOUSEKEEPING_MS);
  timer.unref();
  return timer;
}

async function embedded(parts: Parts, mqtt: Extract<MqttConfig, { mode: 'embedded' }>) {
  const { deps, repo, presence, ingest, rejections } = parts;
  const { config, db, logger } = deps;
  const broker = await createEmbeddedBroker(logger, { maxPacketBytes: mqtt.limits.maxPacketBytes });
  const outbound = { publish: broker.publish };
  const sessions = createSessions({ repo, outbound, logger, disconnect: (id) => broker.disconnect(id) });
  const dst = createDstPushes({ sessions, things: parts.things, logger });
  const commands = createCommands({
    repo,
    sessions,
    outbound,
    rejections,
    logger,
    lastValues: parts.lastValues,
    ota: parts.ota,
    toldTimezone: dst.remember,
  });
  const tokens = createClientTokens({
    db,
    issuer: `${config.publicUrl}/iot`,
  });
  const access = createAccess({ repo, sessions, resolve: createSpaceResolver(db) });
  let stopDst: (() => void) | null = null;
  let userOfAccessToken: StartOptions['userOfAccessToken'] | null = null;
  let tokenAccepted: StartOptions['tokenAccepted'] | null = null;
  const auth = createClientAuth({
    repo,
    tokens,
    enabledCertificates: certificateLoginCheck(db),
    userOfAccessToken: (token) => {
      if (!userOfAccessToken) throw new Error('the HTTP app is not attached');
      return userOfAccessToken(token);
    },
    tokenAccepted: async (userId, issuedAt, opts) =>
      tokenAccepted ? tokenAccepted(userId, issuedAt, opts) : true,
  });
  /** Ends the connections of applications whose token no longer counts (password reset, account deleted). */
  async function recheckApplications() {
    const check = tokenAccepted;
    if (!check) return;
    for (const { clientId, identity } of broker.applications()) {
      const ok =
        identity.issuedAt === undefined
          ? await check(identity.userId, 0, { apiKey: true })
          : await check(identity.userId, identity.issuedAt);
      if (ok) continue;
      logger.info({ clientId, userId: identity.userId }, 'application token ended by an account change');
      broker.disconnect(clientId);
    }
  }
  let appTimer: NodeJS.Timeout | null = null;
  broker.install(
    createBrokerHandlers({
      auth,
      access,
      repo,
      sessions,
      presence,
      ingest,
      commands,
      rejections,
      rate: parts.rate,
      logger,
      onDeviceConnected: parts.onDeviceConnected,
    }),
  );
  let timer: NodeJS.Timeout | null = null;
  let listening: Listening | null = null;

  const hooks: ConnectivityHooks = {
    async deliver(thingId, values) {
      if (values.length === 0) return;
      await broker.publish(`/a/t/${thingId}/e/i`, await writesFor(parts, thingId, values));
    },
    async bindingsChanged(deviceIds) {
      if (!deviceIds.some((id) => id && sessions.get(id))) return;
      await sessions.recheck().catch((err: unknown) => logger.error({ err }, 'binding re-check failed'));
    },
    // The embedded broker checks application tokens itself: nothing to register.
    appLogin: async () => undefined,
    appLogout: async () => undefined,
    async otaOffered(deviceId) {
      if (sessions.get(deviceId)) await commands.offerOta(deviceId);
    },
    async secretChanged(deviceId) {
      auth.forget(deviceId);
      // A device whose key is removed or replaced keeps no connection it made with the old one (as Mosquitto
      // kicks a client whose credentials change): also one whose session has not begun yet (its record still
      // being read), which would otherwise begin and stay. A board with the new key logs in again.
      broker.disconnect(deviceId);
    },
    // Each login reads the device from the database: a device in the trash is refused, a restored one admitted.
    async trashChanged(deviceId, inTrash) {
      auth.forget(deviceId);
      // As for a removed key: also a connection whose session has not begun yet.
      if (inTrash) broker.disconnect(deviceId);
    },
  };

  const stats: BrokerStats = {
    kind: 'embedded',
    connections: broker.connections,
    messagesTotal: () => broker.messages.total,
    messagesPerSecond: () => broker.messages.perSecond(),
    onCommit: ingest.onCommit,
  };

  return {
    mode: 'embedded' as const,
    hooks,
    /** Connections, messages and ingest commits of this process, for the health page and `/metrics`. */
    stats,
    /** Between server processes (the live event bus rides on it); in this process only, here. */
    transport: broker.transport satisfies LiveTransport,
    useEvents: parts.useEvents,
    ingest,
    /** Timezone offset changes pushed to connected devices (tests scan with their own clock). */
    dst,
    /** Values and status changes stored here, for triggers. */
    feed: parts.feed,
    /** Each device's message rate (messages held for their token: `rate.held()`). */
    rate: parts.rate,
    /** Writes the refusals counted and not written yet (they are written within a second anyway). */
    flushRejections: () => rejections.flush(),

    async start(opts: StartOptions) {
      userOfAccessToken = opts.userOfAccessToken;
      tokenAccepted = opts.tokenAccepted ?? null;
      await presence.sweep();
      // Devices with a certificate of the device CA may log in with it on the TLS listener.
      const tls = mqtt.tls ? (opts.tls ?? undefined) : undefined;
      const clientCa = tls
        ? (await createDeviceCa({ db, organization: config.productName }).get()).certificatePem
        : undefined;
      const http = [opts.http, opts.https].filter((s): s is HttpServer | HttpsServer => s !== undefined);
      listening = await broker.listen(mqtt, { http, tls, clientCa });
      timer = housekeeping(parts, () => sessions.recheck({ dueOnly: true }));
      appTimer = setInterval(() => {
        void recheckApplications().catch((err: unknown) =>
          logger.error({ err }, 'application re-check failed'),
        );
      }, APP_SESSION_CHECK_MS);
      appTimer.unref();
      stopDst = dst.start();
      logger.info({ ...listening, host: mqtt.host }, 'MQTT broker listening');
      return listening;
    },

    get listening() {
      return listening;
    },

    /** For the status feed: resolves while devices can connect. */
    health: () => broker.health(),

    /** Re-checks connected applications against their accounts now (it also runs every APP_SESSION_CHECK_MS). */
    recheckApplications,

    /** A user's sessions ended in this process: their applications' connections end at once. */
    async endApplicationSessions(userId: string) {
      for (const { clientId, identity } of broker.applications())
        if (identity.userId === userId) broker.disconnect(clientId);
    },

    async close() {
      if (timer) clearInterval(timer);
      if (appTimer) clearInterval(appTimer);
      stopDst?.();
      await broker.close();
      await presence.settled();
      await ingest.drain();
      await presence.flushActivity().catch(() => undefined);
      await rejections.flush();
    },
  };
}

async function external(parts: Parts, mqtt: Extract<MqttConfig, { mode: 'external' }>) {
  const { deps, repo, presence, things, ingest, rejections } = parts;
  const { logger } = deps;
  const connections = new Map<string, object>();
  // This process's share of the devices' messages (the shared subscriptions split them between processes).
  const messages = createMessageMeter();
  // Wired below: the broker needs the message handler, the handler needs the broker's publish.
  let handle: (m: ExternalMessage) => Promise<boolean> = async () => false;
  const broker = createExternalBroker({
    url: mqtt.url,
    logger,
    clientId: deps.clientId ?? mqtt.clientId,
    subscriptions: [
      `$share/${SHARED_GROUP}//a/d/+/c/up`,
      `$share/${SHARED_GROUP}//a/t/+/e/o`,
      `$share/${SHARED_GROUP}//a/t/+/shadow/o`,
      // Applications' writes (the broker let only those allowed publish); stored as the embedded broker does.
      `$share/${SHARED_GROUP}//a/t/+/e/i`,
      LOG_TOPIC,
    ],
    onMessage: (m) => handle(m),
    ...(deps.maxInFlight !== undefined && { maxInFlight: deps.maxInFlight }),
  });
  const outbound = { publish: (topic: string, payload: Uint8Array) => broker.publish(topic, payload) };
  // Mosquitto kicks a client whose credentials or roles change; nothing to end here.
  const sessions = createSessions({ repo, outbound, logger, disconnect: () => undefined });
  const dst = createDstPushes({ sessions, things, logger });
  const commands = createCommands({
    repo,
    sessions,
    outbound,
    rejections,
    logger,
    lastValues: parts.lastValues,
    ota: parts.ota,
    toldTimezone: dst.remember,
  });
  const dynsec = createDynsec({ client: broker.client, logger });
  let stopDst: (() => void) | null = null;
  const stale = createStaleSweep({
    repo,
    presence,
    logger,
    isConnected: (id) => connections.has(id),
    // Disabling a client makes Mosquitto drop its connection; enabled again at once, a live device reconnects.
    // A device in the trash stays disabled (it is marked offline all the same).
    probe: async (ids) => {
      const bindings = await repo.bindings(ids);
      const live = ids.filter((id) => bindings.get(id)?.live);
      if (live.length === 0) return;
      await dynsec.run(
        live.flatMap((username) => [
          { command: 'disableClient', username },
          { command: 'enableClient', username },
        ]),
      );
    },
  });
  let stopStale: (() => void) | null = null;
  const appLogins = createAppLogins({
    repo: createAppLoginsRepository(deps.db),
    dynsec,
    logger,
    events: parts.events,
  });
  let timer: NodeJS.Timeout | null = null;
  let loginTimer: NodeJS.Timeout | null = null;

  // Log lines are handled in the order they came: a disconnect must not overtake the connect it follows while
  // the device's record is being read (the device would stay online with no connection). They are taken in
  // groups, with one read of the devices that connected: 10,000 devices connecting in a minute must not cost
  // 10,000 reads one after another. Acknowledged to the broker at once (they are not values: a line lost in a
  // crash is a status the start-up and stale sweeps put right), so they never hold back the devices' messages
  // behind them on the connection. A group starts LOG_GATHER_MS after its first line: handled at once, a fleet
  // connecting at 500/s made groups of two or three lines, each costing a device read, a status transaction and
  // an onboarding update.
  const logQueue: string[] = [];
  let logWork: Promise<void> | null = null;
  function queueLogLine(line: string) {
    logQueue.push(line);
    logWork ??= new Promise((resolve) => setTimeout(resolve, LOG_GATHER_MS))
      .then(handleLogLines)
      .catch((err: unknown) => logger.error({ err }, 'broker log lines not handled'))
      .finally(() => {
        logWork = null;
      });
  }

  async function handleLogLines() {
    while (logQueue.length > 0) {
      const events = logQueue
        .splice(0, MAX_LOG_LINES)
        .map((line) => parseLogLine(line))
        .flatMap((e) => {
          const id = e?.clientId.toLowerCase();
          return e && id && parseTopic(`/a/d/${id}/c/up`) ? [{ kind: e.kind, id }] : [];
        });
      const arriving = events
        .filter((e) => e.kind === 'connected' && !connections.has(e.id))
        .map((e) => e.id);
      const devices = await repo.devices([...new Set(arriving)]);
      for (const e of events) connectionEvent(e.kind, e.id, devices);
    }
  }

  function connectionEvent(
    kind: 'connected' | 'disconnected',
    id: string,
    devices: Map<string, { space: SpaceKey; thingId: string | null; deleted: boolean }>,
  ) {
    if (kind === 'connected') {
      if (connections.has(id)) return;
      const device = devices.get(id);
      if (!device || device.deleted) return;
      const connection = {};
      connections.set(id, connection);
      sessions.open(id, device.space, device.thingId, connection);
      parts.onDeviceConnected(id);
      // Not awaited: presence writes many devices' status together and keeps each device's order itself.
      void presence.connected(id, device.space, connection);
      return;
    }
    const connection = connections.get(id);
    if (!connection) return;
    connections.delete(id);
    const session = sessions.get(id);
    sessions.close(id, connection);
    if (session) void presence.disconnected(id, session.space, connection);
  }

  /**
   * Mosquitto has no per-client message rate: the check runs here, on the share of the device's messages this
   * process receives. Over it, the message is acknowledged to the broker, dropped and counted, whatever its
   * QoS: the broker acknowledged it to the device already, and holding the server's own acknowledgement would
   * hold every device's messages behind it on the shared subscription (connectivity README).
   */
  function withinRate(deviceId: string, topic: string): boolean {
    if (parts.rate.take(deviceId)) return true;
    rejections.refuseMessage(deviceId, topic, overRate(parts.rate), REFUSED_REASONS.overRateDropped);
    return false;
  }

  handle = async ({ topic, payload, fromServer }) => {
    if (topic === LOG_TOPIC) {
      queueLogLine(payload.toString('utf8'));
      return true;
    }
    // Clients' messages only: the server's own writes come back to it through its subscription.
    if (!fromServer) messages.count();
    const t = parseTopic(topic);
    if (!t) return true;
    if (t.scope === 'thing' && t.channel === 'e/i') {
      // The broker does not say which application wrote: only that its role allowed it.
      if (!fromServer) await ingest.fromApplication('(external broker)', t.id, payload);
      return true;
    }
    if (t.scope === 'device') {
      if (t.channel !== 'c/up') return true;
      presence.activity(t.id);
      stale.seen(t.id);
      if (!withinRate(t.id, topic)) return true;
      await commands.command(t.id, payload);
      return true;
    }
    // The broker let only the thing's device publish here (its role): the thing names the device.
    const deviceId = (await things.get(t.id))?.thing.deviceId;
    if (!deviceId) return true;
    presence.activity(deviceId);
    stale.seen(deviceId);
    if (!withinRate(deviceId, topic)) return true;
    if (t.channel === 'e/o') await ingest.fromDevice(deviceId, t.id, topic, payload);
    else if (t.channel === 'shadow/o') await commands.shadowRequest(deviceId, t.id, payload);
    return true;
  };

  /** The legacy flow's thing id, kept retained on the device's `e/i` (we do not see its SUBSCRIBE here). */
  async function retainThingId(deviceId: string, thingId: string | null) {
    const payload = thingId ? encodeSenml([{ name: 'thing_id', value: thingId }]) : new Uint8Array();
    await broker.publish(`/a/d/${deviceId}/e/i`, payload, { retain: true });
  }

  async function syncBinding(deviceId: string) {
    const b = (await repo.bindings([deviceId])).get(deviceId);
    if (!b?.live) {
      await dynsec.deleteDevice(deviceId);
      await retainThingId(deviceId, null);
      return;
    }
    await dynsec.syncDevice(deviceId, { thingId: b.thingId });
    await retainThingId(deviceId, b.thingId);
  }

  const hooks: ConnectivityHooks = {
    async deliver(thingId, values) {
      if (values.length === 0) return;
      await broker.publish(`/a/t/${thingId}/e/i`, await writesFor(parts, thingId, values));
    },
    async otaOffered(deviceId) {
      if (sessions.get(deviceId)) await commands.offerOta(deviceId);
    },
    async bindingsChanged(deviceIds) {
      const ids = [...new Set(deviceIds.filter((id): id is string => Boolean(id)))];
      try {
        for (const id of ids) await syncBinding(id);
        await sessions.recheck({ notify: true });
      } catch (err) {
        logger.error({ err, deviceIds: ids }, 'device binding not synchronised');
      }
    },
    async secretChanged(deviceId, secret) {
      if (secret === null) {
        await dynsec
          .deleteDevice(deviceId)
          .catch((err: unknown) => logger.error({ err, deviceId }, 'key not removed'));
        await retainThingId(deviceId, null).catch(() => undefined);
        return;
      }
      // Setting a key that the broker does not get would leave a device that cannot connect: this one fails loudly.
      const b = (await repo.bindings([deviceId])).get(deviceId);
      await dynsec.syncDevice(deviceId, { thingId: b?.thingId ?? null, secret });
      await retainThingId(deviceId, b?.thingId ?? null);
    },
    /**
     * Mosquitto knows the key itself (we keep only its hash): the client of a device in the trash is disabled,
     * not deleted, so that a restore can admit the device again with the key it has.
     */
    async trashChanged(deviceId, inTrash) {
      if (inTrash) {
        await dynsec
          .disableDevice(deviceId)
          .catch((err: unknown) => logger.error({ err, deviceId }, 'device in the trash not disabled'));
        await retainThingId(deviceId, null).catch(() => undefined);
        return;
      }
      // Roles first: changing them kicks a connected client, which the device just enabled would be.
      await syncBinding(deviceId);
      await dynsec.enableDevice(deviceId);
    },
    appLogin: (login) => appLogins.register(login),
    async appLogout(userId) {
      await appLogins.remove(userId);
    },
  };

  const stats: BrokerStats = {
    kind: 'external',
    // Every process reads the broker's connect and disconnect log lines, so each knows every device.
    connections: () => connections.size,
    messagesTotal: () => messages.total,
    messagesPerSecond: () => messages.perSecond(),
    onCommit: ingest.onCommit,
  };

  return {
    mode: 'external' as const,
    hooks,
    /** Devices connected to the broker, this process's messages and ingest commits (health page, `/metrics`). */
    stats,
    transport: broker.transport satisfies LiveTransport,
    useEvents: parts.useEvents,
    ingest,
    /** Values and status changes stored here, for triggers. */
    feed: parts.feed,
    rate: parts.rate,
    flushRejections: () => rejections.flush(),
    /** The server's own client of the broker (tests drop its connection). */
    broker,
    dynsec,
    appLogins,
    dst,
    stale,
    /** Whether this process saw the device connect (and not yet go). */
    knowsConnected: (deviceId: string) => connections.has(deviceId),
    clientId: broker.clientId,

    /** A user's sessions ended in this process: the user's broker login ends at once (other processes: sweep). */
    async endApplicationSessions(userId: string) {
      // A deleted account's login row went with it (cascade): then its broker client is an orphan.
      if (!(await appLogins.remove(userId))) await appLogins.removeOrphans();
    },

    async start(_opts: StartOptions) {
      await broker.ready();
      await dynsec.denyByDefault();
      timer = housekeeping(parts, () => sessions.recheck({ notify: false, dueOnly: true }));
      const sweepLogins = () =>
        appLogins.sweep().catch((err: unknown) => logger.error({ err }, 'application logins not swept'));
      await sweepLogins();
      loginTimer = setInterval(sweepLogins, APP_LOGIN_SWEEP_MS);
      loginTimer.unref();
      stopDst = dst.start();
      stopStale = stale.start();
      logger.info({ clientId: broker.clientId }, 'using the external MQTT broker');
      return null;
    },

    get listening(): Listening | null {
      return null;
    },

    health: () => broker.health(),

    async close() {
      if (timer) clearInterval(timer);
      if (loginTimer) clearInterval(loginTimer);
      stopDst?.();
      stopStale?.();
      appLogins.close();
      await broker.close(() => ingest.drain());
      await logWork;
      await presence.settled();
      await presence.flushActivity().catch(() => undefined);
      await rejections.flush();
    },
  };
}

export type Connectivity = Awaited<ReturnType<typeof createConnectivity>>;
