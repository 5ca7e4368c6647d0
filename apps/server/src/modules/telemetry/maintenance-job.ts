import type { TelemetryStore } from './telemetry-store.ts';

interface MaintenanceJob {
  /** Stops the timer and waits for a run in progress. */
  stop(): Promise<void>;
}

/**
 * Runs the store's maintenance every `intervalMs` (retention and tomorrow's partitions). The timer does not
 * keep the process alive; a failed run is reported and retried at the next tick.
 */
export function startMaintenanceJob(
  store: Pick<TelemetryStore, 'maintain'>,
  intervalMs: number,
  onError: (err: unknown) => void,
): MaintenanceJob {
  let running: Promise<unknown> | null = null;
  const timer = setInterval(() => {
    if (running) return;
    running = store
      .maintain()
      .catch(onError)
      .finally(() => {
        running = null;
      });
  }, intervalMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
