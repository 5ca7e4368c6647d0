/**
 * What the operator's health page and `/metrics` read of this process's MQTT side: its connections, the
 * messages it received (a running total and a recent rate), and how long ingest batches took to commit.
 * Counted here rather than asked of Aedes or Mosquitto: Aedes keeps no message counters, and an external
 * broker's `$SYS` figures cover every process, not this one.
 */
export interface BrokerStats {
  kind: 'embedded' | 'external';
  /** Clients connected now: every client of the embedded broker; devices this process saw connect (external). */
  connections(): number;
  /** Messages received from clients since start (a Prometheus counter reads this). */
  messagesTotal(): number;
  /** Messages per second over the last `RATE_WINDOW_S` seconds. */
  messagesPerSecond(): number;
  /** Hears the time (seconds) and size of every committed ingest batch; returns the unsubscribe. */
  onCommit(listener: CommitListener): () => void;
}

export type CommitListener = (seconds: number, points: number) => void;

/** The rate is averaged over this many whole seconds (the one under way is not counted yet). */
export const RATE_WINDOW_S = 10;

/**
 * A message counter with one bucket per second for the last `RATE_WINDOW_S` seconds: counting is an
 * increment, the rate a sum of ten numbers, whatever the traffic.
 */
export function createMessageMeter(now: () => number = Date.now) {
  const buckets = new Array<number>(RATE_WINDOW_S + 1).fill(0);
  let second = Math.floor(now() / 1000);
  let total = 0;

  /** Empties the buckets of the seconds that passed since the last call. */
  function advance() {
    const current = Math.floor(now() / 1000);
    const passed = Math.min(current - second, buckets.length);
    for (let i = 1; i <= passed; i += 1) buckets[(second + i) % buckets.length] = 0;
    if (current > second) second = current;
  }

  return {
    count(n = 1) {
      advance();
      total += n;
      buckets[second % buckets.length] = (buckets[second % buckets.length] ?? 0) + n;
    },
    get total() {
      return total;
    },
    perSecond(): number {
      advance();
      let sum = 0;
      for (let i = 1; i <= RATE_WINDOW_S; i += 1)
        sum += buckets[(second - i + buckets.length) % buckets.length] ?? 0;
      return sum / RATE_WINDOW_S;
    },
  };
}
export type MessageMeter = ReturnType<typeof createMessageMeter>;

/** Listeners of committed ingest batches; a failing listener is the metrics' problem, never ingest's. */
export function createCommitListeners() {
  const listeners = new Set<CommitListener>();
  return {
    add(listener: CommitListener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    emit(seconds: number, points: number) {
      for (const l of listeners) {
        try {
          l(seconds, points);
        } catch {
          // A metrics listener must not fail a commit that happened.
        }
      }
    },
  };
}
