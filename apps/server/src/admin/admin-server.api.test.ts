/**
 * Issue 27 item 7: `npm run admin` while the server runs on the embedded database. The server is the real
 * one (src/main.ts in a process of its own, on PGlite in a temporary DATA_DIR, whatever database the suite
 * runs on), the CLI too (src/admin.ts under tsx).
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type AdminUsersPage, adminUsersPageSchema } from '@tinkercloud/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../test/free-port.ts';
import { type ServerProcess, startServerProcess } from '../../test/server-process.ts';
import { CREDENTIAL_FILE, readCredentialFile } from '../auth/local-credential.ts';
import { openDatabase } from '../db/client.ts';
import { LOCK_FILE } from '../db/pglite-lock.ts';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const tsx = path.resolve(serverDir, '../../node_modules/.bin/tsx');

/** The CLI as an operator runs it, on this DATA_DIR and never on the suite's database. */
function cli(
  dataDir: string,
  ...args: string[]
): Promise<{ status: number | null; stdout: string; stderr: string }> {
  const env: Record<string, string | undefined> = { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'silent' };
  delete env.DATABASE_URL;
  delete env.INIT_CWD;
  return new Promise((resolve, reject) => {
    const child = spawn(tsx, ['src/admin.ts', ...args], { cwd: serverDir, env });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('error', reject);
    child.on('close', (status) => resolve({ status, stdout, stderr }));
  });
}

let dataDir: string;
let server: ServerProcess | undefined;
beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'tc-admin-live-'));
  // The demo account gives the test a user without a sign-up.
  server = await startServerProcess(
    { DATA_DIR: dataDir, DEMO_DATA: 'true', DEMO: 'false' },
    { timeoutMs: 120_000 },
  );
}, 150_000);
afterAll(async () => {
  await server?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('npm run admin beside a running server on PGlite', () => {
  it('finds the credential the server left, readable by its owner only', () => {
    const file = readCredentialFile(dataDir);
    expect(file?.url).toBe(server?.url);
    expect(file?.pid).toBe(server?.pid);
    expect(statSync(path.join(dataDir, CREDENTIAL_FILE)).mode & 0o777).toBe(0o600);
  });

  it('grants a plan through the server, which keeps the database to itself', async () => {
    const done = await cli(dataDir, 'grant-plan', '--user', 'demo', '--plan', 'create-maker', '--days', '30');
    expect(done.stderr).toBe('');
    expect(done.stdout).toMatch(
      /^Granted Maker \(create-maker\) to user demo \(demo@example\.com\): until \d{4}-/,
    );
    expect(done.status).toBe(0);

    // The grant, read back through the admin API with the same credential.
    const file = readCredentialFile(dataDir);
    const res = await fetch(`${file?.url}/admin/v1/users?q=demo`, {
      headers: { authorization: `Bearer ${file?.token}` },
    });
    expect(res.status).toBe(200);
    const page: AdminUsersPage = adminUsersPageSchema.parse(await res.json());
    const demo = page.users.find((u) => u.username === 'demo');
    expect(demo?.plans.map((p) => p.id)).toContain('create-maker');
    // The lock on the data directory stayed the server's all along.
    expect(JSON.parse(readFileSync(path.join(dataDir, LOCK_FILE), 'utf8')).pid).toBe(server?.pid);
  });

  it('removes the credential when the server stops; the CLI then opens the database itself', async () => {
    await server?.stop();
    server = undefined;
    expect(existsSync(path.join(dataDir, CREDENTIAL_FILE))).toBe(false);
    expect(existsSync(path.join(dataDir, LOCK_FILE))).toBe(false);
    const list = await cli(dataDir, 'list-spaces');
    expect(list.stderr).toBe('');
    expect(list.stdout.trim()).toBe('No spaces yet.');
  }, 60_000);

  it("falls back to the database when the credential's server is gone (a crash left the file)", async () => {
    const port = await freePort();
    writeFileSync(
      path.join(dataDir, CREDENTIAL_FILE),
      JSON.stringify({ url: `http://127.0.0.1:${port}`, token: 'x'.repeat(43) }),
      { mode: 0o600 },
    );
    const list = await cli(dataDir, 'list-spaces');
    expect(list.stdout.trim()).toBe('No spaces yet.');
    expect(list.status).toBe(0);
    rmSync(path.join(dataDir, CREDENTIAL_FILE));
  }, 60_000);

  it('says what to do when no server answers and the database is in use', async () => {
    // Another process holds it (this one), as a server still starting or another admin command would.
    const holder = await openDatabase({ kind: 'pglite', dataDir });
    try {
      const refused = await cli(dataDir, 'grant-plan', '--user', 'demo', '--plan', 'create-maker');
      expect(refused.status).toBe(1);
      expect(refused.stderr).toContain(
        `The embedded database in ${dataDir} is in use by process ${process.pid}`,
      );
      expect(refused.stderr).toContain('no server left its credential');
      expect(refused.stderr).toMatch(/wait until it says it is ready/);
      expect(refused.stderr).toMatch(/stop process \d+; or run the server on PostgreSQL \(DATABASE_URL\)/);
    } finally {
      await holder.close();
    }
  }, 60_000);
});
