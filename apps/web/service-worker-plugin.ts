import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { build, type Plugin, type ResolvedConfig } from 'vite';
import type { Shell } from './src/service-worker/shell-routes.ts';

/**
 * Builds the service worker (src/service-worker/sw.ts) into dist/sw.js after the app: one classic script,
 * with the shell it caches written in — index.html, the first page's scripts and styles, the public files —
 * and a version that changes with any of them, so each deploy's sw.js differs from the last and replaces it.
 * Lazily loaded chunks are cached when first fetched rather than all on install.
 */
export function serviceWorker(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'tinkercloud-service-worker',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    async writeBundle(options, bundle) {
      const outDir = options.dir ?? config.build.outDir;
      // The sign-in callback page is the sign-in flow's, not the shell's: it comes from the server each time,
      // with the header that lets our own session-check frame show it (apps/server/src/http/spa.ts).
      const publicFiles = (config.publicDir ? filesUnder(config.publicDir) : []).filter(
        (f) => !f.startsWith('signin-callback.'),
      );
      const entry = Object.values(bundle).find((file) => file.type === 'chunk' && file.isEntry);
      if (entry?.type !== 'chunk') throw new Error('service worker: the build has no entry chunk');
      // The entry, its static imports and their styles: what index.html loads before anything else.
      const firstPage = new Set<string>();
      const visit = (fileName: string) => {
        const file = bundle[fileName];
        if (!file || firstPage.has(fileName)) return;
        firstPage.add(fileName);
        if (file.type !== 'chunk') return;
        for (const css of file.viteMetadata?.importedCss ?? []) firstPage.add(css);
        for (const imported of file.imports) visit(imported);
      };
      visit(entry.fileName);
      const files = [
        '/index.html',
        ...[...firstPage].sort().map((f) => `/${f}`),
        ...publicFiles.map((f) => `/${f}`),
      ];
      const hash = createHash('sha256');
      for (const name of Object.keys(bundle).sort()) hash.update(`${name}\n`);
      hash.update(readFileSync(path.join(outDir, 'index.html')));
      for (const f of publicFiles) hash.update(readFileSync(path.join(config.publicDir, f)));
      const shell: Shell = { version: hash.digest('hex').slice(0, 16), files };

      const result = await build({
        configFile: false,
        root: config.root,
        logLevel: 'warn',
        publicDir: false,
        define: { __SHELL__: JSON.stringify(shell) },
        build: {
          write: false,
          minify: true,
          lib: { entry: path.join(config.root, 'src/service-worker/sw.ts'), formats: ['iife'], name: 'sw' },
        },
      });
      const output = (Array.isArray(result) ? result[0] : result) as { output: { code?: string }[] };
      const code = output.output[0]?.code;
      if (!code) throw new Error('service worker: the build produced no code');
      // The hash sits in the first line too: a glance at sw.js says which build it serves.
      writeFileSync(path.join(outDir, 'sw.js'), `/* shell ${shell.version} */\n${code}`);
    },
  };
}

/** Files below a folder, as paths relative to it with forward slashes. */
function filesUnder(dir: string, prefix = ''): string[] {
  return readdirSync(path.join(dir, prefix), { withFileTypes: true })
    .flatMap((entry) => {
      const rel = prefix ? `${prefix}/${entry.name}` : entry.name;
      return entry.isDirectory() ? filesUnder(dir, rel) : [rel];
    })
    .sort();
}
