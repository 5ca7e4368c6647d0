/**
 * `npm start`'s Node flags depend on the database (scripts/node-flags.mjs): the 64 MB young generation with a
 * PostgreSQL server; with the embedded one V8's default young generation and an old generation collected once it
 * has grown by 30 %. Runs the root `start` script's own command line through
 * the shell, with the server's entry swapped for a print of the flags the process got.
 */
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const run = promisify(execFile);

async function startFlags(env: Record<string, string>) {
  const { scripts } = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
    scripts: { start: string };
  };
  expect(scripts.start).toContain('scripts/start.mjs');
  const command = scripts.start.replace('scripts/start.mjs', `-p "JSON.stringify(process.execArgv)"`);
  const { DATABASE_URL: _ignored, ...rest } = process.env;
  const { stdout } = await run('sh', ['-c', command], { cwd: ROOT, env: { ...rest, ...env } });
  return JSON.parse(stdout) as string[];
}

describe('npm start flags', () => {
  it('gives a server on PostgreSQL the 64 MB young generation', async () => {
    const flags = await startFlags({ DATABASE_URL: 'postgres://user@db.example.org/iot' });
    expect(flags).toContain('--max-semi-space-size=64');
    expect(flags.filter((flag) => flag.startsWith('--heap-growing-percent'))).toEqual([]);
  });

  it("gives the embedded database's server V8's default young generation and a tighter old one", async () => {
    const flags = await startFlags({});
    expect(flags.filter((flag) => flag.startsWith('--max-semi-space-size'))).toEqual([]);
    expect(flags).toContain('--heap-growing-percent=30');
  });
});
