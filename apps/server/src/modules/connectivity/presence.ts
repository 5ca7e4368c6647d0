import type { FastifyBaseLogger } from 'fastify';
import { iotEvents } from '../live/iot-events.ts';
import type { EventBus, SpaceKey } from '../live/live-event.ts';
import type { ConnectivityRepository, StatusWrite } from './connectivity.repository.ts';
import { inGroups } from './in-groups.ts';

/** A status this process stored for a device. */
interface StatusChange {
  deviceId: string;
  space: SpaceKey;
  status: 'ONLINE' | 'OFFLINE';
  at: Date;
}

/** Last activity is written at most this often per device: a busy device must not cost a write per message. */
const ACTIVITY_WRITE_INTERVAL_MS = 30_000;
/**
 * Devices whose activity one statement writes. PGlite runs one statement at a time, and a fleet that
 * connected together comes due together: 5,895 in one statement held it for up to 1.1 s, and every value
 * arriving meanwhile waited (`npm run bench:fleet`). Values queued behind a group get their turn before the
 * next group.
 */
const ACTIVITY_WRITE_CHUNK = 500;
/**
 * How long a status change waits for others to join its write. Devices connect one per turn of the event
 * loop, and PGlite finishes a write before the next turn: written at once, 3,000 devices connecting cost
 * 2,455 transactions; gathered for 50 ms, 95. The device has its CONNACK already; only the page's status
 * waits.
 */
const STATUS_WRITE_WAIT_MS = 50;
/** Status changes written in one statement, at most. */
const MAX_STATUS_BATCH = 1_000;

/**
 * Online and offline as the device record and its status history keep them. A device may hold two
 * connections for a moment (a reconnect pushing the old one off): it is online while it holds any. Writes for
 * one device run in order, so a late "offline" of an old connection cannot overwrite a newer "online".
 */
export function createPresence(deps: {
  repo: ConnectivityRepository;
  events?: EventBus;
  logger: FastifyBaseLogger;
}) {
  const connections = new Map<string, Set<object>>();
  const chains = new Map<string, Promise<void>>();
  const lastWrite = new Map<string, number>();
  const touched = new Set<string>();
  const listeners = new Set<(change: StatusChange) => void>();

  function tell(change: StatusChange) {
    for (const listener of listeners) {
      try {
        listener(change);
      } catch (err) {
        deps.logger.error({ err }, 'status listener failed');
      }
    }
  }

  function inOrder(deviceId: string, work: () => Promise<void>): Promise<void> {
    const next = (chains.get(deviceId) ?? Promise.resolve()).then(work).catch((err: unknown) => {
      deps.logger.error({ err, deviceId }, 'device status could not be stored');
    });
    chains.set(deviceId, next);
    void next.finally(() => {
      if (chains.get(deviceId) === next) chains.delete(deviceId);
    });
    return next;
  }

  // Status writes of many devices go to the database together: 10,000 devices connecting in a minute must not
  // cost 10,000 transactions one after another (PGlite has one connection). One write at a time; what arrives
  // meanwhile forms the next. A device's own changes stay in order (`inOrder`: the next waits for this one).
  const queued: { change: StatusWrite; done: (changed: boolean) => void; failed: (err: unknown) => void }[] =
    [];
  let writing = false;

  function writeStatus(change: StatusWrite): Promise<boolean> {
    return new Promise((done, failed) => {
      queued.push({ change, done, failed });
      if (!writing) {
        writing = true;
        setTimeout(() => void writeQueued(), STATUS_WRITE_WAIT_MS);
      }
    });
  }

  async function writeQueued(): Promise<void> {
    while (queued.length > 0) {
      const batch = queued.splice(0, MAX_STATUS_BATCH);
      try {
        const changed = await deps.repo.setStatuses(batch.map((q) => q.change));
        for (const q of batch) q.done(changed.has(q.change.deviceId));
      } catch (err) {
        for (const q of batch) q.failed(err);
      }
    }
    writing = false;
  }

  function setStatus(deviceId: string, space: SpaceKey, status: 'ONLINE' | 'OFFLINE') {
    return inOrder(deviceId, async () => {
      const at = new Date();
      if (await writeStatus({ deviceId, status, at })) {
        lastWrite.set(deviceId, at.getTime());
        deps.logger.info({ deviceId, status }, 'device status');
        iotEvents(deps.events).deviceStatus(space, deviceId, status, at);
        tell({ deviceId, space, status, at });
      }
    });
  }

  return {
    connected(deviceId: string, space: SpaceKey, connection: object): Promise<void> {
      let set = connections.get(deviceId);
      if (!set) {
        set = new Set();
        connections.set(deviceId, set);
      }
      set.add(connection);
      return setStatus(deviceId, space, 'ONLINE');
    },

    disconnected(deviceId: string, space: SpaceKey, connection: object): Promise<void> {
      const set = connections.get(deviceId);
      if (!set?.delete(connection)) return Promise.resolve();
      if (set.size > 0) return Promise.resolve();
      connections.delete(deviceId);
      lastWrite.delete(deviceId);
      return setStatus(deviceId, space, 'OFFLINE');
    },

    isOnline(deviceId: string): boolean {
      return (connections.get(deviceId)?.size ?? 0) > 0;
    },

    /** Devices with a connection here. */
    online(): string[] {
      return [...connections.keys()];
    },

    /** Notes activity; written in bulk by `flushActivity`, at most once per interval per device. */
    activity(deviceId: string) {
      const last = lastWrite.get(deviceId) ?? 0;
      if (Date.now() - last >= ACTIVITY_WRITE_INTERVAL_MS) touched.add(deviceId);
    },

    async flushActivity(): Promise<void> {
      if (touched.size === 0) return;
      const ids = [...touched].filter((id) => connections.has(id));
      touched.clear();
      const now = Date.now();
      for (const id of ids) lastWrite.set(id, now);
      for (const group of inGroups(ids, ACTIVITY_WRITE_CHUNK)) await deps.repo.touch(group, new Date(now));
    },

    /** At start: devices the database holds online that have no connection here go offline. */
    async sweep(): Promise<void> {
      const at = new Date();
      const changed = await deps.repo.markOfflineExcept(this.online(), at);
      this.wentOffline(changed, at);
      if (changed.length > 0)
        deps.logger.info({ count: changed.length }, 'devices without a session marked offline');
    },

    /** Devices marked offline in the database by a sweep: announced as a disconnect is. */
    wentOffline(changed: { id: string; organizationId: string | null; ownerUserId: string }[], at: Date) {
      for (const d of changed) {
        iotEvents(deps.events).deviceStatus(d, d.id, 'OFFLINE', at);
        tell({ deviceId: d.id, space: d, status: 'OFFLINE', at });
      }
    },

    /**
     * Called with every status change this process stored (so once per change across processes: triggers
     * fire here, not in every process the live bus reaches).
     */
    onStatus(listener: (change: StatusChange) => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    /** Resolves when every status write started so far is done. */
    async settled(): Promise<void> {
      await Promise.all([...chains.values()]);
    },
  };
}
export type Presence = ReturnType<typeof createPresence>;
