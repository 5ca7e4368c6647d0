import { randomUUID } from 'node:crypto';
import { readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** Beside the PGlite directory (`DATA_DIR/pg`), not inside it: PGlite owns that one. */
export const LOCK_FILE = 'pg.lock';

/** How long a lock file without a pid counts as being written rather than left broken. */
const FRESH_MS = 5_000;

/** The embedded database is open in another live process (a server, or an admin command). */
export class DataDirLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number,
  ) {
    super(
      `the embedded database in ${dataDir} is in use by ${pid ? `process ${pid}` : 'a process opening it now'} ` +
        `(if no such process runs, delete ${join(dataDir, LOCK_FILE)})`,
    );
    this.name = 'DataDirLockedError';
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: the process exists, it is only someone else's.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function holderOf(file: string): number | null {
  try {
    const pid = Number(JSON.parse(readFileSync(file, 'utf8')).pid);
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

/**
 * Takes the data directory for this process. PGlite itself does not refuse a second process (it writes a
 * postmaster.pid it never checks), and two processes writing one directory corrupt it; so each opener takes
 * this file first, created exclusively with its pid. A lock whose process is gone (a crash, a kill -9) is
 * taken over; one of this process (a handle not closed) too, since only other processes are kept out.
 * Returns the release, which removes the file only while it is still ours. `pid` 0 in the error: a lock
 * being written at this moment.
 */
export function lockDataDir(dataDir: string): () => void {
  const file = join(dataDir, LOCK_FILE);
  // The nonce tells this handle's lock from another of the same process (only the taker releases it).
  const mine = JSON.stringify({ pid: process.pid, at: new Date().toISOString(), nonce: randomUUID() });
  for (let attempt = 0; attempt < 3; attempt += 1) {
    try {
      writeFileSync(file, mine, { flag: 'wx', mode: 0o600 });
      return () => {
        try {
          if (readFileSync(file, 'utf8') === mine) rmSync(file, { force: true });
        } catch {
          // Gone already.
        }
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const pid = holderOf(file);
      if (pid !== null && pid !== process.pid && alive(pid)) throw new DataDirLockedError(dataDir, pid);
      // No pid yet: another opener may be between creating the file and writing it.
      const age = Date.now() - (statSync(file, { throwIfNoEntry: false })?.mtimeMs ?? 0);
      if (pid === null && age < FRESH_MS) throw new DataDirLockedError(dataDir, 0);
      // Stale: its process is gone (or it is ours). Taken over; a racer taking it first wins the next try.
      rmSync(file, { force: true });
    }
  }
  throw new DataDirLockedError(dataDir, holderOf(file) ?? 0);
}
