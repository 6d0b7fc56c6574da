import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { desktopTierBlocker, electronRuntime } from '../../scripts/electron-runtime.mjs';

/**
 * The one question `npm start`, `npm test` and tests/desktop ask before reaching for Electron:
 * is a binary there, and can it open a window? Played with the electron package's own override
 * (ELECTRON_OVERRIDE_DIST_PATH), so the answer does not depend on this machine's install.
 */
const saved = { ELECTRON_OVERRIDE_DIST_PATH: process.env.ELECTRON_OVERRIDE_DIST_PATH, DISPLAY: process.env.DISPLAY, WAYLAND_DISPLAY: process.env.WAYLAND_DISPLAY };
let dir = '';

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'rollbook-electron-'));
});
afterEach(() => {
  for (const [name, value] of Object.entries(saved)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  rmSync(dir, { recursive: true, force: true });
});

describe('whether Electron can run here', () => {
  it('names the missing binary, and the desktop tier is blocked for that reason', () => {
    process.env.ELECTRON_OVERRIDE_DIST_PATH = dir;
    const runtime = electronRuntime();
    expect(runtime).toEqual({ reason: expect.stringMatching(/^ELECTRON_OVERRIDE_DIST_PATH names .+, which does not exist$/) });
    expect(desktopTierBlocker()).toMatch(/^no Electron runtime: ELECTRON_OVERRIDE_DIST_PATH names /);
  });

  // Linux's binary is `electron` (the package's path file); there a display is needed too.
  it.runIf(process.platform === 'linux')('finds a binary, and on Linux asks for a display before the tier may run', () => {
    writeFileSync(join(dir, 'electron'), '');
    process.env.ELECTRON_OVERRIDE_DIST_PATH = dir;
    expect(electronRuntime()).toEqual({ executable: join(dir, 'electron') });
    delete process.env.DISPLAY;
    delete process.env.WAYLAND_DISPLAY;
    expect(desktopTierBlocker()).toMatch(/^no display: /);
    process.env.DISPLAY = ':99';
    expect(desktopTierBlocker()).toBeUndefined();
  });
});
