import type { PGlite } from '@electric-sql/pglite';

/** How often the tables are looked at. */
const CHECK_MS = 30_000;
/** A table is analysed again once it has this many more pages than at its last analysis, and… */
const MIN_NEW_PAGES = 8;
/** …this share more (autovacuum's default analyze scale factor is 0.1). */
const GROWTH = 0.2;
/** Tables analysed per check, at most: PGlite has one connection, and ANALYZE holds it. */
const MAX_PER_CHECK = 4;

/**
 * PGlite runs PostgreSQL in single-user mode, where autovacuum never runs: a table filled after it was made
 * is planned with no statistics, as if nearly empty. With 3,000 devices bulk-loaded, a login's read of ten
 * devices joined every thing instead of looking each up by index (2.9 ms, 1.2 ms once analysed). This stands
 * in for autovacuum's ANALYZE: every 30 s, the tables of our schema whose size grew past their last analysis
 * are analysed, a few at a time. (The server's own statistics counters cannot tell: single-user mode does not
 * report them.) PostgreSQL servers have autovacuum; this runs on PGlite only.
 */
export function keepStatistics(client: PGlite, onError: (err: Error) => void): () => void {
  let running = false;
  const timer = setInterval(() => {
    if (running || client.closed) return;
    running = true;
    analyzeGrownTables(client)
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
  const analysed: string[] = [];
  for (const { name } of rows) {
    if (client.closed) break;
    await client.query(`analyze ${name}`);
    analysed.push(name);
  }
  return analysed;
}
