import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
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

/**
 * The focused field, whether it is marked invalid, what describes it that is not its hint, and
 * whether that message is in view within a field's height below the box (beside it, not at the foot of the page).
 */
async function fieldState(page: Page): Promise<{ focused: string; invalid: string | null; said: string; beside: boolean }> {
  return page.evaluate(() => {
    const field = document.activeElement as HTMLInputElement | null;
    const label = field?.labels?.[0]?.textContent?.trim() ?? field?.tagName ?? '';
    const ids = field?.getAttribute('aria-describedby')?.split(/\s+/) ?? [];
    const error = ids.map((id) => document.getElementById(id)).find((el) => el?.classList.contains('field-error')) ?? null;
    const box = field?.getBoundingClientRect();
    const at = error?.getBoundingClientRect();
    const beside = !!box && !!at && at.top >= box.top && at.top - box.bottom < 120 && at.bottom <= window.innerHeight;
    return { focused: label, invalid: field?.getAttribute('aria-invalid') ?? null, said: error?.textContent?.trim() ?? '', beside };
  });
}

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

  it('checks the form in place: the field is marked, the message beside it, focus on it; no browser bubble', async () => {
    const page = await browser.newPage({ viewport: { width: 390, height: 800 } });
    await openRollbook(page, host);
    await page.getByLabel('Application key').fill(DEMO_APP.key);
    await page.getByRole('button', { name: 'Sign in with your browser' }).click();
    const address = page.getByLabel('Learn site address');
    // The form's own check (novalidate): the browser's "fill out this field" bubble never shows.
    expect(await page.locator('form').first().evaluate((f) => (f as HTMLFormElement).noValidate)).toBe(true);
    await expect.poll(() => fieldState(page)).toEqual({ focused: 'Learn site address', invalid: 'true', said: 'Enter the address of your Learn site, for example learn.school.edu.', beside: true });
    await checkScreen(page, 'sites-address-missing');
    expect(await address.inputValue()).toBe('');
    await page.close();
  });

  it('says beside the address, focused, when the server there is not Learn; the addresses tried are behind Details', async () => {
    const page = await browser.newPage({ viewport: { width: 360, height: 800 } });
    await openRollbook(page, host);
    const at = `127.0.0.1:${(notLearn.address() as AddressInfo).port}`;
    await page.getByLabel('Learn site address').fill(`http://${at}/`);
    await page.getByLabel('Application key').fill(DEMO_APP.key);
    await page.getByLabel('Application secret').fill(DEMO_APP.secret);
    await page.getByRole('button', { name: 'Sign in with your browser' }).click();
    const said = `Rollbook could not find Learn at http://${at}/learn: the server has no Learn there (not found). Check the address of your Learn site`;
    await expect.poll(() => fieldState(page), { timeout: 15_000 }).toMatchObject({ focused: 'Learn site address', invalid: 'true', beside: true });
    const state = await fieldState(page);
    expect(state.said).toContain(said);
    expect(state.said).not.toContain('/api/public');
    // Said once: beside the field, not again at the foot of the page.
    expect(await page.getByText('Rollbook could not find Learn').count()).toBe(1);
    const details = page.getByTestId('address-details');
    await details.locator('summary').click();
    expect(await details.locator('pre').textContent()).toContain(`Tried http://${at}/learn/api/public/v1/system/version: the server has no Learn there (not found)`);
    await checkScreen(page, 'sites-address-not-found');
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await page.close();
  });
});
