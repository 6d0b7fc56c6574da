import { describe, expect, it } from 'vitest';
import { checkScreen } from '../support/screen-check';
import type { Page, Route } from 'playwright-core';
import type { RunningWebHost } from '../../electron/web-host';
import { openRollbook } from '../support/browser';
import { useDemoHost } from '../support/roll-call-ui';

/** Opens the app on My courses, signing in to the demo unless the host is still signed in from the test before. */
async function openCourses(page: Page, host: RunningWebHost): Promise<void> {
  await openRollbook(page, host);
  const signIn = page.getByRole('button', { name: 'Sign in to the demo' });
  const course = page.getByRole('button', { name: /PSYC-101-F26/ });
  await expect.poll(async () => (await signIn.count()) + (await course.count()), { timeout: 20_000 }).toBeGreaterThan(0);
  if ((await signIn.count()) > 0) await signIn.click();
  await course.waitFor();
}

/**
 * A quick start: the page a start loads holds the shell, the course list and the roll
 * call; every other screen comes from a file of its own, fetched when the user first opens it. A
 * screen whose file cannot be fetched (Rollbook restarted with a new build while the window stayed
 * open) says so in words and offers a reload; nothing recorded is touched.
 */
describe('screens loaded when first opened', () => {
  const demo = useDemoHost();

  it('shows the course list while the other screens are still on their way, and fetches each of them once', async () => {
    const page = await demo.browser.newPage();
    const calendarFetches: string[] = [];
    page.on('request', (req) => {
      if (/\/CalendarScreen-[\w-]+\.js$/.test(req.url())) calendarFetches.push(req.url());
    });
    // Every other screen's file is held back: the course list must not need any of them.
    const otherScreens = /\/assets\/(HelpScreen|SyncHistoryScreen|AttendanceReportScreen|CsvImportScreen|ContentScreen|AccessibilityScreen|CalendarScreen|AnnouncementsScreen|SettingsScreen)-[\w-]+\.js$/;
    const held: Route[] = [];
    let holding = true;
    await page.route(otherScreens, (route) => (holding ? void held.push(route) : route.continue()));
    await openCourses(page, demo.host);
    holding = false;
    for (const route of held.splice(0)) await route.continue();

    await page.getByRole('button', { name: 'Calendar', exact: true }).click();
    await page.getByRole('heading', { name: 'Calendar', level: 1 }).waitFor();
    // Back and there again: the screen is kept, not fetched twice (whether it came on this visit or while the page was idle).
    await page.getByRole('button', { name: 'Courses', exact: true }).click();
    await page.getByRole('button', { name: /PSYC-101-F26/ }).waitFor();
    await page.getByRole('button', { name: 'Calendar', exact: true }).click();
    await page.getByRole('heading', { name: 'Calendar', level: 1 }).waitFor();
    expect(calendarFetches).toHaveLength(1);
    await page.close();
  });

  it('fetches the other screens while the page is idle, so they open later without a network', async () => {
    const page = await demo.browser.newPage();
    await openCourses(page, demo.host);
    const loaded = (): Promise<number> => page.evaluate(() => performance.getEntriesByType('resource').filter((e) => /\/(ContentScreen|SettingsScreen|CalendarScreen)-[\w-]+\.js$/.test(e.name)).length);
    await expect.poll(loaded, { timeout: 20_000 }).toBe(3);
    await page.context().setOffline(true);
    try {
      await page.getByRole('button', { name: 'Settings', exact: true }).click();
      await page.getByRole('heading', { name: 'Settings', level: 1 }).waitFor();
    } finally {
      await page.context().setOffline(false);
    }
    await page.close();
  });

  it('says in words when a screen cannot be loaded, offers a reload, and the rest of the app still works', async () => {
    const page = await demo.browser.newPage({ viewport: { width: 360, height: 740 } });
    // Refused from the start: neither the idle fetch nor the visit gets it.
    await page.route(/\/assets\/SettingsScreen-[\w-]+\.js$/, (route) => route.abort('connectionrefused'));
    await openCourses(page, demo.host);

    await page.getByRole('button', { name: 'Settings', exact: true }).click();
    const alert = page.getByRole('alert').filter({ hasText: 'This screen could not be loaded' });
    await alert.waitFor();
    await expect.poll(() => alert.textContent()).toContain('Nothing you recorded is lost');
    await checkScreen(page, 'screen-not-loaded');

    // The other screens still open.
    await page.getByRole('button', { name: 'Courses', exact: true }).click();
    await page.getByRole('button', { name: /PSYC-101-F26/ }).waitFor();

    // With the file back (Chromium remembers a failed module until the page reloads), the reload the
    // message offers opens the app again, still signed in, on the screen that failed, which now opens.
    await page.getByRole('button', { name: 'Settings', exact: true }).click();
    const reload = page.getByRole('button', { name: 'Reload Rollbook' });
    await reload.waitFor(); // the visit's own try has failed too; only then is the file back
    await page.unroute(/\/assets\/SettingsScreen-[\w-]+\.js$/);
    await reload.click();
    // The reload keeps the place: Settings again, now loaded.
    await page.getByRole('heading', { name: 'Settings', level: 1 }).waitFor();
    expect(page.url()).toMatch(/#\/settings$/);
    await expect.poll(() => page.getByRole('alert').filter({ hasText: 'This screen could not be loaded' }).count()).toBe(0);
    await page.close();
  });
});
