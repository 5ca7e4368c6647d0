import { type ChildProcess, spawn } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from './free-port.ts';

const SERVER_DIR = fileURLToPath(new URL('..', import.meta.url));

export interface ServerProcess {
  /** The HTTP origin, e.g. http://127.0.0.1:40123. */
  url: string;
  pid: number;
  /** What the process printed so far (its output goes to a file, never to the caller's terminal). */
  output(): string;
  /** SIGTERM, then SIGKILL after `graceMs`; resolves once the process is gone. */
  stop(graceMs?: number): Promise<void>;
}

/**
 * The server as production runs it (`src/main.ts`, under tsx), in an OS process of its own on free loopback
 * ports. Nothing of the caller's environment decides where it stores or connects: DATABASE_URL, DATA_DIR and
 * MQTT_URL come from `env` only. Resolves once `/healthz` answers 200.
 */
export async function startServerProcess(
  env: Record<string, string>,
  opts: {
    timeoutMs?: number /** PUBLIC_URL's host (default 127.0.0.1): a name for TLS clients. */;
    publicHost?: string;
  } = {},
): Promise<ServerProcess> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const inherited = { ...process.env };
  for (const name of ['DATABASE_URL', 'DATA_DIR', 'MQTT_URL', 'MQTT_PORT', 'MQTT_CLIENT_ID', 'PORT'])
    delete inherited[name];
  const dir = mkdtempSync(join(tmpdir(), 'tc-server-'));
  const logFile = join(dir, 'server.log');
  const log = openSync(logFile, 'w');
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: SERVER_DIR,
    env: {
      ...inherited,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://${opts.publicHost ?? '127.0.0.1'}:${port}`,
      LOG_LEVEL: 'warn',
      DEMO_DATA: 'false',
      // No HTTPS listener nor certificates in the working directory unless the test asks (TLS and DATA_DIR).
      TLS: 'off',
      ...env,
    },
    stdio: ['ignore', log, log],
  });
  closeSync(log);
  const output = () => {
    try {
      return readFileSync(logFile, 'utf8');
    } catch {
      return '';
    }
  };
  const exited = new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });
  const stop = async (graceMs = 10_000) => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
      await exited;
      clearTimeout(timer);
    }
    rmSync(dir, { recursive: true, force: true });
  };

  const deadline = Date.now() + (opts.timeoutMs ?? 60_000);
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      const text = output();
      await stop();
      throw new Error(`the server process ended before it was ready:\n${text.slice(-2000)}`);
    }
    const ok = await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(2_000) }).then(
      (res) => res.ok,
      () => false,
    );
    if (ok) break;
    if (Date.now() > deadline) {
      const text = output();
      await stop();
      throw new Error(`the server process did not answer /healthz in time:\n${text.slice(-2000)}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return { url, pid: child.pid ?? 0, output, stop };
}
