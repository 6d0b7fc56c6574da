// `npm start`: Rollbook in demo mode against the bundled sandbox.
// Opens the desktop app where an Electron runtime is installed; otherwise says so in one line and
// falls back to browser mode (the same core and renderer, served on 127.0.0.1).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { staleBecause } from './build-freshness.mjs';
import { electronRuntime } from './electron-runtime.mjs';

// The renderer is built only when its build is older than what it is built from (a build takes
// 20 s or more; an up-to-date one starts at once).
const RENDERER_INPUTS = ['renderer', 'shared', 'vite.config.ts', 'package.json', 'package-lock.json', 'node_modules/.package-lock.json'];
const stale = staleBecause('dist/renderer/index.html', RENDERER_INPUTS);
// The browser-mode host's bundle: its sources (dependencies stay in node_modules, not in it).
const HOST_INPUTS = ['electron', 'shared', 'sandbox', 'scripts/build-browser-host.mjs', 'package.json', 'package-lock.json'];
if (stale) {
  console.log(`Rollbook: building the renderer (${stale})…`);
  const build = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], { stdio: 'inherit' });
  if (build.status !== 0) {
    console.error('Building the renderer failed; see the messages above.');
    process.exit(build.status ?? 1);
  }
}

// The binary's path, read without requiring the electron package: starting Rollbook never reaches for the network.
const runtime = electronRuntime();
const electron = 'executable' in runtime ? runtime.executable : null;
const desktopMain = 'dist/electron/main.cjs';
if (electron) spawnSync(process.execPath, ['scripts/build-desktop.mjs'], { stdio: 'inherit' });
let child;
if (electron && existsSync(desktopMain)) {
  console.log('Starting the Rollbook desktop app in demo mode.');
  child = spawn(electron, [desktopMain, '--demo'], { stdio: 'inherit' });
} else {
  const reason = electron
    ? `the desktop host is not built (${desktopMain} is missing; run \`npm run build:desktop\`)`
    : 'no Electron runtime is installed on this machine (where the network allows, `npx install-electron` fetches it)';
  console.log(`Rollbook: ${reason}; starting browser mode instead (open the launch link printed below in your browser).`);
  // Bundled first (a quarter of a second idle, seconds on a busy machine), so the host does not
  // compile TypeScript as it starts; and only when a source changed since, like the renderer.
  const hostStale = staleBecause('dist/web-host.mjs', HOST_INPUTS);
  const bundle = hostStale ? spawnSync(process.execPath, ['scripts/build-browser-host.mjs'], { stdio: 'inherit' }) : { status: 0 };
  if (bundle.status !== 0) {
    console.error('Building the browser-mode host failed; see the messages above.');
    process.exit(bundle.status ?? 1);
  }
  child = spawn(process.execPath, ['--enable-source-maps', 'dist/web-host.mjs'], { stdio: 'inherit', env: process.env });
}
const forward = (signal) => () => child.kill(signal);
process.on('SIGINT', forward('SIGINT'));
process.on('SIGTERM', forward('SIGTERM'));
child.on('exit', (code) => process.exit(code ?? 0));
