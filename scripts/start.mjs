// `npm start`: Rollbook in demo mode against the bundled sandbox.
// Opens the desktop app where an Electron runtime is installed; otherwise says so in one line and
// falls back to browser mode (the same core and renderer, served on 127.0.0.1).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

function electronBinary() {
  try {
    // The electron package exports the path of its binary, and throws when the binary is missing.
    const path = require('electron');
    return typeof path === 'string' && existsSync(path) ? path : null;
  } catch {
    return null;
  }
}

const build = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], { stdio: 'inherit' });
if (build.status !== 0) {
  console.error('Building the renderer failed; see the messages above.');
  process.exit(build.status ?? 1);
}

const electron = electronBinary();
const desktopMain = 'dist/electron/main.js';
let child;
if (electron && existsSync(desktopMain)) {
  console.log('Starting the Rollbook desktop app in demo mode.');
  child = spawn(electron, [desktopMain, '--demo'], { stdio: 'inherit' });
} else {
  const reason = electron ? `the desktop host is not built (${desktopMain} is missing)` : 'no Electron runtime is installed on this machine';
  console.log(`Rollbook: ${reason}; starting browser mode instead (open the address printed below in your browser).`);
  child = spawn(process.execPath, ['--import', 'tsx', 'electron/web-host.ts'], { stdio: 'inherit', env: process.env });
}
const forward = (signal) => () => child.kill(signal);
process.on('SIGINT', forward('SIGINT'));
process.on('SIGTERM', forward('SIGTERM'));
child.on('exit', (code) => process.exit(code ?? 0));
