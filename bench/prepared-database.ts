// A fresh database for a benchmark's server process, with one account on a paid plan. The server process owns
// a PGlite directory once it runs, so the account is made here, before it starts.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import pino from 'pino';
import { loadConfig } from '../apps/server/src/config.ts';
import { type DatabaseHandle, openDatabase } from '../apps/server/src/db/client.ts';
import { runMigrations } from '../apps/server/src/db/migrate.ts';
import { createMailer } from '../apps/server/src/mail/mailer.ts';
import { createAccountService } from '../apps/server/src/modules/accounts/account.service.ts';
import { createPlansRepository } from '../apps/server/src/modules/plans/plans.repository.ts';

export interface BenchAccount {
  email: string;
  username: string;
  name: string;
  password: string;
}

export interface PreparedDatabase {
  /** What the server process needs to find it (DATA_DIR or DATABASE_URL). */
  env: Record<string, string>;
  /** Removes the directory or drops the throwaway database. */
  drop: () => Promise<void>;
}

/** A unique account for one run (`label` shows in the usernames it makes). */
export function benchAccount(label: string): BenchAccount {
  const tag = `${label}${Date.now().toString(36)}`;
  return {
    email: `${tag}@example.com`,
    username: tag,
    name: `Bench ${label}`,
    password: 'correct horse battery',
  };
}

/**
 * A temporary PGlite directory, or a throwaway database on the DATABASE_URL server, migrated and holding
 * `account` with `plan` (enough things, variables and widgets for the benchmark).
 */
export async function prepareDatabase(
  kind: 'pglite' | 'postgres',
  account: BenchAccount,
  plan = 'create-maker-plus',
): Promise<PreparedDatabase> {
  let handle: DatabaseHandle;
  let env: Record<string, string>;
  let drop: () => Promise<void>;
  if (kind === 'pglite') {
    const dataDir = mkdtempSync(join(tmpdir(), 'tc-bench-'));
    handle = await openDatabase({ kind: 'pglite', dataDir });
    env = { DATA_DIR: dataDir };
    drop = async () => rmSync(dataDir, { recursive: true, force: true });
  } else {
    const serverUrl = process.env.DATABASE_URL as string;
    const name = `tc_bench_${Date.now()}_${randomBytes(4).toString('hex')}`;
    const admin = async (sql: string) => {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      try {
        await client.query(sql);
      } finally {
        await client.end();
      }
    };
    await admin(`create database ${name}`);
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    handle = await openDatabase({ kind: 'postgres', url: url.toString() });
    env = { DATABASE_URL: url.toString() };
    drop = () => admin(`drop database if exists ${name} with (force)`);
  }
  try {
    await runMigrations(handle);
    const config = loadConfig({ PUBLIC_URL: 'http://127.0.0.1', LOG_LEVEL: 'silent', ...env });
    const logger = pino({ level: 'silent' });
    const mailer = createMailer({ ...config.mail, db: handle.db, logger, outbox: config.devOutbox });
    const accounts = createAccountService({ db: handle.db, mailer, config, logger });
    const user = await accounts.register({ ...account, isMinor: false });
    await createPlansRepository(handle.db).upsertUserPlan(user.id, plan, null);
  } catch (err) {
    await handle.close();
    await drop();
    throw err;
  }
  await handle.close();
  return { env, drop };
}
