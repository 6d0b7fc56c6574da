import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OpenExternal } from '../../electron/core/auth/authorization-flow';
import { startWebHost, type RunningWebHost } from '../../electron/web-host';
import { DEMO_APP } from '../../sandbox/core/context';
import type { RunningSandbox } from '../../sandbox/server';
import { configureLogger } from '../../shared/logger';
import { fakeBrowser } from '../integration/auth-support';
import { launchChromium, openRollbook, rendererDirOption } from '../support/browser';
import { signOut } from '../support/roll-call-ui';
import { withSandbox } from '../support/sandbox';
import { checkScreen } from '../support/screen-check';

/**
 * A sign-in as someone other than the user who last used the site on this device (how another
 * account's sign-in slipped into this one would show) is asked about in plain words before
 * anything opens; "Yes" opens the site as that user.
 */
let host: RunningWebHost;
let site: RunningSandbox;
let browser: Browser;
let dataDir: string;
let learnBrowser = fakeBrowser({ userName: 'instructor' });
const openExternal: OpenExternal = (url) => learnBrowser.openExternal(url);

beforeAll(async () => {
  configureLogger({ level: 'error' });
  site = await withSandbox();
  dataDir = await mkdtemp(join(tmpdir(), 'rollbook-e2e-other-user-'));
  host = await startWebHost({ port: 0, demo: false, dataDir, ...rendererDirOption(), openExternal });
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await host?.close();
  await site?.close();
  await rm(dataDir, { recursive: true, force: true });
  configureLogger({ level: 'info' });
});

describe('signing in as another user than the last one here', () => {
  it('asks first, names both users, and opens as the new one only after "Yes"', async () => {
    const context = await browser.newContext({ viewport: { width: 360, height: 800 } });
    const page = await context.newPage();
    const siteName = new URL(site.origin).host;
    await openRollbook(page, host);
    await page.getByLabel('Learn site address').fill(siteName);
    await page.getByLabel('Application key').fill(DEMO_APP.key);
    await page.getByLabel('Application secret').fill(DEMO_APP.secret);
    await page.getByRole('button', { name: 'Sign in with your browser' }).click();
    await expect.poll(() => page.getByTestId('site-line').textContent(), { timeout: 15_000 }).toContain(siteName);
    await signOut(page);

    // Learn now signs in the TA (someone else's sign-in finishing this one).
    learnBrowser = fakeBrowser({ userName: 'ta' });
    await page.getByRole('button', { name: `Open ${siteName}` }).click();
    await page.getByRole('heading', { name: 'Is this your Learn account?' }).waitFor();
    const words = ((await page.getByRole('alert').filter({ hasText: 'signed you in as' }).textContent()) ?? '').replace(/\s+/g, ' ');
    expect(words).toMatch(/Learn signed you in as .+ \(ta\), but Rollbook on this computer was last used on this site by .+ \(instructor\)/);
    expect(await page.getByTestId('site-line').count()).toBe(0);
    await checkScreen(page, 'sign-in-other-user');
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

    await page.getByRole('button', { name: /^Yes, continue as / }).click();
    await expect.poll(() => page.getByTestId('site-line').textContent(), { timeout: 15_000 }).toContain(siteName);
    await context.close();
  });
});
