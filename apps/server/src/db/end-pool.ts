import type pg from 'pg';

/**
 * Ends a connection pool, waiting at most `graceMs`. `pool.end()` waits until every client reports its end,
 * and a client whose server dropped it abruptly may never report it (a known node-postgres behaviour after an
 * outage or an administrator's kill): shutdown must not hang on that. Past the grace time the remaining
 * sockets are left to the process's exit or to the server.
 */
export async function endPool(pool: pg.Pool, graceMs: number): Promise<'ended' | 'timed out'> {
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<'timed out'>((resolve) => {
    timer = setTimeout(resolve, graceMs, 'timed out');
    timer.unref();
  });
  try {
    return await Promise.race([pool.end().then(() => 'ended' as const), timedOut]);
  } finally {
    clearTimeout(timer);
  }
}
