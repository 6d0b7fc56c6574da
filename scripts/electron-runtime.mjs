// Whether this machine can run the desktop app: Electron's binary installed, and a display for it.
// `npm start` (desktop or browser mode), `npm test` (the desktop tier or its skip line) and
// tests/desktop ask the same question here.
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const require = createRequire(import.meta.url);

/**
 * The Electron binary, or why there is none. The electron package downloads its binary on first
 * `require` when it is missing, so this reads its path file instead of requiring it: asking never
 * reaches for the network. ELECTRON_OVERRIDE_DIST_PATH (the package's own override) is honoured.
 */
export function electronRuntime() {
  let pkgDir;
  try {
    pkgDir = dirname(require.resolve('electron/package.json'));
  } catch {
    return { reason: 'the electron package is not installed' };
  }
  const pathFile = join(pkgDir, 'path.txt');
  const name = existsSync(pathFile) ? readFileSync(pathFile, 'utf8').trim() : undefined;
  const override = process.env.ELECTRON_OVERRIDE_DIST_PATH;
  if (override) {
    const executable = join(override, name ?? 'electron');
    return existsSync(executable) ? { executable } : { reason: `ELECTRON_OVERRIDE_DIST_PATH names ${executable}, which does not exist` };
  }
  if (name === undefined) return { reason: "node_modules/electron has no binary (its download never completed; `npx install-electron` fetches it)" };
  const executable = join(pkgDir, 'dist', name);
  return existsSync(executable) ? { executable } : { reason: `${executable} is missing (\`npx install-electron\` fetches it)` };
}

/**
 * Why the desktop test tier cannot run here ("no Electron runtime: ..." or "no display: ..."), or
 * undefined when it can. On Linux Electron needs an X or Wayland display even for tests.
 */
export function desktopTierBlocker() {
  const runtime = electronRuntime();
  if ('reason' in runtime) return `no Electron runtime: ${runtime.reason}`;
  if (process.platform === 'linux' && !process.env.DISPLAY && !process.env.WAYLAND_DISPLAY) {
    return 'no display: DISPLAY and WAYLAND_DISPLAY are unset (run it under `xvfb-run`)';
  }
  return undefined;
}
