/**
 * The layer rules of `npm run lint` (`.dependency-cruiser.cjs` at the repository root) refuse what they are
 * for: each violation is planted in a small copy of the repository's layout, and dependency-cruiser, run as
 * `npm run lint:deps` runs it, must name it, and must pass the same layout without it.
 */
import { execFile } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const CLI = path.join(ROOT, 'node_modules/dependency-cruiser/bin/dependency-cruise.mjs');
const run = promisify(execFile);

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

/** A repository of `files` (path → source) with the real rules and the tsconfig they read. */
function repo(files: Record<string, string>): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'tc-depcruise-'));
  dirs.push(dir);
  for (const name of ['.dependency-cruiser.cjs', 'tsconfig.depcruise.json', 'tsconfig.base.json']) {
    copyFileSync(path.join(ROOT, name), path.join(dir, name));
  }
  // Both folders the command cruises must exist.
  for (const [file, source] of Object.entries({ 'packages/shared/src/index.ts': 'export {};\n', ...files })) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), source);
  }
  return dir;
}

interface Violation {
  rule: string;
  from: string;
  to: string;
}

/** What `npm run lint:deps` prints and exits with: its violations, and whether it failed. */
async function cruise(dir: string): Promise<{ failed: boolean; violations: Violation[] }> {
  const args = [CLI, 'apps', 'packages', '--config', '.dependency-cruiser.cjs', '--output-type', 'err'];
  const { failed, stdout } = await run(process.execPath, args, { cwd: dir }).then(
    ({ stdout }) => ({ failed: false, stdout }),
    (err: { stdout: string }) => ({ failed: true, stdout: err.stdout }),
  );
  // `  error <rule>: <from> → <to>`; a cycle goes on over the next lines (`→ <via> → … → <from>`).
  const violations = stdout
    .split(/\n(?=\s*error )/)
    .filter((chunk) => /^\s*error /.test(chunk))
    .map((chunk) => {
      const rule = /error ([\w-]+):/.exec(chunk)?.[1] ?? '';
      const [from = '', to = ''] = chunk.match(/[\w@./-]+\.tsx?/g) ?? [];
      return { rule, from, to };
    });
  return { failed, violations };
}

const pairs = (violations: Violation[]) => violations.map((v) => `${v.rule}: ${v.from} → ${v.to}`).sort();

const M = 'apps/server/src/modules';
/** A layout that keeps every rule: routes → service → repository, a register.ts wiring two modules. */
const CLEAN = {
  [`${M}/things/things.repository.ts`]: 'export const rows = () => [];\n',
  [`${M}/things/things.service.ts`]:
    "import { rows } from './things.repository.ts';\nexport const list = rows;\n",
  [`${M}/things/things.routes.ts`]:
    "import { list } from './things.service.ts';\nexport const routes = list;\n",
  [`${M}/things/register.ts`]:
    "import { rows } from '../devices/devices.repository.ts';\nimport { routes } from './things.routes.ts';\n" +
    'export const wired = [rows, routes];\n',
  [`${M}/devices/devices.repository.ts`]: 'export const rows = () => [];\n',
  [`${M}/devices/devices.service.ts`]:
    "import { list } from '../things/things.service.ts';\nexport const both = list;\n",
  'apps/web/src/routes/things.tsx':
    "import { Table } from '@/features/things/Table.tsx';\nexport const page = Table;\n",
  'apps/web/src/features/things/Table.tsx': 'export const Table = () => null;\n',
};

describe('the layer rules of npm run lint', () => {
  it('pass a layout that keeps them', async () => {
    const result = await cruise(repo(CLEAN));
    expect(result.violations).toEqual([]);
    expect(result.failed).toBe(false);
  });

  it('refuse a cycle, a route reaching SQL, a repository of another module, a module in db/, an app in a package, a feature importing a route', async () => {
    const result = await cruise(
      repo({
        ...CLEAN,
        [`${M}/things/a.ts`]: "import { b } from './b.ts';\nexport const a = () => b;\n",
        [`${M}/things/b.ts`]: "import { a } from './a.ts';\nexport const b = () => a;\n",
        [`${M}/things/things.routes.ts`]:
          "import { rows } from './things.repository.ts';\nexport const routes = rows;\n",
        [`${M}/devices/devices.service.ts`]:
          "import type { rows } from '../things/things.repository.ts';\nexport type Both = typeof rows;\n",
        'apps/web/src/features/things/Table.tsx':
          "import { page } from '@/routes/things.tsx';\nexport const Table = () => page;\n",
        'apps/server/src/db/client.ts':
          "import { list } from '../modules/things/things.service.ts';\nexport const c = list;\n",
        'packages/shared/src/index.ts':
          "import { list } from '../../../apps/server/src/modules/things/things.service.ts';\nexport const s = list;\n",
      }),
    );
    expect(result.failed).toBe(true);
    expect(pairs(result.violations)).toEqual(
      [
        `no-cycle: ${M}/things/a.ts → ${M}/things/b.ts`,
        // The feature → route edge closes a cycle too (the route imports the feature).
        'no-cycle: apps/web/src/features/things/Table.tsx → apps/web/src/routes/things.tsx',
        `no-other-modules-repository: ${M}/devices/devices.service.ts → ${M}/things/things.repository.ts`,
        `routes-not-to-repository: ${M}/things/things.routes.ts → ${M}/things/things.repository.ts`,
        `server-foundation-not-to-modules: apps/server/src/db/client.ts → ${M}/things/things.service.ts`,
        `packages-not-to-apps: packages/shared/src/index.ts → ${M}/things/things.service.ts`,
        'web-features-not-to-routes: apps/web/src/features/things/Table.tsx → apps/web/src/routes/things.tsx',
      ].sort(),
    );
  });

  it('let a known violation import only the repositories its entry names', async () => {
    const result = await cruise(
      repo({
        // Listed: the spaces family reads memberships through the spaces repository.
        [`${M}/spaces/spaces.repository.ts`]: 'export const memberships = () => [];\n',
        [`${M}/iot/devices/devices.repository.ts`]: 'export const rows = () => [];\n',
        [`${M}/members/members.service.ts`]:
          "import { memberships } from '../spaces/spaces.repository.ts';\n" +
          "import { rows } from '../iot/devices/devices.repository.ts';\nexport const x = [memberships, rows];\n",
      }),
    );
    expect(pairs(result.violations)).toEqual([
      `no-other-modules-repository: ${M}/members/members.service.ts → ${M}/iot/devices/devices.repository.ts`,
    ]);
    expect(result.failed).toBe(true);
  });
});
