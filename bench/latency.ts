// What every live benchmark prints: how many arrived, and the latency percentiles against the goal.

export const GOAL_P99_MS = 50;

export interface LatencyRun {
  sent: number;
  /** Seconds the sending took. */
  elapsed: number;
  /** Events each reader should have received (sent × readers). */
  expected: number;
  received: number;
  /** Milliseconds from sending to receipt, one per received event. */
  latencies: number[];
}

export function printLatency(title: string, run: LatencyRun, extra: string[] = []) {
  const sorted = [...run.latencies].sort((a, b) => a - b);
  const pct = (p: number) =>
    sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
  const f = (n: number) => `${n.toFixed(1)} ms`;
  console.log(title);
  console.log(
    `  sent ${run.sent} in ${run.elapsed.toFixed(1)} s (${Math.round(run.sent / run.elapsed)}/s), received ${run.received} of ${run.expected}, lost ${run.expected - run.received}`,
  );
  console.log(
    `  latency p50 ${f(pct(50))}  p99 ${f(pct(99))}  max ${f(sorted.at(-1) ?? NaN)}  (goal p99 ≤ ${GOAL_P99_MS} ms)`,
  );
  for (const line of extra) console.log(`  ${line}`);
}

/**
 * Calls `send(n)` every tick with how many messages are due so that `rate` per second holds over `seconds`
 * (a late tick catches up). Resolves with the seconds it took.
 */
export function sendAtRate(rate: number, seconds: number, send: (seq: number) => void): Promise<number> {
  const TICK_MS = 10;
  const total = Math.round(rate * seconds);
  const perTick = Math.max(1, Math.round((rate * TICK_MS) / 1000));
  let seq = 0;
  const started = performance.now();
  return new Promise((resolve) => {
    const timer = setInterval(() => {
      const due = Math.min(total, Math.round(((performance.now() - started) / 1000) * rate) + perTick);
      while (seq < due) {
        send(seq);
        seq += 1;
      }
      if (seq >= total) {
        clearInterval(timer);
        resolve((performance.now() - started) / 1000);
      }
    }, TICK_MS);
  });
}
