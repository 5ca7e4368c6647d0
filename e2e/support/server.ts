import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { serverNodeFlags } from '../../scripts/node-flags.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const SERVER_ENTRY = path.join(root, 'apps/server/dist/main.js');
/** Node's arguments for the built server on the embedded database, with the flags `npm start` gives it. */
export const SERVER_ARGS = [...serverNodeFlags('pglite'), SERVER_ENTRY];

export function freshDataDir(label: string) {
  return mkdtempSync(path.join(tmpdir(), `tc-e2e-${label}-`));
}

/** Starts the built server as a child process and resolves once it answers /healthz. */
export async function startServer(opts: { port: number; dataDir: string; env?: Record<string, string> }) {
  const url = `http://127.0.0.1:${opts.port}`;
  const child: ChildProcess = spawn(process.execPath, SERVER_ARGS, {
    env: {
      ...process.env,
      PORT: String(opts.port),
      HOST: '127.0.0.1',
      PUBLIC_URL: url,
      DATA_DIR: opts.dataDir,
      LOG_LEVEL: 'warn',
      SIGNUP_RATE_LIMIT_PER_MINUTE: '1000',
      ...opts.env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  /** SIGTERM, and SIGKILL should the server not have exited after `graceMs`. */
  async function stop(graceMs = 20_000) {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
    await exited;
    clearTimeout(timer);
  }
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      const res = await fetch(`${url}/healthz`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop(0);
      throw new Error(`server on ${url} not healthy within 90 s`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return { url, stop };
}

/**
 * Grants a plan with the operator's command (`npm run admin -- grant-plan`) on a server's data directory.
 * The server must be stopped: the embedded database has one writer.
 */
export function grantPlanOffline(opts: {
  dataDir: string;
  port: number;
  publicUrl: string;
  username: string;
  plan?: string;
}) {
  execFileSync(
    'npm',
    [
      'run',
      '--silent',
      'admin',
      '--',
      'grant-plan',
      '--user',
      opts.username,
      '--plan',
      opts.plan ?? 'create-maker',
    ],
    {
      cwd: root,
      env: {
        ...process.env,
        DATA_DIR: opts.dataDir,
        PORT: String(opts.port),
        PUBLIC_URL: opts.publicUrl,
        LOG_LEVEL: 'warn',
      },
      stdio: 'pipe',
    },
  );
}
