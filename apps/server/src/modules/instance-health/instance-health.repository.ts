import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { rowsOf } from '../../db/sql-results.ts';

/** The instance's own figures, read for the operator's health page and `/metrics`: each is one cheap statement. */
export function createInstanceHealthRepository(db: Database) {
  return {
    /** The database's size on disk (PGlite too: it is PostgreSQL, its files in the data directory or memory). */
    async databaseBytes(): Promise<number> {
      const [row] = await rowsOf<{ bytes: string | number }>(
        db,
        sql`select pg_database_size(current_database())::bigint as bytes`,
      );
      return Number(row?.bytes ?? 0);
    },

    /**
     * Stored points, estimated: PostgreSQL's live-row count of each leaf partition of `telemetry_points`
     * (`pg_stat_user_tables.n_live_tup`, kept up to date by every write within about a second), never a
     * `count(*)` of millions of rows. It drifts from the truth between vacuums by a few percent.
     */
    async telemetryPointsEstimate(): Promise<number> {
      const [row] = await rowsOf<{ points: string | number }>(
        db,
        sql`select coalesce(sum(s.n_live_tup), 0)::bigint as points
            from pg_partition_tree('telemetry_points') t
            join pg_stat_user_tables s on s.relid = t.relid
            where t.isleaf`,
      );
      return Number(row?.points ?? 0);
    },

    /**
     * Work waiting, in one round trip: webhook deliveries still to be attempted (the outbox's partial index),
     * export links not yet expired (exports are streamed when a link is opened: a link is the export's waiting
     * state), and compile jobs queued or running (jobs go an hour after they were made).
     */
    async queueDepths(): Promise<{ webhookDeliveries: number; exports: number; compileJobs: number }> {
      const [row] = await rowsOf<{ webhooks: number; exports: number; compiles: number }>(
        db,
        sql`select
              (select count(*) from iot_webhook_deliveries where status = 'PENDING')::int as webhooks,
              (select count(*) from iot_exports where expires_at > now())::int as exports,
              (select count(*) from compile_jobs where status in ('queued', 'running'))::int as compiles`,
      );
      return {
        webhookDeliveries: Number(row?.webhooks ?? 0),
        exports: Number(row?.exports ?? 0),
        compileJobs: Number(row?.compiles ?? 0),
      };
    },
  };
}
