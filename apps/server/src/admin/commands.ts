import { parseArgs } from 'node:util';

export const USAGE = `Usage: npm run admin -- <command> [options]

Commands:
  grant-plan --user <email|username> --plan <id> [--days N]
  grant-plan --space <space id> --plan <id> [--seats N] [--days N]
      Grants a plan now (payment is out of scope). Without --days the plan has no end date; granting the
      plan a target already has extends it.
  create-renewal (--user <email|username> | --space <space id>) --plan <id> [--seats N] [--days N]
      Creates a one-use renewal and prints its id and the link that activates it from Home.
  list-spaces
      Lists every space with its plan, seats and members (and, with the server stopped, join code and slug;
      through a running server, its owner).
  add-customization --key <company key> --url <https://...> [--enabled] [--client-id <id>]
      Creates or replaces a company-customised sign-in record.
  set-slug --space <space id> (--slug <name> | --clear)
      Serves the space as a branded deployment on <name>.$BASE_HOST.
  delete-user --user <email|username>
      Deletes the account for good and ends every session: its earlier tokens are refused within seconds
      on every running server. Spaces the user is alone in are deleted; what the user made in other spaces
      passes to an admin there. Refused while the user is the last admin of a space with other members.
  make-operator --user <email|username>
  unmake-operator --user <email|username>
      Makes the account an operator of this server (the admin console), or no longer one. The last
      operator cannot be unmade; an account of a minor cannot be made one.
  --help
      Shows this text.

It reads the same environment as the server (DATABASE_URL, DATA_DIR, PUBLIC_URL, ...). While the server runs
it goes through the server's admin API, with the credential the server leaves in $DATA_DIR/admin-credential
at each start (readable only by the account running the server, and accepted only from this machine); it
works on the embedded database then too. With no server running it opens the database itself.`;

/** Wrong usage: exit code 2 and a pointer to the help. */
export class UsageError extends Error {}

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
  'make-operator': ['user'],
  'unmake-operator': ['user'],
};

export type Target = { user: string } | { space: string };

interface PlanInput {
  target: Target;
  planId: string;
  seats: number | undefined;
  days: number | undefined;
}

/** A command as both ways of running it take it: through the server's admin API, or on the database. */
export type Command =
  | ({ name: 'grant-plan' } & PlanInput)
  | ({ name: 'create-renewal' } & PlanInput)
  | { name: 'list-spaces' }
  | { name: 'add-customization'; key: string; url: string; enabled: boolean; clientId: string }
  | { name: 'set-slug'; space: string; slug: string | null }
  | { name: 'delete-user'; login: string }
  | { name: 'set-operator'; login: string; operator: boolean };

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

function target(values: Values): Target {
  if (values.user && values.space) throw new UsageError('Give --user or --space, not both.');
  if (values.user) return { user: values.user };
  if (values.space) return { space: values.space };
  throw new UsageError('Give --user <email|username> or --space <space id>.');
}

/** The sign-in page's address: https, or http for localhost only; without a trailing slash. */
function signInUrl(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new UsageError('--url must be an absolute https:// address.');
  }
  if (parsed.protocol !== 'https:' && !(parsed.protocol === 'http:' && parsed.hostname === 'localhost')) {
    throw new UsageError('--url must be an https:// address (http only for localhost).');
  }
  return parsed.toString().replace(/\/$/, '');
}

function commandOf(name: string, values: Values): Command {
  switch (name) {
    case 'grant-plan':
    case 'create-renewal':
      return {
        name,
        target: target(values),
        planId: required(values, 'plan'),
        seats: positiveInt('seats', values.seats, 100_000),
        days: positiveInt('days', values.days, 36_500),
      };
    case 'list-spaces':
      return { name };
    case 'add-customization': {
      const key = required(values, 'key');
      if (!/^[A-Za-z0-9_-]{1,64}$/.test(key))
        throw new UsageError('--key is 1 to 64 letters, digits, _ and -.');
      return {
        name,
        key,
        url: signInUrl(required(values, 'url')),
        enabled: values.enabled === true,
        clientId: values['client-id'] ?? '',
      };
    }
    case 'set-slug': {
      const space = required(values, 'space');
      if (values.clear && values.slug) throw new UsageError('Give --slug or --clear, not both.');
      if (!values.clear && !values.slug) throw new UsageError('Give --slug <name> or --clear.');
      return { name, space, slug: values.clear ? null : (values.slug ?? null) };
    }
    case 'delete-user':
      return { name, login: required(values, 'user').trim() };
    default:
      return {
        name: 'set-operator',
        login: required(values, 'user').trim(),
        operator: name === 'make-operator',
      };
  }
}

/** What the command line asks: help, or a command; throws UsageError for anything else. */
export function parseCommand(argv: string[]): { help: true } | { help: false; command: Command } {
  const [name, ...rest] = argv;
  if (!name) throw new UsageError(USAGE);
  if (name === '--help' || name === '-h' || name === 'help') return { help: true };
  const allowed = ALLOWED[name];
  if (!allowed) throw new UsageError(`Unknown command "${name}".\n\n${USAGE}`);
  const parsed = parseArgs({ args: rest, options: OPTIONS, allowPositionals: true, strict: true });
  if (parsed.positionals.length > 0) throw new UsageError(`Unexpected argument "${parsed.positionals[0]}".`);
  if (parsed.values.help) return { help: true };
  const extra = (Object.keys(parsed.values) as (keyof Values)[]).find((k) => !allowed.includes(k));
  if (extra) throw new UsageError(`--${extra} does not apply to ${name}.`);
  return { help: false, command: commandOf(name, parsed.values) };
}

export const day = (d: Date | string | null) =>
  d ? (typeof d === 'string' ? d : d.toISOString()).slice(0, 10) : 'no end date';
