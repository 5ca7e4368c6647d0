// The node flags a bench's server child runs with: those `npm start` gives the server (read from the root
// package.json's start script, so a bench measures the server as it is run), then BENCH_NODE_ARGS (for
// instance --cpu-prof --cpu-prof-dir=/some/dir).
import { readFileSync } from 'node:fs';

const rootPackage = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
  scripts: { start: string };
};

export const serverNodeArgs = [
  ...(rootPackage.scripts.start.match(/--[\w-]+(=\S+)?/g) ?? []),
  ...(process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean),
];
