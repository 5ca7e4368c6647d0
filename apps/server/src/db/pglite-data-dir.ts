import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';

/** The child's whole program: open (so create) the data directory, then close it. */
const CREATE_AND_CLOSE = `
const { PGlite } = require(process.argv[1]);
const db = new PGlite(process.argv[2]);
db.waitReady.then(() => db.close()).catch((err) => { console.error(err); process.exit(1); });
`;

/**
 * Makes a PGlite data directory if there is none yet, in a child process. PGlite creates one with a second,
 * temporary PGlite and the initdb WASM module inside the process that asked; both stay in its memory until a
 * full garbage collection, which may come minutes later (about 450 MB measured: a fresh directory left the
 * server at 830 MB where reopening one gives 350 MB). Done in a child, that memory goes when the child exits.
 */
export async function ensurePgliteDataDir(dir: string): Promise<void> {
  if (existsSync(join(dir, 'PG_VERSION'))) return;
  const pglite = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  await new Promise<void>((resolve, reject) => {
    execFile(process.execPath, ['-e', CREATE_AND_CLOSE, pglite, dir], (err, _stdout, stderr) => {
      if (err) reject(new Error(`PGlite could not create ${dir}: ${stderr.trim() || err.message}`));
      else resolve();
    });
  });
}
