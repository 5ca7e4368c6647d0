import type { PGlite } from '@electric-sql/pglite';

/** How often the tables are looked at. */
const CHECK_MS = 30_000;
/** A table is analysed again once it has this many more pages than at its last analysis, and… */
const MIN_NEW_PAGES = 8;
/** …this share more (autovacuum's default analyze scale factor is 0.1). */
const GROWTH = 0.2;
/** Tables analysed, and tables vacuumed, per check at most: PGlite has one connection, and each holds it. */
const MAX_PER_CHECK = 4;
/** A table is vacuumed once its dead rows pass this many plus… (autovacuum's defaults) */
const DEAD_ROWS_THRESHOLD = 50;
/** …this share of its live rows. */
const DEAD_ROWS_SCALE = 0.2;

/**
 * PGlite runs PostgreSQL in single-user mode, where autovacuum never runs. This stands in for it, every 30 s:
 *
 * - VACUUM: an updated or deleted row stays in its table as a dead row until a vacuum frees its space. Device
 *   status and activity change an indexed column, so every connect and disconnect leaves one: 20 status
 *   changes of 10,000 devices grew such a table from 1.5 MB to 33 MB, and it never shrank; vacuumed every few
 *   rounds it kept its size. Tables whose dead rows pass autovacuum's threshold are vacuumed, the fullest
 *   first. The counters come from PostgreSQL's statistics (reported at most once a second, and lost at a
 *   restart, so dead rows left before one are freed with the next vacuum of their table).
 * - ANALYZE: a table filled after it was made is planned with no statistics, as if nearly empty. With 3,000
 *   devices bulk-loaded, a login's read of ten devices joined every thing instead of looking each up by index
 *   (2.9 ms, 1.2 ms once analysed). Tables whose size grew past their last analysis are analysed (size, not
 *   counters: it survives restarts).
 *
 * A few tables per check at most. PostgreSQL servers have autovacuum; this runs on PGlite only.
 */
export function keepTablesMaintained(client: PGlite, onError: (err: Error) => void): () => void {
  let running = false;
  const timer = setInterval(() => {
    if (running || client.closed) return;
    running = true;
    vacuumDeadTables(client)
      .then(() => analyzeGrownTables(client))
      .catch((err: unknown) => {
        if (!client.closed) onError(err instanceof Error ? err : new Error(String(err)));
      })
      .finally(() => {
        running = false;
      });
  }, CHECK_MS);
  timer.unref();
  return () => clearInterval(timer);
}

/** One look at the tables: vacuums and analyses those with many dead rows (a few); answers their names. */
export async function vacuumDeadTables(client: PGlite): Promise<string[]> {
  const { rows } = await client.query<{ name: string }>(
    `select format('%I.%I', schemaname, relname) as name
     from pg_stat_user_tables
     where schemaname = 'public' and n_dead_tup > $1::int + $2::float8 * n_live_tup
     order by n_dead_tup desc
     limit $3`,
    [DEAD_ROWS_THRESHOLD, DEAD_ROWS_SCALE, MAX_PER_CHECK],
  );
  // With ANALYZE: a vacuum sets the page count that analyzeGrownTables compares with, so a table that grew
  // and was then vacuumed would otherwise never be analysed.
  return eachTable(client, rows, 'vacuum (analyze)');
}

/** Runs `command` on each table named, one after another, until PGlite closes; answers the tables done. */
async function eachTable(client: PGlite, tables: { name: string }[], command: string): Promise<string[]> {
  const done: string[] = [];
  for (const { name } of tables) {
    if (client.closed) break;
    await client.query(`${command} ${name}`);
    done.push(name);
  }
  return done;
}

/** One look at the tables: analyses those grown since their last analysis (a few); answers their names. */
export async function analyzeGrownTables(client: PGlite): Promise<string[]> {
  const { rows } = await client.query<{ name: string }>(
    `select format('%I.%I', n.nspname, c.relname) as name
     from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where c.relkind = 'r' and n.nspname = 'public'
       and pg_relation_size(c.oid) / current_setting('block_size')::int
           > greatest(c.relpages, 0) * (1 + $1::float8) + $2::int
     order by pg_relation_size(c.oid) - c.relpages::bigint * current_setting('block_size')::int desc
     limit $3`,
    [GROWTH, MIN_NEW_PAGES, MAX_PER_CHECK],
  );
  return eachTable(client, rows, 'analyze');
}
