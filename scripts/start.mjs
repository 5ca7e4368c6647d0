// `npm start`: builds whatever is missing or older than its sources, then runs the server in this process.
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const at = (...p) => path.join(root, ...p);

/** Newest modification time under the given paths, skipping dependencies and build output. */
function newest(paths) {
  let max = 0;
  const walk = (p) => {
    if (!existsSync(p)) return;
    const st = statSync(p);
    if (st.isDirectory()) {
      for (const entry of readdirSync(p))
        if (entry !== 'node_modules' && entry !== 'dist') walk(path.join(p, entry));
    } else if (st.mtimeMs > max) max = st.mtimeMs;
  };
  paths.forEach(walk);
  return max;
}

function ensureBuilt(name, output, sources) {
  const built = existsSync(output) ? statSync(output).mtimeMs : 0;
  if (built > 0 && built >= newest(sources)) return;
  console.log(`building ${name}...`);
  execSync(`npm run build -w @tinkercloud/${name}`, { cwd: root, stdio: 'inherit' });
}

const shared = at('packages/shared/src');
ensureBuilt('web', at('apps/web/dist/index.html'), [at('apps/web/src'), at('apps/web/index.html'), shared]);
// The device protocol (and its simulator, which runs demo boards) is bundled into the server.
ensureBuilt('server', at('apps/server/dist/main.js'), [
  at('apps/server/src'),
  shared,
  at('packages/device-protocol/src'),
]);
await import(path.join(root, 'apps/server/dist/main.js'));
