import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

/** Debian's Chromium; Playwright's own browser download cannot run on these machines. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-sync',
  '--disable-quic',
];

export async function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS });
}

/**
 * A persistent profile in a fresh folder: IndexedDB survives closing and reopening it (a plain new
 * context keeps IndexedDB in memory). `dispose` closes the context and deletes the folder.
 */
export async function launchPersistentProfile(dir = mkdtempSync(join(tmpdir(), 'rollbook-profile-'))): Promise<{ context: BrowserContext; dir: string; dispose(): Promise<void> }> {
  const context = await chromium.launchPersistentContext(dir, { executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS });
  return {
    context,
    dir,
    async dispose() {
      await context.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * Where the built renderer that E2E hosts serve lives: `dist/renderer` by default, or
 * ROLLBOOK_TEST_RENDERER_DIR, so a build for one test run cannot swap files under another.
 */
export function rendererDirOption(): { rendererDir?: string } {
  const dir = process.env.ROLLBOOK_TEST_RENDERER_DIR;
  return dir ? { rendererDir: dir } : {};
}

/** What a browser-mode host offers a test: its address and a fresh launch link. */
export interface LaunchableHost {
  url: string;
  launchUrl(): string;
}

/**
 * Opens Rollbook in `page` the way its owner does: through a fresh launch link, which sets the
 * cookie and hands the page its key, then moves on to the app.
 */
export async function openRollbook(page: Page, host: LaunchableHost): Promise<void> {
  await page.goto(host.launchUrl());
  await page.waitForURL((url) => url.pathname !== '/launch');
  await page.waitForLoadState('load');
}
