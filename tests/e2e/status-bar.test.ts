import { describe, expect, it } from 'vitest';
import type { Page, Route } from 'playwright-core';
import { createMeetingAndTakeRoll, openAccount, openCourse, signInToDemo, signOut, useDemoHost, waitForMeetings } from '../support/roll-call-ui';
import { setFaults } from '../integration/learn-support';
import { checkScreen } from '../support/screen-check';

/**
 * The status bar as an instructor meets Learn's bad moments: it is green "Online" only while Learn
 * takes what is sent; a 5xx is Learn's problem, named with the time Rollbook tries again; a 429
 * with Retry-After names the time Learn asked to wait until, and Sync now says why it waits, on
 * screen and in its description. The sign-out dialog says only what is true when it is opened.
 * The tests run in this order on purpose: the 429 closes the site's gate for two minutes.
 */
const WRITES = '/meetings/\\d+/users';

/** "14:05" for this time as the page writes times (its locale), so the words can be compared. */
const timeOnPage = (page: Page, at: number): Promise<string> =>
  page.evaluate((ms) => new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit' }).format(ms), at);

/** The times a moment can read as between `from` and `to` (ms), to the minute. */
async function timesBetween(page: Page, from: number, to: number): Promise<string[]> {
  const out = new Set<string>();
  for (let t = from; t <= to + 60_000; t += 30_000) out.add(await timeOnPage(page, Math.min(t, to)));
  return [...out];
}

/** The words that describe an element (aria-describedby), as a screen reader reads them after its name. */
const description = (page: Page, testId: string): Promise<string> =>
  page.getByTestId(testId).evaluate((el) =>
    (el.getAttribute('aria-describedby') ?? '')
      .split(/\s+/)
      .map((id) => document.getElementById(id)?.textContent?.trim() ?? '')
      .filter(Boolean)
      .join(' '),
  );

async function markOne(page: Page, title: string, date: string): Promise<void> {
  await openCourse(page, 'PSYC-101-F26');
  await waitForMeetings(page);
  await createMeetingAndTakeRoll(page, { title, date, start: '09:00', end: '10:00' });
  await expect.poll(() => page.getByTestId('waiting').textContent(), { timeout: 30_000 }).toBe('0 changes waiting');
}

describe('the status bar tells the truth', () => {
  const demo = useDemoHost();

  it('the sign-out dialog opened again says only what is true now', { timeout: 180_000 }, async () => {
    const context = await demo.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await signInToDemo(page, demo.host);
    await markOne(page, 'Dialog facts', '2026-11-16');
    const refuse = (route: Route): Promise<void> => route.abort('internetdisconnected');
    await page.route('**/ipc/sync.push', refuse);
    await page.getByTestId('student-row').first().focus();
    await page.keyboard.press('p');
    await expect.poll(() => page.getByTestId('waiting').textContent()).toBe('1 change waiting');
    const dialog = page.getByRole('dialog', { name: 'Sign out?' });
    const open = async (): Promise<void> => {
      await openAccount(page);
      await page.getByRole('banner').getByRole('button', { name: 'Sign out', exact: true }).click();
      await dialog.waitFor();
    };

    // 1. Offline, "Sign out anyway": this browser cuts its own host too, so the dialog says it could not.
    await context.setOffline(true);
    await open();
    await dialog.getByRole('button', { name: 'Sign out anyway' }).click();
    await expect.poll(() => dialog.getByRole('alert').textContent()).toContain('Rollbook could not sign you out');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });

    // 2. Online again: opened afresh, nothing of that attempt is left; "Sync first" fails (the pushes are still cut).
    await context.setOffline(false);
    await open();
    expect(await dialog.getByRole('alert').count()).toBe(0);
    expect(await dialog.getByTestId('sign-out-waiting').textContent()).toBe('1 attendance mark');
    await dialog.getByRole('button', { name: 'Sync first' }).click();
    await expect.poll(() => dialog.getByRole('alert').count(), { timeout: 15_000 }).toBe(1);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });

    // 3. The mark reaches Learn; opened again, the dialog says nothing waits, and nothing else.
    await page.unroute('**/ipc/sync.push', refuse);
    await page.getByTestId('sync-now').click();
    await expect.poll(() => page.getByTestId('waiting').textContent(), { timeout: 20_000 }).toBe('0 changes waiting');
    await open();
    await expect.poll(() => dialog.textContent()).toContain('Nothing is waiting to be sent to Learn.');
    expect(await dialog.getByRole('alert').count()).toBe(0);
    expect(await dialog.textContent()).not.toMatch(/not sent|could not|Restart/);
    await checkScreen(page, 'sign-out-nothing-waiting');
    // The next test starts signed out, as this one did.
    await dialog.getByRole('button', { name: 'Sign out', exact: true }).click();
    await page.getByRole('heading', { name: 'Try the demo' }).waitFor();
    await context.close();
  });

  it('a 5xx is Learn’s problem, with the time Rollbook tries again; Online once it answers', { timeout: 180_000 }, async () => {
    const context = await demo.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await signInToDemo(page, demo.host);
    await markOne(page, 'Learn has a bad moment', '2026-11-17');
    await setFaults(demo.sandbox, { serverErrorRate: 1, serverErrorStatuses: [500], pathPattern: WRITES });
    try {
      await page.getByTestId('student-row').first().focus();
      await page.keyboard.press('a');
      const from = Date.now();
      await page.getByTestId('sync-now').click();
      const note = page.getByTestId('status-note');
      await expect.poll(() => page.getByTestId('connectivity').textContent(), { timeout: 30_000 }).toBe('Learn has a problem');
      const to = Date.now();
      const words = (await note.textContent()) ?? '';
      // The first try again is a minute after the failure (retry-schedule.ts).
      const times = await timesBetween(page, from + 60_000, to + 60_000);
      expect(times.map((t) => `Learn had a problem; Rollbook will try again at ${t}. Your change is kept on this device; you need not change anything.`)).toContain(words);
      // Not the data's fault: the record that waits is named with Learn's problem, and nothing waits to be pressed.
      expect(await page.getByTestId('failures').getByTestId('failure-text').textContent()).toMatch(/ was not sent: Learn had a problem; it will be sent again at the next sync\.$/);
      expect(await page.getByTestId('sync-now').isEnabled()).toBe(true);
      expect(await page.getByTestId('retry').isEnabled()).toBe(true);
      expect(await page.getByTestId('sync-waits').count()).toBe(0);
      await checkScreen(page, 'status-learn-5xx');
    } finally {
      await setFaults(demo.sandbox, { serverErrorRate: 0, pathPattern: null });
    }
    await page.getByTestId('sync-now').click();
    await expect.poll(() => page.getByTestId('waiting').textContent(), { timeout: 30_000 }).toBe('0 changes waiting');
    await expect.poll(() => page.getByTestId('connectivity').textContent()).toBe('Online');
    expect(await page.getByTestId('status-note').count()).toBe(0);
    await signOut(page);
    await page.getByRole('heading', { name: 'Try the demo' }).waitFor();
    await context.close();
  });

  it('a 429 with Retry-After: 120 names the time Learn asked to wait until; Sync now says why it waits', { timeout: 180_000 }, async () => {
    const context = await demo.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await signInToDemo(page, demo.host);
    await markOne(page, 'Learn asks to wait', '2026-11-18');
    await setFaults(demo.sandbox, { rateLimitRate: 1, retryAfterSeconds: 120, pathPattern: WRITES });
    try {
      await page.getByTestId('student-row').first().focus();
      await page.keyboard.press('l');
      const from = Date.now();
      await page.getByTestId('sync-now').click();
      const pill = page.getByTestId('connectivity');
      await expect.poll(() => pill.textContent(), { timeout: 30_000 }).toMatch(/^Learn asked to wait until /);
      const to = Date.now();
      const times = await timesBetween(page, from + 120_000, to + 121_000);
      const time = ((await pill.textContent()) ?? '').replace('Learn asked to wait until ', '');
      expect(times).toContain(time);
      expect(await page.getByTestId('status-note').textContent()).toBe(`Learn asked Rollbook to wait before sending more. Rollbook will send your change after ${time}.`);
      // Sync now waits, and says why: beside it, and in its description.
      expect(await page.getByTestId('sync-now').isDisabled()).toBe(true);
      expect(await page.getByTestId('sync-waits').textContent()).toBe(`Sends after ${time}`);
      expect(await description(page, 'sync-now')).toBe(`Sends after ${time} Learn asked Rollbook to wait before sending more. Rollbook will send your change after ${time}.`);
      // Not spinning "Syncing…" while Learn takes nothing.
      expect(await page.getByTestId('syncing').count()).toBe(0);
      await checkScreen(page, 'status-learn-asked-to-wait');
    } finally {
      await setFaults(demo.sandbox, { rateLimitRate: 0, pathPattern: null });
    }
    await context.close();
  });
});
