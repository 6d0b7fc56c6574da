// Bundles the desktop host: main (Node, CommonJS) and preload (sandboxed, so CommonJS and
// self-contained). `electron` stays external: the runtime provides it.
import { build } from 'esbuild';

const common = { bundle: true, platform: 'node', target: 'node20', format: 'cjs', sourcemap: true, external: ['electron'], logLevel: 'warning' };
await build({ ...common, entryPoints: ['electron/main.ts'], outfile: 'dist/electron/main.cjs' });
await build({ ...common, entryPoints: ['electron/preload.ts'], outfile: 'dist/electron/preload.cjs' });
console.log('Built dist/electron/main.cjs and dist/electron/preload.cjs');
