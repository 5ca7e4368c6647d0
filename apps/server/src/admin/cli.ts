import path from 'node:path';
import { parseArgs } from 'node:util';
import { type Config, ConfigError, loadConfig } from '../config.ts';
import { type Database, type DatabaseHandle, openDatabase } from '../db/client.ts';
import { runMigrations } from '../db/migrate.ts';
import { AppError, notFound } from '../errors.ts';
import { createAccountRepository } from '../modules/accounts/account.repository.ts';
import { deleteAccount } from '../modules/accounts/account-deletion.ts';
import { createCustomizationOperator } from '../modules/customization/customization.operator.ts';
import { activePlanOf } from '../modules/plans/plan-rules.ts';
import { createPlanOperator, type PlanTarget } from '../modules/plans/plans.operator.ts';
import { createSpacesRepository } from '../modules/spaces/spaces.repository.ts';

const USAGE = `Usage: npm run admin -- <command> [options]

Commands:
  grant-plan --user <email|username> --plan <id> [--days N]
  grant-plan --space <space id> --plan <id> [--seats N] [--days N]
      Grants a plan now (payment is out of scope). Without --days the plan has no end date; granting the
      plan a target already has extends it.
  create-renewal (--user <email|username> | --space <space id>) --plan <id> [--seats N] [--days N]
      Creates a one-use renewal and prints its id and the link that activates it from Home.
  list-spaces
      Lists every space with its plan, seats, members, join code and slug.
  add-customization --key <company key> --url <https://...> [--enabled] [--client-id <id>]
      Creates or replaces a company-customised sign-in record.
  set-slug --space <space id> (--slug <name> | --clear)
      Serves the space as a branded deployment on <name>.$BASE_HOST.
  delete-user --user <email|username>
      Deletes the account for good and ends every session: its earlier tokens are refused within seconds
      on every running server. Spaces the user is alone in are deleted; what the user made in other spaces
      passes to an admin there. Refused while the user is the last admin of a space with other members.
  --help
      Shows this text.

It reads the same environment as the server (DATABASE_URL, DATA_DIR, PUBLIC_URL, ...). With the embedded
database (no DATABASE_URL) stop the server first: only one process may open it.`;

interface AdminIo {
  out(line: string): void;
  err(line: string): void;
}

interface AdminOptions {
  env?: Record<string, string | undefined>;
  io?: AdminIo;
  /** An open database (tests); otherwise the configured one is opened, migrated and closed. */
  db?: Database;
  config?: Config;
}

/** Exit codes: 0 done, 1 failed (not found, refused, database), 2 wrong usage. */
export const EXIT = { ok: 0, failed: 1, usage: 2 } as const;

class UsageError extends Error {}

const OPTIONS = {
  user: { type: 'string' },
  space: { type: 'string' },
  plan: { type: 'string' },
  seats: { type: 'string' },
  days: { type: 'string' },
  key: { type: 'string' },
  url: { type: 'string' },
  enabled: { type: 'boolean' },
  'client-id': { type: 'string' },
  slug: { type: 'string' },
  clear: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const;

type Values = ReturnType<typeof parseArgs<{ options: typeof OPTIONS; allowPositionals: true }>>['values'];

const ALLOWED: Record<string, (keyof Values)[]> = {
  'grant-plan': ['user', 'space', 'plan', 'seats', 'days'],
  'create-renewal': ['user', 'space', 'plan', 'seats', 'days'],
  'list-spaces': [],
  'add-customization': ['key', 'url', 'enabled', 'client-id'],
  'set-slug': ['space', 'slug', 'clear'],
  'delete-user': ['user'],
};

function positiveInt(name: string, value: string | undefined, max: number): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!/^\d+$/.test(value) || n < 1 || n > max)
    throw new UsageError(`--${name} must be a whole number from 1 to ${max}.`);
  return n;
}

function required(values: Values, name: 'plan' | 'key' | 'url' | 'space' | 'user'): string {
  const value = values[name];
  if (!value) throw new UsageError(`--${name} is required.`);
  return value;
}

function target(values: Values): PlanTarget {
  if (values.user && values.space) throw new UsageError('Give --user or --space, not both.');
  if (values.user) return { user: values.user };
  if (values.space) return { space: values.space };
  throw new UsageError('Give --user <email|username> or --space <space id>.');
}

const day = (d: Date | null) => (d ? d.toISOString().slice(0, 10) : 'no end date');

async function execute(command: string, values: Values, db: Database, config: Config, io: AdminIo) {
  const plans = createPlanOperator({ db, config });
  switch (command) {
    case 'grant-plan': {
      const input = {
        target: target(values),
        planId: required(values, 'plan'),
        seats: positiveInt('seats', values.seats, 100_000),
        days: positiveInt('days', values.days, 36_500),
      };
      const done = await plans.grant(input);
      const seats = 'seats' in done && done.seats ? `, ${done.seats} seats` : '';
      io.out(
        `Granted ${done.plan.name} (${done.plan.id}) to ${done.target}: until ${day(done.expiresAt)}${seats}.`,
      );
      return;
    }
    case 'create-renewal': {
      const renewal = await plans.createRenewal({
        target: target(values),
        planId: required(values, 'plan'),
        seats: positiveInt('seats', values.seats, 100_000),
        days: positiveInt('days', values.days, 36_500),
      });
      io.out(`Renewal for ${renewal.plan.name} (${renewal.plan.id}): ${renewal.id}`);
      io.out(`Activation link: ${renewal.url}`);
      return;
    }
    case 'list-spaces': {
      const rows = await createSpacesRepository(db).listAll();
      if (rows.length === 0) {
        io.out('No spaces yet.');
        return;
      }
      io.out(['id', 'kind', 'plan', 'seats', 'members', 'code', 'slug', 'name'].join('\t'));
      for (const r of rows) {
        const plan = r.planId ? `${r.planId}${activePlanOf(r) ? '' : ' (expired)'}` : '-';
        io.out(
          [r.id, r.space, plan, r.planSeats ?? '-', r.members, r.joinCode, r.slug ?? '-', r.name].join('\t'),
        );
      }
      return;
    }
    case 'add-customization': {
      const key = required(values, 'key');
      if (!/^[A-Za-z0-9_-]{1,64}$/.test(key))
        throw new UsageError('--key is 1 to 64 letters, digits, _ and -.');
      const url = required(values, 'url');
      let parsed: URL;
      try {
        parsed = new URL(url);
      } catch {
        throw new UsageError('--url must be an absolute https:// address.');
      }
      if (parsed.protocol !== 'https:' && parsed.hostname !== 'localhost') {
        throw new UsageError('--url must be an https:// address (http only for localhost).');
      }
      const record = await createCustomizationOperator({ db }).saveRecord({
        companyKey: key,
        url: parsed.toString().replace(/\/$/, ''),
        urlEnabled: values.enabled === true,
        clientId: values['client-id'] ?? '',
      });
      io.out(
        `Customization "${record.companyKey}": ${record.url} (${record.urlEnabled ? 'enabled' : 'disabled'}` +
          `${record.auth0Id ? `, client ${record.auth0Id}` : ''}).`,
      );
      return;
    }
    case 'delete-user': {
      const login = required(values, 'user').trim();
      const user = login ? await createAccountRepository(db).findByLogin(login) : null;
      if (!user) throw notFound('User');
      const done = await deleteAccount(db, user.id);
      const spaces = done.deletedSpaces.length;
      io.out(
        `Deleted user ${user.username} <${user.email}> (${user.id})` +
          (spaces ? ` and ${spaces} space${spaces === 1 ? '' : 's'} they were alone in.` : '.'),
      );
      return;
    }
    case 'set-slug': {
      const space = required(values, 'space');
      if (values.clear && values.slug) throw new UsageError('Give --slug or --clear, not both.');
      if (!values.clear && !values.slug) throw new UsageError('Give --slug <name> or --clear.');
      const org = await createCustomizationOperator({ db }).setSlug(
        space,
        values.clear ? null : (values.slug ?? null),
      );
      if (!org.slug) io.out(`Space "${org.name}" has no branded host now.`);
      else io.out(`Space "${org.name}" is served on ${org.slug}.${config.baseHost ?? '<BASE_HOST>'}.`);
      return;
    }
  }
}

/** A PGlite directory is for one process: refuse while a server answers on the configured port. */
async function serverIsRunning(port: number): Promise<boolean> {
  try {
    await fetch(`http://127.0.0.1:${port}/healthz`, { signal: AbortSignal.timeout(1000) });
    return true;
  } catch {
    return false;
  }
}

/** The operator CLI; returns the exit code. */
export async function runAdmin(argv: string[], opts: AdminOptions = {}): Promise<number> {
  const io = opts.io ?? { out: (l) => console.log(l), err: (l) => console.error(l) };
  const [command, ...rest] = argv;
  if (!command || command === '--help' || command === '-h' || command === 'help') {
    (command ? io.out : io.err)(USAGE);
    return command ? EXIT.ok : EXIT.usage;
  }
  const allowed = ALLOWED[command];
  if (!allowed) {
    io.err(`Unknown command "${command}".\n\n${USAGE}`);
    return EXIT.usage;
  }
  let values: Values;
  try {
    const parsed = parseArgs({ args: rest, options: OPTIONS, allowPositionals: true, strict: true });
    if (parsed.positionals.length > 0)
      throw new UsageError(`Unexpected argument "${parsed.positionals[0]}".`);
    values = parsed.values;
    if (values.help) {
      io.out(USAGE);
      return EXIT.ok;
    }
    const extra = (Object.keys(values) as (keyof Values)[]).find((k) => !allowed.includes(k));
    if (extra) throw new UsageError(`--${extra} does not apply to ${command}.`);
  } catch (err) {
    io.err(`${err instanceof Error ? err.message : String(err)}\nSee: npm run admin -- --help`);
    return EXIT.usage;
  }

  let config: Config;
  try {
    config = opts.config ?? loadConfig(opts.env ?? process.env);
  } catch (err) {
    io.err(err instanceof ConfigError ? err.message : String(err));
    return EXIT.failed;
  }

  let handle: DatabaseHandle | undefined;
  try {
    let db = opts.db;
    if (!db) {
      let target = config.database;
      if (target.kind === 'pglite') {
        // Relative to where the command was typed (npm runs workspace scripts in the workspace folder).
        const base = (opts.env ?? process.env).INIT_CWD ?? process.cwd();
        target = { kind: 'pglite', dataDir: path.resolve(base, target.dataDir) };
        if (await serverIsRunning(config.port)) {
          io.err(
            `A server answers on port ${config.port}: stop it first, the embedded database in ${target.dataDir} ` +
              'takes one process at a time.',
          );
          return EXIT.failed;
        }
      }
      handle = await openDatabase(target);
      await runMigrations(handle);
      db = handle.db;
    }
    await execute(command, values, db, config, io);
    return EXIT.ok;
  } catch (err) {
    if (err instanceof UsageError) {
      io.err(`${err.message}\nSee: npm run admin -- --help`);
      return EXIT.usage;
    }
    if (err instanceof AppError) {
      io.err(`Error: ${err.detail}`);
      return EXIT.failed;
    }
    io.err(`Failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
    return EXIT.failed;
  } finally {
    await handle?.close();
  }
}
