// The server side of the ingest and fleet benchmarks: what the server's value listeners saw committed, kept
// until the parent process asks for it (`count`) together with the stored row count.
import { sql } from 'drizzle-orm';
import type { Database } from '../apps/server/src/db/client.ts';
import { rowsOf } from '../apps/server/src/db/sql-results.ts';
import type { StoredValue } from '../apps/server/src/modules/connectivity/ingest.ts';

/** Committed values since the previous count, as the server's value listeners saw them. */
export interface CommitStats {
  /** Committed points per second (ms since BENCH_EPOCH / 1000, floored). */
  perSecond: Record<number, number>;
  /** Publish → commit of each timed value (its value is its send time, ms since BENCH_EPOCH), sorted. */
  latencies: number[];
  /** When the last one was committed (ms since BENCH_EPOCH). */
  last: number;
}

const empty = (): CommitStats => ({ perSecond: {}, latencies: [], last: 0 });

/**
 * Records commits from `onValues` (called once a message's values are committed). `timed` picks the values
 * that carry their send time.
 */
export function recordCommits(
  onValues: ((listener: (values: StoredValue[]) => void) => void) | undefined,
  timed: (value: StoredValue) => boolean,
) {
  const epoch = Number(process.env.BENCH_EPOCH ?? Date.now());
  let commits = empty();
  onValues?.((values) => {
    const now = Date.now() - epoch;
    const second = Math.floor(now / 1000);
    commits.perSecond[second] = (commits.perSecond[second] ?? 0) + values.length;
    commits.last = now;
    for (const v of values) if (timed(v)) commits.latencies.push(now - Number(v.value));
  });
  return {
    /** The stored row count and what was committed since the last call (then forgotten). */
    async count(db: Database): Promise<{ kind: 'count'; rows: number; commits: CommitStats }> {
      const rows = await rowsOf<{ n: number }>(db, sql`select count(*)::int as n from telemetry_points`);
      const taken = commits;
      commits = empty();
      taken.latencies.sort((a, b) => a - b);
      return { kind: 'count', rows: Number(rows[0]?.n ?? 0), commits: taken };
    },
  };
}
