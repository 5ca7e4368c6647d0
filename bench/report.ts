// What a benchmark hands to `npm run bench` (bench/all.ts): each headline figure, with the limit of its parts
// measured in the same run when there is one. A benchmark run alone only prints; under `npm run bench` the
// figures also go, one JSON line each, to the file BENCH_REPORT names.
import { appendFileSync } from 'node:fs';

export interface Figure {
  /** The npm script, e.g. `bench:live`. */
  bench: string;
  /** What was measured, e.g. "publish → browser p99 (PGlite)". */
  what: string;
  value: number;
  unit: string;
  /** Whether a larger value is better (throughput) or worse (latency, size). */
  better: 'higher' | 'lower';
  /** The same measure of the part underneath (the broker alone, a bare insert, an idle page), same run. */
  limit?: { what: string; value: number };
  /** The goal, as words, and whether this run met it. */
  goal?: { text: string; met: boolean };
}

export function report(figure: Figure): void {
  const file = process.env.BENCH_REPORT;
  if (file) appendFileSync(file, `${JSON.stringify(figure)}\n`);
}
