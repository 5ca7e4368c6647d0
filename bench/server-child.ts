// The command line of a bench's server child: the flags `npm start` gives that setup's server
// (scripts/node-flags.mjs), then BENCH_NODE_ARGS (for instance --cpu-prof --cpu-prof-dir=/some/dir), then the
// child's entry bundled with `npm run build`'s options
// (apps/server/bundle-options.mjs), so the child runs compiled code as the product does and not
// through tsx's loader, whose transforms and source maps stay in the measured process (about 120 MB of RSS more
// before a fleet connected). The bundle goes to bench/.build/ with the migrations beside it, where
// src/db/migrate.ts looks for them.
import { cpSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildSync } from 'esbuild';
import { serverBundleOptions } from '../apps/server/bundle-options.mjs';
import { serverNodeFlags } from '../scripts/node-flags.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const outDir = join(root, 'bench/.build');

function installedPackages() {
  const names = ['package.json', 'apps/server/package.json', 'bench/package.json'].flatMap((file) => {
    const pkg = JSON.parse(readFileSync(join(root, file), 'utf8')) as Record<string, Record<string, string>>;
    return [...Object.keys(pkg.dependencies ?? {}), ...Object.keys(pkg.devDependencies ?? {})];
  });
  return [...new Set(names)].filter((name) => !name.startsWith('@tinkercloud/'));
}

const bundled = new Map<string, string>();

/** Bundles `entry` (a bench's server, TypeScript) once per run (the fleet bench may restart its server) and
 * returns the bundle's path. */
export function bundleServerChild(entry: string) {
  const done = bundled.get(entry);
  if (done) return done;
  const outfile = join(outDir, `${basename(entry).replace(/\.m?ts$/, '')}.mjs`);
  buildSync({ entryPoints: [entry], outfile, ...serverBundleOptions(installedPackages()) });
  cpSync(join(root, 'apps/server/src/db/migrations'), join(outDir, 'migrations'), { recursive: true });
  bundled.set(entry, outfile);
  return outfile;
}

/**
 * Node's arguments for a bench's server child: the flags of `database`'s setup (`postgres`: a PostgreSQL server;
 * `pglite`: the embedded one), BENCH_NODE_ARGS, `extraFlags`, then the bundled entry.
 */
export function serverChildArgs(entry: string, database: 'postgres' | 'pglite', extraFlags: string[] = []) {
  return [
    ...serverNodeFlags(database),
    ...(process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean),
    ...extraFlags,
    bundleServerChild(entry),
  ];
}
