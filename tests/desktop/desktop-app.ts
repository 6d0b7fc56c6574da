import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { _electron, type ElectronApplication, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { desktopTierBlocker, electronRuntime } from '../../scripts/electron-runtime.mjs';
import { HttpClient } from '../../electron/core/http/http-client';
import { LearnClient } from '../../electron/core/learn/learn-client';
import { DEMO_PASSWORD } from '../../sandbox/modules/institution';
import { TestTokens } from '../integration/learn-support';
import { userTokenViaLogin } from '../support/sandbox';

/**
 * The desktop tier's one way in: the built app (`npm run build:renderer` and `npm run build:desktop`,
 * or ROLLBOOK_DESKTOP_BUILD_DIR holding electron/ and renderer/ the same way) started by the
 * installed Electron binary through Playwright, on a data folder of the test's own. Not the
 * packaged app: packaging turns off the inspector fuse Playwright drives Electron through.
 */

/** Why this machine cannot run the desktop tier, or undefined when it can. */
export const desktopBlocker = desktopTierBlocker();

/** describe() for a desktop journey: where Electron cannot run, vitest reports its tests skipped, never passed. */
export const describeDesktop = describe.skipIf(desktopBlocker !== undefined);

/** The built main process; throws, saying how to build it, when a part is missing. */
function builtMain(): string {
  const dir = resolve(process.env.ROLLBOOK_DESKTOP_BUILD_DIR ?? 'dist');
  const main = join(dir, 'electron', 'main.cjs');
  // main.ts serves the renderer from ../renderer beside its own folder, and loads preload.cjs beside it.
  for (const part of [main, join(dir, 'electron', 'preload.cjs'), join(dir, 'renderer', 'index.html')]) {
    if (!existsSync(part)) throw new Error(`${part} is missing: run \`npm run build:renderer && npm run build:desktop\` first`);
  }
  return main;
}

export interface DesktopApp {
  /** The Electron application (main process). */
  readonly electron: ElectronApplication;
  /** Rollbook's window. */
  readonly window: Page;
  /** Closes the app and starts it again on the same data folder, as a user quitting and reopening it. */
  restart(): Promise<void>;
}

async function launch(dataDir: string): Promise<{ electron: ElectronApplication; window: Page }> {
  const runtime = electronRuntime();
  if ('reason' in runtime) throw new Error(runtime.reason);
  // Electron maps --user-data-dir onto app.getPath('userData'): the vault, the sites file and
  // Chromium's profile (IndexedDB) all land in the test's folder, never the user's own.
  // On Linux, Chromium picks safeStorage's keyring from the desktop session, and with none (a CI
  // display, xvfb) falls back to plain text, which the vault refuses (even the demo keeps its
  // application secret there): the Secret Service is named, so a keyring started for the run is used.
  const keyring = process.platform === 'linux' ? ['--password-store=gnome-libsecret'] : [];
  const electron = await _electron.launch({ executablePath: runtime.executable, args: [builtMain(), `--user-data-dir=${dataDir}`, ...keyring, '--demo'] });
  const window = await electron.firstWindow();
  await window.waitForLoadState('load');
  return { electron, window };
}

/** Registers beforeAll/afterAll that start the built app in demo mode on a fresh data folder, then close it and delete the folder. */
export function useDesktopApp(): DesktopApp {
  let dataDir = '';
  let running: { electron: ElectronApplication; window: Page } | undefined;
  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'rollbook-desktop-'));
    running = await launch(dataDir);
  });
  afterAll(async () => {
    await running?.electron.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });
  const current = () => {
    if (!running) throw new Error('the desktop app starts in beforeAll');
    return running;
  };
  return {
    get electron() {
      return current().electron;
    },
    get window() {
      return current().window;
    },
    async restart() {
      await current().electron.close();
      running = undefined;
      running = await launch(dataDir);
    },
  };
}

/**
 * The page's scheme and host: the renderer is served from app://rollbook, the origin its IndexedDB
 * belongs to (read by hand: URL.origin is "null" for a scheme Node does not know as standard).
 */
export function originOf(window: Page): string {
  const url = new URL(window.url());
  return `${url.protocol}//${url.host}`;
}

/** The demo sandbox the app started in its main process, as its site card names it: reachable over loopback HTTP only. */
export interface DemoSite {
  /** e.g. http://127.0.0.1:PORT: the control API (`/__sandbox/`) lives here. */
  readonly origin: string;
  /** e.g. http://127.0.0.1:PORT/learn */
  readonly learnUrl: string;
}

/** Reads the demo sandbox's address from the site chooser's site card. */
export async function demoSite(window: Page): Promise<DemoSite> {
  const shown = window.getByTestId('learn-site');
  await expect.poll(() => shown.textContent(), { timeout: 20_000 }).toMatch(/^https?:\/\/127\.0\.0\.1:\d+\/learn$/);
  const learnUrl = (await shown.textContent()) ?? '';
  return { origin: new URL(learnUrl).origin, learnUrl };
}

/**
 * The real Learn client as the demo's instructor, signed in through the sandbox's own pages over
 * HTTP: how a test sees (and adds to) what Learn holds while the app runs.
 */
export function learnAsInstructor(site: DemoSite): LearnClient {
  const tokens = new TestTokens(() => userTokenViaLogin(site, 'instructor', DEMO_PASSWORD));
  return new LearnClient({ baseUrl: site.learnUrl, tokens, http: new HttpClient({ service: 'Learn' }) });
}
