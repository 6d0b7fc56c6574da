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
import { collect, learnAs, PSYC } from '../integration/learn-support';
import { launchChromium, rendererDirOption } from '../support/browser';
import { ATTENDANCE_WRITE, createMeeting, openCourse, signInToDemo, signOut, takeRoll, waitForMeetings, type SandboxStats } from '../support/roll-call-ui';
import { withSandbox } from '../support/sandbox';

/**
 * As a user on a shared computer meets it: roll taken in the demo with the
 * network cut, then signed out; a colleague signs in to another Learn site (a second sandbox) as
 * another user. Nothing of the demo shows, and nothing of it reaches that site; back in the demo,
 * the marks are there and still waiting.
 */
const TITLE = 'E2E demo roll, not for another site';

let host: RunningWebHost;
let other: RunningSandbox;
let browser: Browser;
let dataDir: string;

beforeAll(async () => {
  configureLogger({ level: 'error' });
  other = await withSandbox();
  dataDir = await mkdtemp(join(tmpdir(), 'rollbook-e2e-identity-'));
  // The system browser of a real-site sign-in, played for the colleague: the teaching assistant.
  host = await startWebHost({ port: 0, demo: true, dataDir, ...rendererDirOption(), openExternal: fakeBrowser({ userName: 'ta' }).openExternal });
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await host?.close();
  await other?.close();
  await rm(dataDir, { recursive: true, force: true });
  configureLogger({ level: 'info' });
});

async function statsOf(sandbox: RunningSandbox): Promise<SandboxStats> {
  return (await (await sandbox.controlFetch(`/__sandbox/stats`)).json()) as SandboxStats;
}

function attendanceWrites(stats: SandboxStats): Record<string, number> {
  return Object.fromEntries(Object.entries(stats.byRoute).filter(([route]) => ATTENDANCE_WRITE.test(route)));
}

async function meetingsTitled(sandbox: RunningSandbox, title: string): Promise<number> {
  const { learn } = learnAs(sandbox, 'instructor');
  return (await collect(learn.attendance.listMeetings(PSYC))).filter((m) => m.title === title).length;
}

/** Every push is refused before it leaves the page, so what waits stays waiting (the network is "back" for the local host only). */
async function refusePushes(page: Page): Promise<void> {
  await page.route('**/ipc/sync.push', (route) => route.abort('internetdisconnected'));
}

describe('one local store per site and user', () => {
  it('shows and sends nothing of the demo under another user at another site, and keeps it waiting for the demo', async () => {
    const context = await browser.newContext({ viewport: { width: 360, height: 800 } });
    const page = await context.newPage();

    // The demo: roll taken with the network cut.
    await signInToDemo(page, host);
    await openCourse(page, 'PSYC-101-F26');
    await waitForMeetings(page);
    await context.setOffline(true);
    await expect.poll(() => page.getByTestId('connectivity').textContent()).toBe('Offline');
    await createMeeting(page, { title: TITLE, date: '2026-11-25', start: '09:00', end: '10:15' });
    await takeRoll(page, TITLE, {});
    await page.getByTestId('student-row').first().focus();
    await page.keyboard.press('a');
    await page.keyboard.press('l');
    await expect.poll(() => page.getByTestId('waiting').textContent()).toBe('3 changes waiting');

    // Signed out (the local host needs the network back; pushes stay refused).
    await refusePushes(page);
    await context.setOffline(false);
    await signOut(page, 'Sign out anyway');
    await page.getByRole('heading', { name: 'Try the demo' }).waitFor();
    await expect.poll(() => page.getByText('PSYC-101-F26').count()).toBe(0);
    await expect.poll(() => page.getByText(TITLE).count()).toBe(0);
    await expect.poll(() => page.getByTestId('waiting').count()).toBe(0);

    // A colleague at another site, as another user; her pushes go through (she has nothing waiting).
    await page.unroute('**/ipc/sync.push');
    const before = await statsOf(other);
    await page.getByLabel('Learn site address').fill(new URL(other.origin).host);
    await page.getByLabel('Application key').fill(DEMO_APP.key);
    await page.getByLabel('Application secret').fill(DEMO_APP.secret);
    await page.getByRole('button', { name: 'Sign in with your browser' }).click();
    await expect.poll(() => page.getByTestId('site-line').textContent(), { timeout: 15_000 }).toContain(new URL(other.origin).host);
    await expect.poll(() => page.getByTestId('mode').textContent()).toBe('Connected to Learn');
    await openCourse(page, 'PSYC-101-F26');
    await waitForMeetings(page);
    await expect.poll(() => page.getByRole('button', { name: `Take roll: ${TITLE}` }).count()).toBe(0);
    await expect.poll(() => page.getByTestId('waiting').textContent()).toBe('0 changes waiting');
    // "Sync now" asks the host to push this store's outbox: empty, so nothing is written at her site.
    await page.getByTestId('sync-now').click();
    await expect.poll(() => page.getByTestId('sync-now').isEnabled(), { timeout: 10_000 }).toBe(true);
    expect(attendanceWrites(await statsOf(other))).toEqual(attendanceWrites(before));
    expect(await meetingsTitled(other, TITLE)).toBe(0);
    await signOut(page);
    await page.getByRole('heading', { name: 'Try the demo' }).waitFor();

    // Back in the demo: the marks are there, still waiting, and the demo's Learn has not got them.
    await refusePushes(page);
    await page.getByRole('button', { name: 'Sign in to the demo' }).click();
    await openCourse(page, 'PSYC-101-F26');
    await takeRoll(page, TITLE, {});
    await expect.poll(() => page.getByTestId('counts').textContent()).toContain('0 present, 1 absent, 1 late, 0 excused');
    await expect.poll(() => page.getByTestId('waiting').textContent()).toBe('3 changes waiting');
    expect(await meetingsTitled(host.sandbox!, TITLE)).toBe(0);
    await context.close();
  });
});
