import path from 'node:path';
import { CREDENTIAL_FILE, type CredentialFile, readCredentialFile } from '../auth/local-credential.ts';
import { type Config, ConfigError, loadConfig } from '../config.ts';
import { type Database, type DatabaseHandle, openDatabase } from '../db/client.ts';
import { runMigrations } from '../db/migrate.ts';
import { DataDirLockedError } from '../db/pglite-lock.ts';
import { AppError } from '../errors.ts';
import { AdminApiError, createAdminApi, ServerNotRunning } from './admin-api.ts';
import { type Command, parseCommand, USAGE, UsageError } from './commands.ts';
import { type AdminIo, executeDirect } from './direct.ts';
import { executeRemote } from './remote.ts';

interface AdminOptions {
  env?: Record<string, string | undefined>;
  io?: AdminIo;
  /** An open database (tests): the command runs on it, never through a server. */
  db?: Database;
  config?: Config;
}

/** Exit codes: 0 done, 1 failed (not found, refused, database), 2 wrong usage. */
export const EXIT = { ok: 0, failed: 1, usage: 2 } as const;

const SEE_HELP = 'See: npm run admin -- --help';

/** DATA_DIR as the command was typed: npm runs workspace scripts in the workspace folder, INIT_CWD is where. */
function dataDirOf(config: Config, env: Record<string, string | undefined>): string | null {
  if (config.dataDir === 'memory://') return null;
  return path.resolve(env.INIT_CWD ?? process.cwd(), config.dataDir);
}

/** With no server running: the database itself, opened, migrated and closed around the command. */
async function runOnDatabase(command: Command, config: Config, dataDir: string | null, io: AdminIo) {
  const target: Config['database'] =
    config.database.kind === 'pglite' && dataDir ? { kind: 'pglite', dataDir } : config.database;
  let handle: DatabaseHandle;
  try {
    handle = await openDatabase(target, () => undefined);
  } catch (err) {
    if (err instanceof DataDirLockedError || target.kind === 'pglite') throw err;
    throw new Unreachable(
      `The database at DATABASE_URL does not answer (${err instanceof Error ? err.message : String(err)}), ` +
        'and no server runs on this DATA_DIR. Start the database, or check DATABASE_URL.',
    );
  }
  try {
    await runMigrations(handle);
    await executeDirect(command, handle.db, config, io);
  } finally {
    await handle.close();
  }
}

/** Neither the server nor the database could be reached: the message says what to do. */
class Unreachable extends Error {}

function lockedMessage(err: DataDirLockedError, server: CredentialFile | null): string {
  const noServer = server
    ? `no server answers at ${server.url}`
    : `no server left its credential (${path.join(err.dataDir, CREDENTIAL_FILE)})`;
  const who = err.pid ? `process ${err.pid}` : 'a process opening it now';
  return (
    `The embedded database in ${err.dataDir} is in use by ${who}, and ${noServer}.\n` +
    '  - A server still starting: wait until it says it is ready, then run this again (it goes through the server).\n' +
    '  - Another admin command: let it finish.\n' +
    `  - Otherwise stop ${who}; or run the server on PostgreSQL (DATABASE_URL), which takes many processes.`
  );
}

function apiErrorMessage(err: AdminApiError, server: CredentialFile | null): string {
  if (err.status === 401) {
    return (
      `The server at ${server?.url} refused the admin credential of ${CREDENTIAL_FILE}: it is accepted only ` +
      'on a direct connection from this machine (HOST on loopback or all addresses), and only from the ' +
      'server that wrote it. Restart the server, or stop it to use the database directly.'
    );
  }
  if (err.code === 'no_route' || (err.status === 404 && /^Route \w+ \S+ not found$/.test(err.message))) {
    return `The server at ${server?.url} has no such admin route (${err.message}): is it an older version?`;
  }
  return `Error: ${err.message}`;
}

/** The operator CLI; returns the exit code. */
export async function runAdmin(argv: string[], opts: AdminOptions = {}): Promise<number> {
  const io = opts.io ?? { out: (l) => console.log(l), err: (l) => console.error(l) };
  const env = opts.env ?? process.env;
  if (argv.length === 0) {
    io.err(USAGE);
    return EXIT.usage;
  }
  let command: Command;
  try {
    const parsed = parseCommand(argv);
    if (parsed.help) {
      io.out(USAGE);
      return EXIT.ok;
    }
    command = parsed.command;
  } catch (err) {
    io.err(`${err instanceof Error ? err.message : String(err)}\n${SEE_HELP}`);
    return EXIT.usage;
  }

  let config: Config;
  try {
    config = opts.config ?? loadConfig(env);
  } catch (err) {
    io.err(err instanceof ConfigError ? err.message : String(err));
    return EXIT.failed;
  }

  let server: CredentialFile | null = null;
  try {
    if (opts.db) {
      await executeDirect(command, opts.db, config, io);
      return EXIT.ok;
    }
    const dataDir = dataDirOf(config, env);
    // A running server holds the embedded database: its admin API is the way in (auth/local-credential.ts).
    server = dataDir ? readCredentialFile(dataDir) : null;
    if (server) {
      try {
        await executeRemote(command, createAdminApi(server), config, io);
        return EXIT.ok;
      } catch (err) {
        if (!(err instanceof ServerNotRunning)) throw err;
        // The file of a server that did not stop cleanly: nothing listens, so the database is free.
      }
    }
    await runOnDatabase(command, config, dataDir, io);
    return EXIT.ok;
  } catch (err) {
    if (err instanceof UsageError) {
      io.err(`${err.message}\n${SEE_HELP}`);
      return EXIT.usage;
    }
    if (err instanceof AppError) io.err(`Error: ${err.detail}`);
    else if (err instanceof AdminApiError) io.err(apiErrorMessage(err, server));
    else if (err instanceof DataDirLockedError) io.err(lockedMessage(err, server));
    else if (err instanceof Unreachable) io.err(err.message);
    else io.err(`Failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
    return EXIT.failed;
  }
}
