import { constants as cryptoConstants } from 'node:crypto';
import type { EventEmitter } from 'node:events';
import type { IncomingMessage } from 'node:http';
import { createServer, type Server } from 'node:net';
import type { Duplex } from 'node:stream';
import { createServer as createTlsServer, TLSSocket } from 'node:tls';
import { Aedes, type AuthenticateError, type Client } from 'aedes';
import type { FastifyBaseLogger } from 'fastify';
import { createWebSocketStream, WebSocketServer } from 'ws';
import { ConfigError } from '../../config.ts';
import type { CertificateSource } from '../../tls/certificate-source.ts';
import { listenOnce, listenWithFallback } from '../../tls/listen.ts';
import type { LiveTransport } from '../live/live-event.ts';
import { clientStream, connectedClient, connectedClients } from './aedes-connections.ts';
import type { BrokerHandlers } from './broker-handlers.ts';
import { createMessageMeter } from './broker-stats.ts';
import { commonNameOf } from './certificate-subject.ts';
import type { ClientIdentity, VerifiedCertificate } from './client-auth.ts';
import type { MqttConfig } from './config.ts';
import { guardPacketSize } from './packet-size-guard.ts';
import { INTERNAL_PREFIX } from './topics.ts';

type EmbeddedConfig = Extract<MqttConfig, { mode: 'embedded' }>;

/** MQTT over WebSocket lives here on the HTTP port (arduino-iot-js connects to `wss://…/mqtt`). */
const WEBSOCKET_PATH = '/mqtt';
/** Where a refused message goes: a topic no client may subscribe to, so nobody receives it. */
const DISCARDED = `${INTERNAL_PREFIX}discarded`;
/** How far past the default port a free one is looked for when MQTT_PORT was left unset. */
const PORT_SEARCH = 100;

/**
 * The client certificate of a TLS connection, when it chains to the device CA. Read with
 * `getPeerCertificate()`: `getPeerX509Certificate()` copies the certificate, and OpenSSL 3 decodes its public
 * key again for the copy (1.3 M instructions a login, against 0.36 M; connectivity README, "TLS handshakes").
 */
function verifiedCertificate(client: Client): VerifiedCertificate | undefined {
  const conn = clientStream(client);
  if (!(conn instanceof TLSSocket) || !conn.authorized) return undefined;
  const cert = conn.getPeerCertificate();
  const cn = commonNameOf(cert.subject);
  if (!cert.serialNumber || cn === undefined) return undefined;
  return { commonName: cn, serial: cert.serialNumber.toLowerCase() };
}

/**
 * No TLS session tickets on the MQTT listener. Issuing TLS 1.3's two tickets copied the session, whose client
 * certificate OpenSSL 3 decodes again: a quarter of a certificate handshake's instructions. Devices do not
 * resume sessions (Arduino's boards speak TLS 1.2 without tickets; mqtt.js starts each connection afresh), and
 * Node keeps no server sessions without a `newSession` listener, so with this option every connection is a full
 * handshake, as it was in practice.
 */
const NO_SESSION_TICKETS = cryptoConstants.SSL_OP_NO_TICKET;

export interface Listening {
  port: number;
  tlsPort: number | null;
  websocketPath: string | null;
}

/**
 * Aedes in this process: plain MQTT on MQTT_PORT, optional MQTT over TLS, and MQTT over WebSocket at /mqtt on
 * the HTTP server. Every client goes through the broker handlers; a QoS 1 publish is acknowledged only after
 * `handlers.publish` settled, which is after its values are committed.
 */
export async function createEmbeddedBroker(logger: FastifyBaseLogger, limits: { maxPacketBytes: number }) {
  const identities = new WeakMap<Client, ClientIdentity>();
  let handlers: BrokerHandlers | null = null;
  const servers: Server[] = [];
  let wss: WebSocketServer | null = null;
  const detachUpgrade: (() => void)[] = [];
  const stopWatching: (() => void)[] = [];
  const ownPayloads = new WeakSet<object>();
  // Every publish a client sends, counted before it is checked (a refused one cost the broker as much).
  const messages = createMessageMeter();

  const aedes = await Aedes.createBroker({
    // A device may not keep the broker waiting long before it says who it is.
    connectTimeout: 10_000,
    authenticate(client, username, password, done) {
      const h = handlers;
      if (!h) return done(refusal(3, 'starting'), false);
      h.authenticate(client.id, username, password?.toString('utf8'), verifiedCertificate(client)).then(
        (result) => {
          if (!result.ok) return done(refusal(result.code, result.reason), false);
          identities.set(client, result.identity);
          done(null, true);
        },
        (err: unknown) => {
          logger.error({ err }, 'MQTT authentication failed');
          done(refusal(3, 'server unavailable'), false);
        },
      );
    },
    authorizePublish(client, packet, done) {
      if (client) messages.count();
      const who = client ? identities.get(client) : undefined;
      if (!who || !handlers) return done(new Error('not authorized'));
      packet.retain = false;
      // A device's QoS 1 publish over its rate settles late: its PUBACK waits, and so does the reading of the
      // connection's next packets (Aedes reads on once a chunk's packets are all handled).
      const open = () => !client?.closed;
      handlers
        .publish(who, packet.topic, packet.payload as Buffer, {
          qos: packet.qos,
          open,
          connection: client ?? undefined,
        })
        .then(
          (decision) => {
            if (!decision.allowed) return done(new Error(`not authorized to publish on ${packet.topic}`));
            if (decision.forward === null) packet.topic = DISCARDED;
            else if (decision.forward !== 'as-is') packet.payload = Buffer.from(decision.forward);
            done(null);
          },
          (err: unknown) => {
            // Not stored, so not acknowledged: the connection closes and the device sends it again.
            logger.warn({ err, topic: packet.topic }, 'MQTT publish not stored');
            done(err instanceof Error ? err : new Error(String(err)));
          },
        );
    },
    authorizeSubscribe(client, sub, done) {
      const who = identities.get(client);
      if (!who || !handlers) return done(null, null);
      handlers.maySubscribe(who, sub.topic).then(
        (ok) => done(null, ok ? sub : null),
        (err: unknown) => {
          logger.error({ err }, 'MQTT subscription check failed');
          done(null, null);
        },
      );
    },
    authorizeForward(client, packet) {
      const who = identities.get(client);
      if (!who || !handlers) return null;
      return handlers.mayReceive(who, packet.topic) ? packet : null;
    },
  });

  /**
   * Every connection, whichever listener it came in on, passes the packet size guard before Aedes reads it.
   * The client is known only once Aedes made it; a packet is read long after that.
   */
  function handle(conn: Duplex, req?: IncomingMessage) {
    let client: Client | undefined;
    guardPacketSize(conn, limits.maxPacketBytes, (bytes) => {
      handlers?.tooLarge(client ? identities.get(client) : undefined, bytes, limits.maxPacketBytes);
    });
    client = aedes.handle(conn, req);
  }

  aedes.on('clientReady', (client) => {
    const who = identities.get(client);
    if (who) void handlers?.connected(who, client);
  });
  aedes.on('clientDisconnect', (client) => {
    const who = identities.get(client);
    if (who) void handlers?.disconnected(who, client);
  });
  aedes.on('subscribe', (subs, client) => {
    const who = identities.get(client);
    if (!who || !handlers) return;
    // A refused subscription comes back with the failure code 128 as its QoS.
    for (const s of subs) if ((s.qos as number) !== 128) handlers.subscribed(who, s.topic);
  });
  aedes.on('keepaliveTimeout', (client) => logger.info({ clientId: client.id }, 'MQTT keepalive expired'));
  aedes.on('clientError', (client, err) => logger.debug({ clientId: client.id, err }, 'MQTT client error'));

  async function listenPlain(config: EmbeddedConfig): Promise<number> {
    const server = createServer((socket) => handle(socket));
    servers.push(server);
    const last = config.portExplicit || config.port === 0 ? config.port : config.port + PORT_SEARCH;
    for (let port = config.port; port <= last; port += 1) {
      try {
        const bound = await listenOnce(server, port, config.host);
        if (port !== config.port) {
          logger.warn(
            `MQTT port ${config.port} is in use (another MQTT broker?): devices connect on port ${bound} instead. ` +
              'Set MQTT_PORT to choose a port, or MQTT_URL to use that broker.',
          );
        }
        return bound;
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw err;
        if (config.portExplicit) {
          throw new ConfigError([
            `MQTT_PORT: port ${config.port} on ${config.host} is already in use (another MQTT broker?); ` +
              'choose another port, or set MQTT_URL to use that broker',
          ]);
        }
      }
    }
    throw new ConfigError([`MQTT_PORT: no free port between ${config.port} and ${last}`]);
  }

  /**
   * MQTT over TLS with the certificate of `source`, swapped on each change without a restart (connections
   * already open keep theirs).
   */
  async function listenTls(
    config: EmbeddedConfig,
    source: CertificateSource | undefined,
    clientCa?: string,
  ): Promise<number | null> {
    if (!config.tls || !source) return null;
    // Certificate boards present a client certificate of the device CA; password devices present none, so an
    // absent or untrusted one does not end the handshake (the CONNECT is checked as usual then).
    const context = () => ({
      ...source.current(),
      secureOptions: NO_SESSION_TICKETS,
      ...(clientCa && { ca: clientCa }),
    });
    const server = createTlsServer(
      clientCa ? { ...context(), requestCert: true, rejectUnauthorized: false } : context(),
      (socket) => handle(socket),
    );
    stopWatching.push(source.onChange(() => server.setSecureContext(context())));
    servers.push(server);
    return listenWithFallback(server, {
      host: config.host,
      port: config.tls.port,
      explicit: config.tls.portExplicit,
      variable: 'MQTT_TLS_PORT',
      logger,
    });
  }

  /** HTTP servers that carry MQTT over WebSocket: the plain one and the HTTPS one, on one WebSocket server. */
  function attachWebSocket(http: EventEmitter) {
    wss ??= new WebSocketServer({
      noServer: true,
      handleProtocols: (protocols) =>
        protocols.has('mqtt') ? 'mqtt' : protocols.has('mqttv3.1') ? 'mqttv3.1' : false,
    });
    const onUpgrade = (req: IncomingMessage, socket: Duplex, head: Buffer) => {
      const path = (req.url ?? '').split('?')[0];
      if (path !== WEBSOCKET_PATH || !wss) {
        // Nobody else upgrades on this server: refuse rather than leave the socket hanging.
        if (http.listenerCount('upgrade') === 1) socket.destroy();
        return;
      }
      wss.handleUpgrade(req, socket, head, (ws) => {
        const stream = createWebSocketStream(ws);
        stream.on('error', (err) => logger.debug({ err }, 'MQTT WebSocket stream error'));
        handle(stream, req);
      });
    };
    http.on('upgrade', onUpgrade);
    detachUpgrade.push(() => http.off('upgrade', onUpgrade));
  }

  return {
    install(h: BrokerHandlers) {
      handlers = h;
    },

    /**
     * `http`: the servers carrying MQTT over WebSocket; `tls`: the TLS listener's certificate; `clientCa`: the
     * device CA (PEM) whose client certificates the TLS listener accepts as device logins.
     */
    async listen(
      config: EmbeddedConfig,
      opts: { http?: EventEmitter[]; tls?: CertificateSource; clientCa?: string } = {},
    ): Promise<Listening> {
      const port = await listenPlain(config);
      const tlsPort = await listenTls(config, opts.tls, opts.clientCa);
      const http = opts.http ?? [];
      for (const server of http) attachWebSocket(server);
      return { port, tlsPort, websocketPath: http.length > 0 ? WEBSOCKET_PATH : null };
    },

    /**
     * Publishes from the server itself (commands on c/dw, writes on e/i), QoS 1. Once the broker is closed (the
     * server is stopping) there is no one to publish to: every connection ended with it, and its sessions were
     * in memory, so what a device would have received is gone either way. Answers still in flight then (a
     * command read from the database as the server stopped) end without an error.
     */
    publish(topic: string, payload: Uint8Array): Promise<void> {
      if (aedes.closed) return Promise.resolve();
      return new Promise((resolve, reject) => {
        aedes.publish(
          { cmd: 'publish', topic, payload: Buffer.from(payload), qos: 1, retain: false, dup: false },
          (err) => (err ? reject(err) : resolve()),
        );
      });
    },

    /** The applications connected here, with who each is. */
    applications(): { clientId: string; identity: Extract<ClientIdentity, { kind: 'app' }> }[] {
      const found: { clientId: string; identity: Extract<ClientIdentity, { kind: 'app' }> }[] = [];
      for (const [clientId, client] of connectedClients(aedes)) {
        const identity = identities.get(client);
        if (identity?.kind === 'app') found.push({ clientId, identity });
      }
      return found;
    },

    /** Clients connected now (Aedes's own count) and the messages they sent, for the operator's figures. */
    connections: () => aedes.connectedClients,
    messages,

    /** Ends every connection of this MQTT client id. */
    disconnect(clientId: string) {
      connectedClient(aedes, clientId)?.close();
    },

    /**
     * Messages between server processes; with an embedded broker these stay in this process. Like MQTT 5
     * No Local, a message this transport published is not handed back to its own subscriptions (Aedes passes
     * the payload through by reference, which is how it is recognised).
     */
    transport: {
      publish(topic, payload) {
        ownPayloads.add(payload);
        aedes.publish(
          { cmd: 'publish', topic: INTERNAL_PREFIX + topic, payload, qos: 0, retain: false, dup: false },
          () => undefined,
        );
      },
      subscribe(topic, handler) {
        aedes.subscribe(
          INTERNAL_PREFIX + topic,
          (packet, cb) => {
            try {
              if (ownPayloads.has(packet.payload as Buffer)) return;
              handler(packet.topic.slice(INTERNAL_PREFIX.length), packet.payload as Buffer);
            } finally {
              cb();
            }
          },
          () => undefined,
        );
      },
    } satisfies LiveTransport,

    async health(): Promise<void> {
      if (aedes.closed || servers.length === 0 || !servers.every((s) => s.listening)) {
        throw new Error('the MQTT broker is not listening');
      }
    },

    async close(): Promise<void> {
      for (const detach of detachUpgrade) detach();
      for (const stop of stopWatching) stop();
      for (const client of wss?.clients ?? []) client.terminate();
      wss?.close();
      await new Promise<void>((resolve) => aedes.close(() => resolve()));
      await Promise.all(
        servers.map(
          (s) => new Promise<void>((resolve) => (s.listening ? s.close(() => resolve()) : resolve())),
        ),
      );
    },
  };
}
export type EmbeddedBroker = Awaited<ReturnType<typeof createEmbeddedBroker>>;

function refusal(code: number, message: string): AuthenticateError {
  return Object.assign(new Error(message), { returnCode: code }) as AuthenticateError;
}
