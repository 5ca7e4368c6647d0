import type { FastifyBaseLogger } from 'fastify';
import type { ConnectivityRepository } from './connectivity.repository.ts';

/** A warning per device at most this often; the counter itself counts every refused value. */
const LOG_INTERVAL_MS = 60_000;
/**
 * Messages refused whole are written at most this often per device: a device flooding the broker must not
 * turn each dropped message into a database write.
 */
const MESSAGE_FLUSH_MS = 1_000;

type Rejection = { at: string; topic: string; name: string; reason: string };

/**
 * Counts what devices send that cannot be stored (malformed payloads, unknown names, wrong types, bad times),
 * and the messages refused whole (over the maximum packet size or the device's rate): per device in the
 * database (`GET /iot/v2/devices/{id}/connectivity`) and as a warning in the log.
 */
export function createRejections(deps: { repo: ConnectivityRepository; logger: FastifyBaseLogger }) {
  const loggedAt = new Map<string, number>();
  const sinceLog = new Map<string, number>();
  const pendingMessages = new Map<string, { count: number; last: Rejection }>();
  let flushTimer: NodeJS.Timeout | null = null;

  function log(
    deviceId: string,
    topic: string,
    count: number,
    last: { name: string; reason: string },
    what: string,
  ) {
    const now = Date.now();
    const suppressed = (sinceLog.get(deviceId) ?? 0) + count;
    if (now - (loggedAt.get(deviceId) ?? 0) >= LOG_INTERVAL_MS) {
      deps.logger.warn({ deviceId, topic, rejected: suppressed, name: last.name, reason: last.reason }, what);
      if (loggedAt.size > 50_000) loggedAt.clear();
      loggedAt.set(deviceId, now);
      sinceLog.delete(deviceId);
    } else {
      sinceLog.set(deviceId, suppressed);
    }
  }

  async function flushMessages(): Promise<void> {
    if (flushTimer) clearTimeout(flushTimer);
    flushTimer = null;
    const batch = [...pendingMessages];
    pendingMessages.clear();
    for (const [deviceId, { count, last }] of batch) {
      try {
        await deps.repo.addRejectedMessages(deviceId, count, last);
      } catch (err) {
        deps.logger.debug({ err, deviceId }, 'refused message count not stored');
      }
    }
  }

  return {
    /**
     * A message refused whole (too large, over the device's rate): counted now, written within a second with
     * the others of that second.
     */
    refuseMessage(deviceId: string, topic: string, reason: string): void {
      const last = { at: new Date().toISOString(), topic, name: '', reason };
      log(deviceId, topic, 1, last, 'device message refused');
      const pending = pendingMessages.get(deviceId);
      if (pending) {
        pending.count += 1;
        pending.last = last;
      } else pendingMessages.set(deviceId, { count: 1, last });
      if (!flushTimer) {
        flushTimer = setTimeout(() => void flushMessages(), MESSAGE_FLUSH_MS);
        flushTimer.unref();
      }
    },

    /** Writes the message refusals not written yet (at shutdown). */
    flush: flushMessages,

    async record(deviceId: string, topic: string, errors: { name: string; reason: string }[]): Promise<void> {
      const last = errors[errors.length - 1];
      if (!last) return;
      const count = errors.length;
      const now = Date.now();
      log(deviceId, topic, count, last, 'device values rejected');
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
