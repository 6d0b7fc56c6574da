// Bundles the browser-mode host (Node, ESM) so it starts without compiling TypeScript at run time:
// `tsx` took 1.6-1.8 s from process start to listening here, the bundle 0.6-0.7 s, and bundling
// takes about 0.25 s (a quick start). Dependencies stay in node_modules (`packages:
// external`): Node loads them as it always does. The bundle must sit one folder below the
// project (dist/), where the host finds ../package.json and ../dist/renderer as from electron/.
//
// `node scripts/build-browser-host.mjs [--entry FILE] [--outfile FILE]` (npm start and the
// start-up benchmark build their own entries).
import { build } from 'esbuild';
import { parseArgs } from 'node:util';

const { values } = parseArgs({ options: { entry: { type: 'string', default: 'electron/web-host-cli.ts' }, outfile: { type: 'string', default: 'dist/web-host.mjs' } } });
await build({
  entryPoints: [values.entry],
  outfile: values.outfile,
  bundle: true,
  packages: 'external',
  platform: 'node',
  target: 'node22',
  format: 'esm',
  sourcemap: true,
  logLevel: 'warning',
});
