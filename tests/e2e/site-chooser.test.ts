import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_APP } from '../../sandbox/core/context';
import type { RunningSandbox } from '../../sandbox/server';
import { configureLogger } from '../../shared/logger';
import { startWebHost, type RunningWebHost } from '../../electron/web-host';
import { fakeBrowser } from '../integration/auth-support';
import { checkScreen } from '../support/screen-check';
import { launchChromium, openRollbook, rendererDirOption } from '../support/browser';
import { createMeeting, openAccount, openCourse, waitForMeetings } from '../support/roll-call-ui';
import { withSandbox } from '../support/sandbox';

/**
 * Sites as a first-class choice: one host, started once, serves the demo and a
 * real Learn site (a second sandbox). The user adds the site from the chooser, switches to the
 * demo and back without a restart or a second trip through the browser, and each shows only its
 * own data; settings removes one site's data after saying what would be lost.
 */
const DEMO_MEETING = 'E2E made in the demo';
const SITE_MEETING = 'E2E made at the other site';

let host: RunningWebHost;
let other: RunningSandbox;
let browser: Browser;
let dataDir: string;
const systemBrowser = fakeBrowser();

beforeAll(async () => {
  configureLogger({ level: 'error' });
  other = await withSandbox();
  dataDir = await mkdtemp(join(tmpdir(), 'rollbook-e2e-chooser-'));
  host = await startWebHost({ port: 0, demo: true, dataDir, ...rendererDirOption(), openExternal: systemBrowser.openExternal });
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await host?.close();
  await other?.close();
  await rm(dataDir, { recursive: true, force: true });
  configureLogger({ level: 'info' });
});

const meetingButton = (page: Page, title: string) => page.getByRole('button', { name: `Take roll: ${title}` });

/** The open course's meetings, once listed: which of the two test meetings show. */
async function testMeetingsShown(page: Page): Promise<string[]> {
  await waitForMeetings(page);
  const shown: string[] = [];
  for (const title of [DEMO_MEETING, SITE_MEETING]) if ((await meetingButton(page, title).count()) > 0) shown.push(title);
  return shown;
}

async function switchSite(page: Page): Promise<void> {
  await openAccount(page);
  await page.getByRole('button', { name: 'Switch site' }).click();
  await page.getByRole('heading', { name: 'Try the demo' }).waitFor();
}

describe('the site chooser', () => {
  it('adds a second site, switches to the demo and back without a restart, each with only its own data', async () => {
    const context = await browser.newContext({ viewport: { width: 360, height: 800 } });
    const page = await context.newPage();
    // Every change stays waiting on this device, so what a screen shows came from that identity's store.
    await page.route('**/ipc/sync.push', (route) => route.abort('internetdisconnected'));
    const siteName = new URL(other.origin).host;

    await openRollbook(page, host);
    await page.getByRole('heading', { name: 'Try the demo' }).waitFor();
    await page.getByRole('heading', { name: 'Connect to your Learn site' }).waitFor();
    await checkScreen(page, 'sites-start');
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

    // The demo, in one click; a meeting made there waits to be sent.
    await page.getByRole('button', { name: 'Sign in to the demo' }).click();
    await openCourse(page, 'PSYC-101-F26');
    await waitForMeetings(page);
    await createMeeting(page, { title: DEMO_MEETING, date: '2026-11-26', start: '09:00', end: '10:00' });
    await meetingButton(page, DEMO_MEETING).waitFor();

    // The second site, added from the chooser.
    await switchSite(page);
    await page.getByLabel('Learn site address').fill(siteName);
    await page.getByLabel('Application key').fill(DEMO_APP.key);
    await page.getByLabel('Application secret').fill(DEMO_APP.secret);
    await page.getByRole('button', { name: 'Sign in with your browser' }).click();
    await expect.poll(() => page.getByTestId('site-line').textContent(), { timeout: 15_000 }).toContain(siteName);
    await openCourse(page, 'PSYC-101-F26');
    expect(await testMeetingsShown(page)).toEqual([]);
    await createMeeting(page, { title: SITE_MEETING, date: '2026-11-26', start: '11:00', end: '12:00' });
    await meetingButton(page, SITE_MEETING).waitFor();
    const trips = systemBrowser.trips.length;

    // Back to the demo: its own meeting only.
    await switchSite(page);
    await page.getByRole('button', { name: `Open ${siteName}` }).waitFor();
    await checkScreen(page, 'sites-switched-back');
    await page.getByRole('button', { name: 'Sign in to the demo' }).click();
    await expect.poll(() => page.getByTestId('mode').textContent()).toBe('Demo mode');
    await openCourse(page, 'PSYC-101-F26');
    expect(await testMeetingsShown(page)).toEqual([DEMO_MEETING]);

    // And back to the site, from its entry in the chooser: its kept sign-in, no trip through the browser.
    await switchSite(page);
    await page.getByRole('button', { name: `Open ${siteName}` }).click();
    await expect.poll(() => page.getByTestId('site-line').textContent(), { timeout: 15_000 }).toContain(siteName);
    await openCourse(page, 'PSYC-101-F26');
    expect(await testMeetingsShown(page)).toEqual([SITE_MEETING]);
    expect(systemBrowser.trips.length).toBe(trips);

    // Settings: this device's data for each, with what is still waiting; removing the site's asks first.
    await page.getByRole('button', { name: 'Settings' }).click();
    await page.getByRole('heading', { name: 'Data on this device' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    // How this copy keeps sign-ins is said where the data is managed too.
    await expect.poll(() => page.getByTestId('token-protection').textContent()).toContain('unencrypted');
    const siteData = page.getByRole('listitem').filter({ hasText: `Maya Okafor at ${siteName}` });
    const demoData = page.getByRole('listitem').filter({ hasText: 'Maya Okafor at the demo' });
    await expect.poll(() => siteData.getByTestId('unsent').textContent()).toBe('1 change not yet sent to Learn');
    await expect.poll(() => demoData.getByTestId('unsent').textContent()).toBe('1 change not yet sent to Learn');
    await checkScreen(page, 'sites-device-data');
    await page.getByRole('button', { name: `Remove this device's data for Maya Okafor at ${siteName}` }).click();
    const confirm = page.getByRole('group', { name: /Remove everything this device keeps for Maya Okafor at/ });
    await expect.poll(() => confirm.textContent()).toContain('1 change not yet sent to Learn: they will be lost.');
    await checkScreen(page, 'sites-remove-confirm');
    await confirm.getByRole('button', { name: 'Remove' }).click();
    // Its store is gone and its user signed out; the demo's data is untouched.
    await page.getByRole('heading', { name: 'Try the demo' }).waitFor();
    await page.getByRole('button', { name: `Open ${siteName}` }).click();
    await expect.poll(() => page.getByTestId('site-line').textContent(), { timeout: 15_000 }).toContain(siteName);
    await openCourse(page, 'PSYC-101-F26');
    expect(await testMeetingsShown(page)).toEqual([]);
    await switchSite(page);
    await page.getByRole('button', { name: 'Sign in to the demo' }).click();
    await openCourse(page, 'PSYC-101-F26');
    expect(await testMeetingsShown(page)).toEqual([DEMO_MEETING]);
    await context.close();
  });
});
