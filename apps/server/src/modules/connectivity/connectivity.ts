import type { Server as HttpServer } from 'node:http';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { createApiClientsRepository } from '../iot/api-clients/api-clients.repository.ts';
import { createClientTokens } from '../iot/api-clients/client-tokens.ts';
import { createSpaceResolver } from '../iot/common/space.ts';
import type { BusTransport, EventBus } from '../live/event-bus.ts';
import { createAccess } from './access.ts';
import { createBrokerHandlers } from './broker-handlers.ts';
import { createClientAuth } from './client-auth.ts';
import { createCommands } from './commands.ts';
import { createConnectivityRepository } from './connectivity.repository.ts';
import { createEmbeddedBroker, type Listening } from './embedded-broker.ts';
import type { ConnectivityHooks } from './hooks.ts';
import { createIngest, type IngestOptions } from './ingest.ts';
import { createPresence } from './presence.ts';
import { encodeSenml, valueToRecords } from './protocol.ts';
import { createRejections } from './rejections.ts';
import { createSessions } from './sessions.ts';
import { createTelemetryWriter, type TelemetryWriter } from './telemetry-adapter.ts';
import { createThingCache } from './thing-cache.ts';

/** Bindings of connected devices are re-read this often (changes made by other processes), activity written. */
const HOUSEKEEPING_MS = 10_000;

export interface ConnectivityDeps {
  config: Config;
  db: Database;
  logger: FastifyBaseLogger;
  events?: EventBus;
  /** The telemetry store; defaults to one over this database. */
  telemetry?: TelemetryWriter;
  ingest?: IngestOptions;
}

/**
 * Devices and applications over MQTT (issue 5): the broker, who may connect and to which topics, the device
 * session protocol, ingest of values, online status, and delivery of cloud writes. Built before the HTTP app
 * (which calls its hooks), started once the app exists (MQTT over WebSocket shares the HTTP server).
 */
export async function createConnectivity(deps: ConnectivityDeps) {
  const { config, db, logger } = deps;
  const mqtt = config.mqtt;
  if (mqtt.mode !== 'embedded') throw new Error('an external MQTT broker (MQTT_URL) is not supported yet');
  const repo = createConnectivityRepository(db);
  const broker = await createEmbeddedBroker(logger);
  const outbound = { publish: broker.publish };
  const sessions = createSessions({ repo, outbound, logger, disconnect: (id) => broker.disconnect(id) });
  const rejections = createRejections({ repo, logger });
  const presence = createPresence({ repo, events: deps.events, logger });
  const things = createThingCache(repo);
  const ingest = createIngest({
    things,
    telemetry: deps.telemetry ?? createTelemetryWriter(db),
    rejections,
    events: deps.events,
    logger,
    options: deps.ingest,
  });
  const commands = createCommands({ repo, sessions, outbound, rejections, logger });
  const tokens = createClientTokens({
    db,
    repo: createApiClientsRepository(db),
    issuer: `${config.publicUrl}/iot`,
  });
  const access = createAccess({ repo, sessions, resolve: createSpaceResolver(db) });
  let userOfAccessToken: ((token: string) => Promise<string>) | null = null;
  const auth = createClientAuth({
    repo,
    tokens,
    userOfAccessToken: (token) => {
      if (!userOfAccessToken) throw new Error('the HTTP app is not attached');
      return userOfAccessToken(token);
    },
  });
  broker.install(createBrokerHandlers({ auth, access, repo, sessions, presence, ingest, commands, logger }));

  let timer: NodeJS.Timeout | null = null;
  let listening: Listening | null = null;

  const hooks: ConnectivityHooks = {
    async deliver(thingId, values) {
      if (values.length === 0) return;
      const entry = await things.get(thingId);
      for (const v of values) {
        const property = entry?.byVariable.get(v.name);
        if (property) ingest.expectEcho(property.id, v.value);
      }
      const payload = encodeSenml(values.flatMap((v) => valueToRecords(v.name, v.type, v.value)));
      await broker.publish(`/a/t/${thingId}/e/i`, payload);
    },
    bindingsChanged(deviceIds) {
      if (!deviceIds.some((id) => id && sessions.get(id))) return;
      void sessions.recheck().catch((err: unknown) => logger.error({ err }, 'binding re-check failed'));
    },
    async secretChanged(deviceId, secret) {
      auth.forget(deviceId);
      // A device whose key is removed keeps no connection it made with it.
      if (secret === null && sessions.get(deviceId)) broker.disconnect(deviceId);
    },
  };

  return {
    hooks,
    /** Between server processes (the live event bus rides on it). */
    transport: broker.transport satisfies BusTransport,
    ingest,

    /**
     * Opens the listeners. `http` carries MQTT over WebSocket at /mqtt; `userOfAccessToken` checks application
     * tokens of the identity provider (the HTTP app's verifier).
     */
    async start(opts: { http?: HttpServer; userOfAccessToken: (token: string) => Promise<string> }) {
      userOfAccessToken = opts.userOfAccessToken;
      await presence.sweep();
      listening = await broker.listen(mqtt, opts.http);
      timer = setInterval(() => {
        void sessions.recheck().catch((err: unknown) => logger.error({ err }, 'binding re-check failed'));
        void presence.flushActivity().catch((err: unknown) => logger.error({ err }, 'activity not stored'));
      }, HOUSEKEEPING_MS);
      timer.unref();
      logger.info({ ...listening, host: mqtt.host }, 'MQTT broker listening');
      return listening;
    },

    get listening() {
      return listening;
    },

    /** For the status feed: resolves while devices can connect. */
    health: () => broker.health(),

    async close() {
      if (timer) clearInterval(timer);
      await broker.close();
      await presence.settled();
      await ingest.drain();
      await presence.flushActivity().catch(() => undefined);
    },
  };
}
export type Connectivity = Awaited<ReturnType<typeof createConnectivity>>;
