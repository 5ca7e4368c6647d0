import { fileURLToPath } from 'node:url';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { SERVER_ORIGIN, shouldProxy } from './dev-proxy.ts';
import { serviceWorker } from './service-worker-plugin.ts';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

export default defineConfig({
  plugins: [
    // The router plugin must run before react() so route files are split before JSX is compiled.
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      // Loaders get chunks of their own too: a loader's imports (a page's queries and readers) then stay off
      // the first page; the loader's chunk loads beside the page's component chunk.
      codeSplittingOptions: {
        defaultBehavior: [['loader'], ['component'], ['errorComponent'], ['notFoundComponent']],
      },
      routesDirectory: here('./src/routes'),
      generatedRouteTree: here('./src/routeTree.gen.ts'),
      quoteStyle: 'single',
      semicolons: true,
      // Our imports carry their extension (.tsx); the generated tree follows suit.
      addExtensions: true,
    }),
    react(),
    // dist/sw.js, the shell's service worker, written after the app's build (service-worker-plugin.ts).
    serviceWorker(),
  ],
  // `@/x` is apps/web/src/x, so an import does not depend on how deep its file sits (tsconfig paths agree).
  resolve: { alias: [{ find: /^@\//, replacement: here('./src/') }] },
  build: {
    outDir: 'dist',
    assetsDir: 'assets',
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        // React, the router and the query cache in one chunk: the first page needs them all, and the automatic
        // split cut them into a dozen small chunks (one per set of importers), each paying its own imports and
        // gzip framing on the first page.
        codeSplitting: {
          groups: [
            {
              name: 'framework',
              test: /node_modules[\\/](react|react-dom|scheduler|@tanstack[\\/](react-router|router-core|react-query|query-core|history|store|react-store))[\\/]/,
            },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: {
      // One catch-all rule; `bypass` returns a path to keep a request on Vite (null/undefined forwards it).
      '^/.*': {
        target: SERVER_ORIGIN,
        changeOrigin: false,
        ws: false,
        bypass: (req) => (shouldProxy(req.url ?? '/', req.headers.accept) ? undefined : (req.url ?? '/')),
      },
    },
  },
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}', 'dev-proxy.test.ts'],
    setupFiles: ['./src/test-setup.ts'],
    // Routing tests wait for lazily loaded route chunks; see src/test-setup.ts.
    testTimeout: 15_000,
  },
});
