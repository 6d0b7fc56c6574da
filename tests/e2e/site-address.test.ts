import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_APP } from '../../sandbox/core/context';
import type { RunningSandbox } from '../../sandbox/server';
import { configureLogger } from '../../shared/logger';
import { startWebHost, type RunningWebHost } from '../../electron/web-host';
import { fakeBrowser } from '../integration/auth-support';
import { launchChromium, openRollbook, rendererDirOption } from '../support/browser';
import { signOut } from '../support/roll-call-ui';
import { withSandbox } from '../support/sandbox';
import { checkScreen } from '../support/screen-check';

/**
 * The sign-in form as an instructor fills it in on a phone-sized window (360 px), in browser mode
 * against a real Learn site (the sandbox at http://127.0.0.1:PORT/learn): she types the host as she
 * knows it, without a scheme or /learn, and sees her site and its Learn release once signed in; a
 * server that is not Learn gets a message naming what was tried.
 */
let sandbox: RunningSandbox;
let browser: Browser;
let host: RunningWebHost;
let notLearn: Server;
let dataDir: string;

beforeAll(async () => {
  configureLogger({ level: 'error' });
  sandbox = await withSandbox();
  browser = await launchChromium();
  dataDir = await mkdtemp(join(tmpdir(), 'rollbook-e2e-site-'));
  host = await startWebHost({ port: 0, demo: false, dataDir, ...rendererDirOption(), openExternal: fakeBrowser().openExternal });
  notLearn = createServer((_req, res) => res.writeHead(404, { 'Content-Type': 'text/html' }).end('<h1>Not here</h1>'));
  await new Promise<void>((resolve) => notLearn.listen(0, '127.0.0.1', resolve));
});

afterAll(async () => {
  await browser?.close();
  await host?.close();
  await new Promise<void>((resolve) => (notLearn ? notLearn.close(() => resolve()) : resolve()));
  await sandbox?.close();
  await rm(dataDir, { recursive: true, force: true });
  configureLogger({ level: 'info' });
});

describe('the Learn site address in the sign-in form', () => {
  it('takes the host without https:// or /learn, and shows the site with its Learn release', async () => {
    const page = await browser.newPage({ viewport: { width: 360, height: 800 } });
    await openRollbook(page, host);
    const typed = new URL(sandbox.origin).host;
    await page.getByLabel('Learn site address').fill(typed);
    await page.getByLabel('Application key').fill(DEMO_APP.key);
    await page.getByLabel('Application secret').fill(DEMO_APP.secret);
    await page.getByRole('button', { name: 'Sign in with your browser' }).click();
    await expect.poll(() => page.getByTestId('site-line').textContent(), { timeout: 15_000 }).toMatch(new RegExp(`^${typed.replaceAll('.', '\\.')}\\s·\\sLearn 3900\\.121\\.0$`));
    // Nothing spills sideways on a phone-sized window.
    expect(await page.evaluate(() => document.querySelector('header')!.scrollWidth <= window.innerWidth)).toBe(true);
    await signOut(page);
    await page.getByRole('heading', { name: 'Connect to your Learn site' }).waitFor();
    await page.close();
  });

  it('says which address it tried when the server there is not Learn', async () => {
    const page = await browser.newPage({ viewport: { width: 360, height: 800 } });
    await openRollbook(page, host);
    const at = `127.0.0.1:${(notLearn.address() as AddressInfo).port}`;
    await page.getByLabel('Learn site address').fill(`http://${at}/`);
    await page.getByLabel('Application key').fill(DEMO_APP.key);
    await page.getByLabel('Application secret').fill(DEMO_APP.secret);
    await page.getByRole('button', { name: 'Sign in with your browser' }).click();
    const alert = page.getByRole('alert');
    await expect.poll(() => alert.textContent(), { timeout: 15_000 }).toContain(`Rollbook could not find Learn at http://${at}/learn (tried http://${at}/learn/api/public/v1/system/version: the server has no Learn there (not found)`);
    await checkScreen(page, 'sites-address-not-found');
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await page.close();
  });
});
