// The Node flags `npm start` runs the server with (`node $(node scripts/node-flags.mjs) scripts/start.mjs`), chosen
// by the database the server will use; the benches take their server's flags from here too, so they measure the
// server as it is run. Figures: apps/server/src/modules/connectivity/README.md, "Node flags by setup".
// - With a PostgreSQL server (DATABASE_URL): a 64 MB young generation. At 30,000 device messages a second V8's
//   default one made garbage collection a fifth of the server's CPU, with it a twentieth.
// - With the embedded database (the small setup, where memory counts more): V8's default young generation, and
//   the old generation collected once it has grown by 30 % (V8 lets it grow up to fourfold), so a fleet's
//   per-device garbage does not pile up: with 10,000 devices the peak went from 1,206 to 957–967 MB at the
//   same connect rate and CPU.
import { fileURLToPath } from 'node:url';

/** @param {'postgres' | 'pglite'} database a PostgreSQL server, or the embedded database */
export function serverNodeFlags(database) {
  return database === 'postgres' ? ['--max-semi-space-size=64'] : ['--heap-growing-percent=30'];
}

if (process.argv[1] === fileURLToPath(import.meta.url))
  console.log(serverNodeFlags(process.env.DATABASE_URL ? 'postgres' : 'pglite').join(' '));
