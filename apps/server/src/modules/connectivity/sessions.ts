import type { FastifyBaseLogger } from 'fastify';
import type { SpaceKey } from '../live/live-event.ts';
import { coalesceReads } from './coalesced-reads.ts';
import type { ConnectivityRepository } from './connectivity.repository.ts';
import { inGroups } from './in-groups.ts';
import { type Command, encodeCommand } from './protocol.ts';

/** A binding read from the database is trusted this long before an authorisation reads it again. */
const BINDING_TTL_MS = 5_000;
/**
 * How long a device's binding read waits for others to join it (as ingest's writes wait 5 ms). A fleet sending
 * every 10 s re-reads its bindings on about half its messages (they are older than BINDING_TTL_MS): at 10,000
 * devices, 500 reads a second, one statement each, on PGlite's one connection.
 */
const BINDING_READ_WAIT_MS = 5;

export interface Outbound {
  /** Publishes from the server to subscribers (devices, applications). */
  publish(topic: string, payload: Uint8Array): Promise<void>;
}

interface DeviceSession {
  deviceId: string;
  space: SpaceKey;
  /** The live thing the device drives, as last read. */
  thingId: string | null;
  checkedAt: number;
  /** The thing a v2 device was told it has (ThingUpdate); undefined until it asked with ThingBegin. */
  announced: string | null | undefined;
  connections: Set<object>;
}

/**
 * Connected devices whose bindings one re-check statement reads. PGlite runs one statement at a time: the
 * 10,000 of a fleet in one read held it for 110-220 ms every 10 s, and the values arriving meanwhile waited
 * (`npm run bench:fleet`); a thousand take about a tenth of that.
 */
const RECHECK_CHUNK = 1_000;
/**
 * The periodic re-check (`dueOnly`) reads the bindings read longer ago than this, at most RECHECK_CHUNK of them
 * a call: called every second, it spreads a fleet's re-reads over the interval instead of reading them all in
 * one burst that the values arriving meanwhile queue behind.
 */
export const RECHECK_AFTER_MS = 10_000;

/**
 * The devices connected to this process and the thing each drives. Bindings are re-read when they are older
 * than BINDING_TTL_MS and needed, on every `recheck` (periodic, and at once when the API changes one), and when
 * a device asks. A device whose thing changes while connected is told (ThingUpdate, or ThingDetach when it no
 * longer drives any); a device deleted while connected is disconnected.
 */
export function createSessions(deps: {
  repo: ConnectivityRepository;
  outbound: Outbound;
  logger: FastifyBaseLogger;
  /** Ends the connections of a device (it was deleted, or lost its key). */
  disconnect: (deviceId: string) => void;
}) {
  const sessions = new Map<string, DeviceSession>();
  const readBinding = coalesceReads((ids) => deps.repo.bindings(ids), { waitMs: BINDING_READ_WAIT_MS });
  let rechecking: Promise<void> | null = null;
  /** A re-check asked for while one runs; it runs next (notifying if any caller wanted that). */
  let wanted: { notify: boolean; dueOnly: boolean } | null = null;

  async function send(deviceId: string, cmd: Command) {
    await deps.outbound.publish(`/a/d/${deviceId}/c/dw`, encodeCommand(cmd));
  }

  async function apply(session: DeviceSession, thingId: string | null, notify = true) {
    session.checkedAt = Date.now();
    if (thingId === session.thingId) return;
    const previous = session.thingId;
    session.thingId = thingId;
    deps.logger.info({ deviceId: session.deviceId, thingId, previous }, 'device binding changed');
    if (!notify || session.announced === undefined || session.announced === thingId) return;
    const told = session.announced;
    session.announced = thingId;
    if (thingId) await send(session.deviceId, { type: 'ThingUpdate', thingId });
    else if (told) await send(session.deviceId, { type: 'ThingDetach', thingId: told });
  }

  async function recheckNow(notify: boolean, dueOnly: boolean) {
    const now = Date.now();
    const all = dueOnly
      ? [...sessions.values()]
          .filter((session) => now - session.checkedAt >= RECHECK_AFTER_MS)
          .slice(0, RECHECK_CHUNK)
          .map((session) => session.deviceId)
      : [...sessions.keys()];
    for (const ids of inGroups(all, RECHECK_CHUNK)) {
      const bindings = await deps.repo.bindings(ids);
      for (const id of ids) {
        const session = sessions.get(id);
        if (!session) continue;
        const b = bindings.get(id);
        if (!b?.live) {
          deps.logger.info({ deviceId: id }, 'device deleted while connected: disconnecting');
          deps.disconnect(id);
          continue;
        }
        await apply(session, b.thingId, notify);
      }
    }
  }

  return {
    open(deviceId: string, space: SpaceKey, thingId: string | null, connection: object): DeviceSession {
      let session = sessions.get(deviceId);
      if (!session) {
        session = {
          deviceId,
          space,
          thingId,
          checkedAt: Date.now(),
          announced: undefined,
          connections: new Set(),
        };
        sessions.set(deviceId, session);
      }
      session.connections.add(connection);
      return session;
    },

    close(deviceId: string, connection: object) {
      const session = sessions.get(deviceId);
      if (!session) return;
      session.connections.delete(connection);
      if (session.connections.size === 0) sessions.delete(deviceId);
    },

    get(deviceId: string): DeviceSession | undefined {
      return sessions.get(deviceId);
    },

    /** The device's thing, read again when the cached binding is stale (or `fresh` is asked). */
    async thingOf(deviceId: string, fresh = false): Promise<string | null> {
      const session = sessions.get(deviceId);
      if (!session) return (await readBinding(deviceId))?.thingId ?? null;
      if (fresh || Date.now() - session.checkedAt > BINDING_TTL_MS) {
        const b = await readBinding(deviceId);
        await apply(session, b?.live ? b.thingId : null);
      }
      return session.thingId;
    },

    /** A v2 device asked for its thing (ThingBegin): answers ThingUpdate with it, or an empty id. */
    async announce(deviceId: string) {
      const b = await readBinding(deviceId);
      const thingId = b?.live ? b.thingId : null;
      const session = sessions.get(deviceId);
      if (session) {
        session.thingId = thingId;
        session.checkedAt = Date.now();
        session.announced = thingId;
      }
      await send(deviceId, { type: 'ThingUpdate', thingId: thingId ?? '' });
    },

    send,

    /**
     * Re-reads every binding of the connected devices (coalesced when called while one runs), or with
     * `dueOnly` those read RECHECK_AFTER_MS ago or more, RECHECK_CHUNK at most. `notify: false` only updates
     * what this process knows: with an external broker every process sees every device, and only the one
     * whose API made the change tells the device.
     */
    recheck(opts: { notify?: boolean; dueOnly?: boolean } = {}): Promise<void> {
      wanted = {
        notify: (wanted?.notify ?? false) || (opts.notify ?? true),
        dueOnly: (wanted?.dueOnly ?? true) && (opts.dueOnly ?? false),
      };
      rechecking ??= (async () => {
        while (wanted) {
          const run = wanted;
          wanted = null;
          await recheckNow(run.notify, run.dueOnly);
        }
      })().finally(() => {
        rechecking = null;
      });
      return rechecking;
    },

    connectedDevices(): string[] {
      return [...sessions.keys()];
    },
  };
}
export type Sessions = ReturnType<typeof createSessions>;
