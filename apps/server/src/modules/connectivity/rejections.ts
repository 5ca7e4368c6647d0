import type { FastifyBaseLogger } from 'fastify';
import type { ConnectivityRepository } from './connectivity.repository.ts';
import type { RefusedCount, RefusedValuesRepository } from './refused-values.repository.ts';

/** A warning per device at most this often; the counter itself counts every refused value. */
const LOG_INTERVAL_MS = 60_000;
/**
 * Messages refused whole are written at most this often per device: a device flooding the broker must not
 * turn each dropped message into a database write.
 */
const MESSAGE_FLUSH_MS = 1_000;
/**
 * Refusals by name and reason are written at most this often, in one statement per `REFUSED_ROWS_PER_WRITE`
 * pairs: a board sending an old name every second is one row added to, not a write per message.
 */
const REFUSED_FLUSH_MS = 1_000;
const REFUSED_ROWS_PER_WRITE = 1_000;
/** Pairs waiting for their write at most; past it new pairs wait for the next flush's room (counted still). */
const MAX_PENDING_REFUSED = 10_000;
/** What a stored name or reason keeps of what the device sent (anything may arrive as a name). */
const MAX_NAME = 100;
const MAX_REASON = 200;

type Rejection = { at: string; topic: string; name: string; reason: string };

/**
 * Counts what devices send that cannot be stored (malformed payloads, unknown names, wrong types, bad times),
 * and the messages refused whole (over the maximum packet size or the device's rate): per device in the
 * database (`GET /iot/v2/devices/{id}/connectivity`), by name and reason with counts and the last time
 * (`GET /iot/v2/devices/{id}/refused_values`), and as a warning in the log.
 */
export function createRejections(deps: {
  repo: ConnectivityRepository;
  refused: RefusedValuesRepository;
  logger: FastifyBaseLogger;
}) {
  const loggedAt = new Map<string, number>();
  const sinceLog = new Map<string, number>();
  const pendingMessages = new Map<string, { count: number; last: Rejection }>();
  let flushTimer: NodeJS.Timeout | null = null;
  const pendingRefused = new Map<string, RefusedCount>();
  let refusedTimer: NodeJS.Timeout | null = null;
  let refusedWrite: Promise<void> | null = null;

  /** A write within a second, unless one is running: its end arms the next (see flushRefused). */
  function armRefused() {
    if (refusedTimer || refusedWrite) return;
    refusedTimer = setTimeout(() => void flushRefused(), REFUSED_FLUSH_MS);
    refusedTimer.unref();
  }

  /** Counts one (device, name, reason) for the next write of the refused values. */
  function countRefused(deviceId: string, name: string, reason: string, at: Date) {
    const n = name.slice(0, MAX_NAME);
    const r = reason.slice(0, MAX_REASON);
    const key = `${deviceId}\u0000${n}\u0000${r}`;
    const pending = pendingRefused.get(key);
    if (pending) {
      pending.count += 1;
      pending.lastAt = at;
    } else if (pendingRefused.size < MAX_PENDING_REFUSED) {
      pendingRefused.set(key, { deviceId, name: n, reason: r, count: 1, lastAt: at });
    }
    armRefused();
  }

  /**
   * Writes the pairs gathered, one write at a time: while a write runs, new pairs keep gathering in the capped
   * map and go in the next one, so a slow database never has batches queued behind it in memory.
   */
  async function flushRefused(): Promise<void> {
    if (refusedTimer) clearTimeout(refusedTimer);
    refusedTimer = null;
    while (refusedWrite) await refusedWrite;
    if (pendingRefused.size === 0) return;
    const batch = [...pendingRefused.values()];
    pendingRefused.clear();
    refusedWrite = (async () => {
      for (let i = 0; i < batch.length; i += REFUSED_ROWS_PER_WRITE) {
        try {
          await deps.refused.add(batch.slice(i, i + REFUSED_ROWS_PER_WRITE));
        } catch (err) {
          // Informative counts: a failed write is logged, not retried (the device keeps sending anyway).
          deps.logger.warn({ err }, 'refused values not stored');
        }
      }
    })();
    try {
      await refusedWrite;
    } finally {
      refusedWrite = null;
      if (pendingRefused.size > 0) armRefused();
    }
  }

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
     * the others of that second. `summary`: the reason among the refused values, where `reason` carries
     * details that would make a row per message (a packet's size).
     */
    refuseMessage(deviceId: string, topic: string, reason: string, summary = reason): void {
      const at = new Date();
      const last = { at: at.toISOString(), topic, name: '', reason };
      log(deviceId, topic, 1, last, 'device message refused');
      countRefused(deviceId, '', summary, at);
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

    /** Writes the refusals not written yet (at shutdown, and tests). */
    async flush(): Promise<void> {
      await flushMessages();
      await flushRefused();
    },

    async record(deviceId: string, topic: string, errors: { name: string; reason: string }[]): Promise<void> {
      const last = errors[errors.length - 1];
      if (!last) return;
      const count = errors.length;
      const now = Date.now();
      for (const e of errors) countRefused(deviceId, e.name, e.reason, new Date(now));
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
