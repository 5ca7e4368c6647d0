// Fails when the schema in src/db/schema and the committed migrations disagree: drizzle-kit generates into a
// copy of the migrations folder, and any new migration file means someone changed the schema without one.
// drizzle-kit wants paths relative to its working directory and can exit 0 on errors, so this checks its
// words as well as the files.
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const committed = path.join(here, 'src/db/migrations');
const work = mkdtempSync(path.join(here, '.migration-check-'));
try {
  const out = path.join(work, 'migrations');
  cpSync(committed, out, { recursive: true });
  const drizzleKit = path.resolve(here, '../../node_modules/.bin/drizzle-kit');
  const args = [
    'generate',
    '--dialect',
    'postgresql',
    '--schema',
    'src/db/schema/index.ts',
    '--out',
    path.relative(here, out),
    '--name',
    'drift',
  ];
  const output = execFileSync(process.execPath, [drizzleKit, ...args], {
    cwd: here,
    encoding: 'utf8',
    stdio: 'pipe',
  });
  const before = readdirSync(committed).filter((f) => f.endsWith('.sql'));
  const extra = readdirSync(out).filter((f) => f.endsWith('.sql') && !before.includes(f));
  if (extra.length > 0) {
    console.error(`Schema and migrations disagree: drizzle-kit generated ${extra.join(', ')}.`);
    console.error('Run `npm run db:generate` and commit the new migration.');
    process.exitCode = 1;
  } else if (!/No schema changes/i.test(output)) {
    console.error(`drizzle-kit did not confirm the migrations match the schema:\n${output}`);
    process.exitCode = 1;
  } else {
    console.log(`migrations match the schema (${before.length} migration${before.length === 1 ? '' : 's'})`);
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}
