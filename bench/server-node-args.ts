// The node flags a bench's server child runs with: those `npm start` gives the server of that setup
// (scripts/node-flags.mjs, so a bench measures the server as it is run), then BENCH_NODE_ARGS (for instance
// --cpu-prof --cpu-prof-dir=/some/dir).
import { serverNodeFlags } from '../scripts/node-flags.mjs';

/** `postgres`: the server setup's database (a PostgreSQL server); `pglite`: the embedded one. */
export function serverNodeArgs(database: 'postgres' | 'pglite') {
  return [
    ...serverNodeFlags({ DATABASE_URL: database === 'postgres' ? 'set' : undefined }),
    ...(process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean),
  ];
}
