import type { FastifyBaseLogger } from 'fastify';
import type { ConnectivityRepository } from './connectivity.repository.ts';
import type { Presence } from './presence.ts';

/** 1.5 × the 60 s keepalive of the Arduino device libraries: a device quiet longer may be gone. */
const STALE_AFTER_MS = 90_000;
const STALE_SWEEP_MS = 60_000;
/** A probed device has this long to connect again before it is marked offline. */
export const PROBE_WINDOW_MS = 30_000;

/**
 * External broker: devices the database holds online although no process saw them go (their disconnect
 * happened while every server process was down, or its log line was lost). Mosquitto 2 cannot say who is
 * connected, so a device online in the database, unknown to this process and quiet for STALE_AFTER_MS is
 * probed: `probe` makes the broker drop its connection (if it has one), and a connected device comes back at
 * once, which the broker log shows. One still not back PROBE_WINDOW_MS later is marked offline (if it is
 * still quiet). Traffic of devices this process has not seen connect is written as their last activity, so
 * busy devices are never probed. `sweep(now)` takes the time, so tests can move it.
 */
export function createStaleSweep(deps: {
  repo: ConnectivityRepository;
  /** Announces the devices marked offline (live event, triggers). */
  presence: Pick<Presence, 'wentOffline'>;
  logger: FastifyBaseLogger;
  /** The device's connection is known to this process (its log line was seen). */
  isConnected: (deviceId: string) => boolean;
  /** Drops the devices' connections at the broker, so connected ones reconnect (and show). */
  probe: (deviceIds: string[]) => Promise<void>;
}) {
  const { repo, logger } = deps;
  /** Devices probed, and when. */
  const probed = new Map<string, number>();
  /** Traffic of devices unknown here, by last time seen; written at the next sweep. */
  const seen = new Map<string, number>();

  return {
    /** A message came from a device this process has not seen connect. */
    seen(deviceId: string) {
      if (!deps.isConnected(deviceId)) seen.set(deviceId, Date.now());
    },

    async sweep(now = Date.now()): Promise<void> {
      if (seen.size > 0) {
        const ids = [...seen.keys()];
        const last = Math.max(...seen.values());
        seen.clear();
        await repo.touch(ids, new Date(last));
      }
      const before = new Date(now - STALE_AFTER_MS);
      const stale = (await repo.staleOnline(before)).filter((id) => !deps.isConnected(id));
      const staleSet = new Set(stale);
      for (const id of probed.keys()) if (!staleSet.has(id)) probed.delete(id);
      const fresh = stale.filter((id) => !probed.has(id));
      const due = stale.filter((id) => now - (probed.get(id) ?? now) >= PROBE_WINDOW_MS);
      if (fresh.length > 0) {
        await deps.probe(fresh);
        for (const id of fresh) probed.set(id, now);
        logger.info({ count: fresh.length }, 'quiet devices online in the database probed at the broker');
      }
      if (due.length === 0) return;
      for (const id of due) probed.delete(id);
      const at = new Date();
      const changed = await repo.markStaleOffline(due, before, at);
      deps.presence.wentOffline(changed, at);
      if (changed.length > 0) logger.info({ count: changed.length }, 'devices gone unseen marked offline');
    },

    /** Starts the periodic sweep (the first one at once); returns its stop. */
    start(): () => void {
      const run = () =>
        void this.sweep().catch((err: unknown) => logger.error({ err }, 'stale sweep failed'));
      run();
      const timer = setInterval(run, STALE_SWEEP_MS);
      timer.unref();
      return () => clearInterval(timer);
    },
  };
}
