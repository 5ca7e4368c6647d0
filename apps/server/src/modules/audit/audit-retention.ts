import type { AuditLog } from './audit-log.ts';

/** Hourly: entries go a little after they expire, and one run is one delete over the `at` index. */
const AUDIT_PURGE_INTERVAL_MS = 60 * 60_000;

/**
 * Keeps the audit log within `AUDIT_RETENTION_DAYS`: a purge at start, then one per interval. The timer does
 * not keep the process alive, and a failed run is reported and retried at the next tick. Every process runs
 * it; purges are idempotent deletes, so two at once only find less to delete.
 */
export function startAuditRetention(
  audit: Pick<AuditLog, 'purge'>,
  onError: (err: unknown) => void,
  intervalMs = AUDIT_PURGE_INTERVAL_MS,
) {
  let running: Promise<unknown> | null = null;
  const run = () => {
    running ??= audit
      .purge()
      .catch(onError)
      .finally(() => {
        running = null;
      });
  };
  run();
  const timer = setInterval(run, intervalMs);
  timer.unref();
  return {
    /** Stops the timer and waits for a run in progress. */
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
