import type { BuildOptions } from 'esbuild';

/** The esbuild options the server is bundled with (see bundle-options.mjs). */
export function serverBundleOptions(external: string[]): BuildOptions;
