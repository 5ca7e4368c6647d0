// Bundles the server into dist/main.js. npm packages stay external (installed beside it); only our own
// workspace code is inlined. Migrations are copied next to the bundle, where src/db/migrate.ts looks.
import { cpSync, readFileSync, rmSync } from 'node:fs';
import { build } from 'esbuild';
import { serverBundleOptions } from './bundle-options.mjs';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const external = Object.keys(pkg.dependencies).filter((name) => !name.startsWith('@tinkercloud/'));

rmSync('dist', { recursive: true, force: true });
await build({ entryPoints: ['src/main.ts'], outfile: 'dist/main.js', ...serverBundleOptions(external) });
cpSync('src/db/migrations', 'dist/migrations', { recursive: true });
console.log('server built: apps/server/dist/main.js');
