/**
 * The sandbox itself, with commands other than the builder: it cannot read the server's data directory nor
 * reach a database port, and runs as nobody when the server is root.
 */
import { chown, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../config.ts';
import { runProcess } from './run-process.ts';
import { sandboxed, UNPRIVILEGED_ID } from './sandbox.ts';
import { findExecutable } from './toolchain.ts';

let dataDir: string;
let jobDir: string;
let listener: Server;
let port: number;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'sandbox-data-'));
  jobDir = await mkdtemp(join(tmpdir(), 'sandbox-job-'));
  await writeFile(join(dataDir, 'secret.txt'), 'the database password\n');
  // A port that answers on the host, to show the sandbox cannot reach it (nor 5432) while the host can.
  listener = createServer((s) => s.end('hello\n'));
  await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
  port = (listener.address() as { port: number }).port;
});
afterAll(async () => {
  listener.close();
  await rm(dataDir, { recursive: true, force: true });
  await rm(jobDir, { recursive: true, force: true });
});

/** Runs a bash script in the sandbox as the compile service does. */
async function inSandbox(script: string, opts: { jobDir?: string } = {}) {
  const bwrap = findExecutable('bwrap');
  if (!bwrap) throw new Error('bubblewrap (bwrap) is not installed');
  const config = loadConfig({ DATA_DIR: dataDir });
  const run = sandboxed({
    bwrap,
    setpriv: findExecutable('setpriv'),
    jobDir: opts.jobDir ?? jobDir,
    readOnlyDirs: [...config.compile.hardwareDirs, ...config.compile.toolsDirs],
    command: '/bin/bash',
    args: ['-c', script],
  });
  // As the compile service does: root hands the job directory to the user the sandbox runs as.
  if (run.chownTo !== undefined) await chown(opts.jobDir ?? jobDir, run.chownTo, run.chownTo);
  return runProcess({ command: run.command, args: run.args, timeoutMs: 30_000, maxBytes: 65_536 });
}

describe('the compile sandbox', () => {
  it('runs a command with the job directory as its home and a clean environment', async () => {
    const res = await inSandbox('echo "$HOME"; pwd; env | sort | cut -d= -f1 | tr "\\n" " "');
    expect(res.code, res.output).toBe(0);
    const [home, cwd, names] = res.output.split('\n');
    expect([home, cwd]).toEqual(['/job', '/job']);
    // PWD and SHLVL are bash's own; nothing of the server's environment (DATABASE_URL, secrets) is there.
    expect(
      names
        ?.trim()
        .split(' ')
        .filter((n) => !['PWD', 'SHLVL', '_'].includes(n)),
    ).toEqual(['HOME', 'LANG', 'PATH']);
  });

  it("cannot read a file of the server's data directory", async () => {
    const file = join(dataDir, 'secret.txt');
    const res = await inSandbox(`cat ${file}`);
    expect(res.code).not.toBe(0);
    expect(res.output).toContain('No such file or directory');
    expect(res.output).not.toContain('password');
  });

  it('cannot connect to a port on the host, nor to PostgreSQL', async () => {
    // The host reaches the listener: the refusal below is the sandbox's.
    const host = await runProcess({
      command: '/bin/bash',
      args: ['-c', `exec 3<>/dev/tcp/127.0.0.1/${port} && cat <&3`],
      timeoutMs: 10_000,
      maxBytes: 1024,
    });
    expect(host.output).toContain('hello');
    for (const p of [port, 5432]) {
      const res = await inSandbox(`exec 3<>/dev/tcp/127.0.0.1/${p} && echo connected`);
      expect(res.code).not.toBe(0);
      expect(res.output).not.toContain('connected');
    }
  });

  it.runIf(process.getuid?.() === 0)('runs as nobody when the server is root', async () => {
    const res = await inSandbox('id -u; id -g');
    expect(res.code, res.output).toBe(0);
    expect(res.output.trim().split('\n')).toEqual([String(UNPRIVILEGED_ID), String(UNPRIVILEGED_ID)]);
  });

  it('writes in the job directory only', async () => {
    const res = await inSandbox('echo ok > /job/out.txt && cat /job/out.txt; echo no > /usr/x.txt');
    expect(res.output).toContain('ok');
    expect(res.output).toMatch(/Read-only file system|Permission denied/);
  });
});
