import { REFUSED_REASONS } from '@tinkercloud/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Access } from './access.ts';
import type { AuthResult, ClientAuth, ClientIdentity, VerifiedCertificate } from './client-auth.ts';
import type { Commands } from './commands.ts';
import type { ConnectivityRepository, DeviceIdentity } from './connectivity.repository.ts';
import { type DeviceRate, overRate, overRateTooLong } from './device-rate.ts';
import type { Forward, Ingest } from './ingest.ts';
import type { Presence } from './presence.ts';
import type { Rejections } from './rejections.ts';
import type { Sessions } from './sessions.ts';
import { parseTopic } from './topics.ts';

/** How long a login's read of the device stands for its session's beginning. */
const FRESH_RECORD_MS = 2_000;
const MAX_FRESH_RECORDS = 10_000;

/** What a client's publish becomes: refused (the connection closes), or accepted and passed on (or not). */
type PublishDecision = { allowed: false } | { allowed: true; forward: Forward };

/** The broker-independent rules every MQTT client goes through, whichever broker carries it. */
export interface BrokerHandlers {
  /** `certificate`: a client certificate the TLS listener verified (it then decides alone). */
  authenticate(
    clientId: string,
    username?: string,
    password?: string,
    certificate?: VerifiedCertificate,
  ): Promise<AuthResult>;
  connected(who: ClientIdentity, connection: object): Promise<void>;
  disconnected(who: ClientIdentity, connection: object): Promise<void>;
  /**
   * Checks, then handles (stores, answers) a publish; settles after what it stored is committed. A device's
   * QoS 1 message over its rate settles only once its token is there (the broker acknowledges then, so the
   * board's in-flight window backs off); `open` says whether its connection still is, after that wait.
   */
  publish(
    who: ClientIdentity,
    topic: string,
    payload: Uint8Array,
    opts?: { qos?: number; open?: () => boolean; connection?: object },
  ): Promise<PublishDecision>;
  maySubscribe(who: ClientIdentity, topic: string): Promise<boolean>;
  subscribed(who: ClientIdentity, topic: string): void;
  mayReceive(who: ClientIdentity, topic: string): boolean;
  /** The client sent a packet over the maximum size; its connection is being closed. */
  tooLarge(who: ClientIdentity | undefined, bytes: number, maxBytes: number): void;
}

/** The reason shown on the device's connectivity page for a packet over the maximum size. */
const tooLargeReason = (bytes: number, maxBytes: number) =>
  bytes < 0
    ? 'a packet with a malformed length (the connection was closed)'
    : `a packet of ${bytes} bytes is over the limit of ${maxBytes} bytes (the connection was closed)`;

export function createBrokerHandlers(deps: {
  auth: ClientAuth;
  access: Access;
  repo: ConnectivityRepository;
  sessions: Sessions;
  presence: Presence;
  ingest: Ingest;
  commands: Commands;
  rejections: Rejections;
  /** Each device's message rate. */
  rate: DeviceRate;
  logger: FastifyBaseLogger;
  /** A device's session began (onboarding records learn it was provisioned). */
  onDeviceConnected?: (deviceId: string) => void;
}): BrokerHandlers {
  const { access, sessions, presence, ingest, commands } = deps;
  // Connections that closed. A device that disconnects while its record is still being read must not begin a
  // session afterwards: it would stay online with no connection behind it.
  const closed = new WeakSet<object>();
  // The record a device's login just read, for its session to begin with: a connect then reads the device
  // once, not twice (PGlite runs one query at a time, and a fleet connects by the thousand). Read again when
  // older than a moment (a binding may have changed since).
  const justRead = new Map<string, { device: DeviceIdentity; at: number }>();
  function recentRecord(deviceId: string) {
    const r = justRead.get(deviceId);
    justRead.delete(deviceId);
    return r && Date.now() - r.at <= FRESH_RECORD_MS ? r.device : undefined;
  }

  /**
   * A device's message against its rate. QoS 0: over it, dropped and counted (nothing to hold back). QoS 1:
   * waits for its token, its PUBACK with it; one that would wait longer than the bound is refused (the
   * connection closes unacknowledged, the board sends it again after reconnecting) and counted.
   */
  async function withinRate(
    deviceId: string,
    topic: string,
    qos: number,
    hold: { connection?: object; bytes: number },
  ) {
    if (qos === 0) {
      if (deps.rate.take(deviceId)) return 'admitted';
      deps.rejections.refuseMessage(deviceId, topic, overRate(deps.rate), REFUSED_REASONS.overRateDropped);
      return 'dropped';
    }
    const admitted = deps.rate.admit(deviceId, hold);
    if (admitted === true) return 'admitted';
    if (admitted === false) {
      deps.rejections.refuseMessage(
        deviceId,
        topic,
        overRateTooLong(deps.rate),
        REFUSED_REASONS.overRateClosed,
      );
      return 'refused';
    }
    await admitted;
    return 'admitted';
  }

  return {
    async authenticate(clientId, username, password, certificate) {
      const result = await deps.auth.authenticate(clientId, username, password, certificate);
      if (!result.ok)
        deps.logger.info({ clientId, username, reason: result.reason }, 'MQTT connection refused');
      else if (result.device) {
        if (justRead.size >= MAX_FRESH_RECORDS) justRead.clear();
        justRead.set(result.device.id, { device: result.device, at: Date.now() });
      }
      return result;
    },

    async connected(who, connection) {
      if (who.kind !== 'device') return;
      const device = recentRecord(who.deviceId) ?? (await deps.repo.device(who.deviceId));
      if (!device || closed.has(connection)) return;
      sessions.open(who.deviceId, device.space, device.thingId, connection);
      deps.onDeviceConnected?.(who.deviceId);
      await presence.connected(who.deviceId, device.space, connection);
    },

    async disconnected(who, connection) {
      if (who.kind !== 'device') return;
      closed.add(connection);
      deps.rate.release(connection);
      const session = sessions.get(who.deviceId);
      sessions.close(who.deviceId, connection);
      if (session) await presence.disconnected(who.deviceId, session.space, connection);
    },

    async publish(who, topic, payload, opts) {
      if (!(await access.mayPublish(who, topic))) {
        deps.logger.info({ who, topic }, 'MQTT publish refused');
        return { allowed: false };
      }
      const t = parseTopic(topic);
      if (!t) return { allowed: false };
      if (who.kind === 'device') {
        presence.activity(who.deviceId);
        const admitted = await withinRate(who.deviceId, topic, opts?.qos ?? 0, {
          connection: opts?.connection,
          bytes: payload.byteLength,
        });
        if (admitted === 'dropped') return { allowed: true, forward: null };
        if (admitted === 'refused') return { allowed: false };
        // Held for its token meanwhile: a connection that ended since will send it again, so it is not stored.
        if (opts?.open && !opts.open()) return { allowed: false };
        if (t.scope === 'device') {
          // c/up is for the cloud alone; the legacy e/o carries device attributes nobody subscribes to.
          if (t.channel === 'c/up') void commands.command(who.deviceId, payload);
          return { allowed: true, forward: null };
        }
        if (t.channel === 'shadow/o') {
          void commands.shadowRequest(who.deviceId, t.id, payload);
          return { allowed: true, forward: null };
        }
        return { allowed: true, forward: await ingest.fromDevice(who.deviceId, t.id, topic, payload) };
      }
      return { allowed: true, forward: await ingest.fromApplication(who.userId, t.id, payload) };
    },

    async maySubscribe(who, topic) {
      const ok = await access.maySubscribe(who, topic);
      if (!ok) deps.logger.info({ who, topic }, 'MQTT subscription refused');
      return ok;
    },

    subscribed(who, topic) {
      const t = parseTopic(topic);
      if (who.kind === 'device' && t?.scope === 'device' && t.channel === 'e/i') {
        void commands.legacySubscribed(who.deviceId);
      }
    },

    mayReceive: (who, topic) => access.mayReceive(who, topic),

    tooLarge(who, bytes, maxBytes) {
      if (who?.kind === 'device')
        deps.rejections.refuseMessage(
          who.deviceId,
          '',
          tooLargeReason(bytes, maxBytes),
          REFUSED_REASONS.tooLarge,
        );
      else deps.logger.info({ who, bytes, maxBytes }, 'MQTT packet over the maximum size: connection closed');
    },
  };
}
