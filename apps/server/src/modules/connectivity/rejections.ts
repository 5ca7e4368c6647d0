import type { FastifyBaseLogger } from 'fastify';
import type { ConnectivityRepository } from './connectivity.repository.ts';

/** A warning per device at most this often; the counter itself counts every refused value. */
const LOG_INTERVAL_MS = 60_000;

/**
 * Counts what devices send that cannot be stored (malformed payloads, unknown names, wrong types, bad times):
 * per device in the database (`GET /iot/v2/devices/{id}/connectivity`) and as a warning in the log.
 */
export function createRejections(deps: { repo: ConnectivityRepository; logger: FastifyBaseLogger }) {
  const loggedAt = new Map<string, number>();
  const sinceLog = new Map<string, number>();

  return {
    async record(deviceId: string, topic: string, errors: { name: string; reason: string }[]): Promise<void> {
      const last = errors[errors.length - 1];
      if (!last) return;
      const count = errors.length;
      const now = Date.now();
      const suppressed = (sinceLog.get(deviceId) ?? 0) + count;
      if (now - (loggedAt.get(deviceId) ?? 0) >= LOG_INTERVAL_MS) {
        deps.logger.warn(
          { deviceId, topic, rejected: suppressed, name: last.name, reason: last.reason },
          'device values rejected',
        );
        if (loggedAt.size > 50_000) loggedAt.clear();
        loggedAt.set(deviceId, now);
        sinceLog.delete(deviceId);
      } else {
        sinceLog.set(deviceId, suppressed);
      }
      try {
        await deps.repo.addRejections(deviceId, count, {
          at: new Date(now).toISOString(),
          topic,
          name: last.name,
          reason: last.reason,
        });
      } catch (err) {
        // The device may have been deleted meanwhile; the count is only informative.
        deps.logger.debug({ err, deviceId }, 'rejection count not stored');
      }
    },
  };
}
export type Rejections = ReturnType<typeof createRejections>;
