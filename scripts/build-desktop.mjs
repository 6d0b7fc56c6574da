// Bundles the desktop host: main (Node, CommonJS) and preload (sandboxed, so CommonJS and
// self-contained). `electron` stays external: the runtime provides it.
// `--outdir DIR` builds elsewhere than dist/electron; `--target` lowers the syntax (the security gate
// scans a private copy lowered to es2020: Electronegativity's parser predates class private fields).
import { build } from 'esbuild';
import { parseArgs } from 'node:util';

const { values } = parseArgs({ options: { outdir: { type: 'string', default: 'dist/electron' }, target: { type: 'string', default: 'node22' } } });
const out = values.outdir;
const common = { bundle: true, platform: 'node', target: values.target, format: 'cjs', sourcemap: true, external: ['electron'], logLevel: 'warning' };
await build({ ...common, entryPoints: ['electron/main.ts'], outfile: `${out}/main.cjs` });
await build({ ...common, entryPoints: ['electron/preload.ts'], outfile: `${out}/preload.cjs` });
console.log(`Built ${out}/main.cjs and ${out}/preload.cjs`);
