// The esbuild options the server is bundled with: by `npm run build` (build.mjs) and for the benches' server
// children (bench/server-child.ts), so a bench runs code compiled as the product's. npm packages stay external
// (installed beside the bundle); our own workspace code is inlined.

/** @param {string[]} external the npm packages to leave out of the bundle */
export function serverBundleOptions(external) {
  return {
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: true,
    external: [...external, ...external.map((name) => `${name}/*`)],
    logLevel: 'warning',
  };
}
