import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { setFaults } from '../integration/learn-support';
import { openRollbook, type LaunchableHost } from '../support/browser';
import { createMeetingAndTakeRoll, openCourse, useDemoHost, waitForMeetings } from '../support/roll-call-ui';
import { checkScreen } from '../support/screen-check';

/**
 * Help for instructors: `?` and F1 open it (never while typing, never in place of a roll-call
 * key), every "What does this mean?" lands on its page and Back returns to where the instructor
 * was, it opens with the network off, and its screens are axe-clean at both widths, light and dark.
 */
const helpPage = (page: Page) => page.getByTestId('help-page');

/** Opens the app signed in to the demo at Today (the host may still be signed in from the test before). */
async function openAtToday(page: Page, host: LaunchableHost): Promise<void> {
  await openRollbook(page, host);
  const signIn = page.getByRole('button', { name: 'Sign in to the demo' });
  const today = page.getByRole('heading', { name: 'Today', level: 1 });
  await signIn.or(today).first().waitFor({ timeout: 20_000 });
  if (await signIn.count()) await signIn.click();
  await today.waitFor({ timeout: 20_000 });
}

/** Follows a link to Help, checks the page it lands on, and comes back with Back to `back` (a heading). */
async function followTo(page: Page, link: ReturnType<Page['getByTestId']>, id: string, back: string, check = false): Promise<void> {
  await link.click();
  await expect.poll(() => helpPage(page).getAttribute('data-page')).toBe(id);
  // Focus starts at the page's title, as after every navigation (a closed dialog does not take it back).
  await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('help-page-heading');
  if (check) await checkScreen(page, `help-page-${id}`);
  await page.getByRole('button', { name: '← Back' }).click();
  await page.getByRole('heading', { name: back, level: 1 }).waitFor();
}

describe('Help inside the app', () => {
  const demo = useDemoHost();

  it('opens by ? and F1 but not while typing, from each place its words appear, and Back returns there; axe-clean', { timeout: 240_000 }, async () => {
    const context = await demo.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await openAtToday(page, demo.host);

    // ? on the page opens the list of pages; F1 from a page goes to the list too.
    await page.locator('body').press('?');
    await page.getByRole('heading', { name: 'Help', level: 1 }).waitFor();
    const pages = page.getByRole('navigation', { name: 'Help pages' }).getByRole('button');
    expect((await pages.allTextContents()).map((t) => t.trim())).toEqual([
      'Taking roll offline',
      'Waiting, to resolve and could not be sent',
      'Importing attendance from Learn or Excel',
      'The site’s Learn requests for today',
      'Students’ photos and privacy',
      'Signing out on a shared computer',
    ]);
    await checkScreen(page, 'help-list');
    await pages.filter({ hasText: 'Taking roll offline' }).click();
    await expect.poll(() => helpPage(page).getAttribute('data-page')).toBe('offline-roll');
    await checkScreen(page, 'help-page-offline-roll');
    await page.keyboard.press('F1');
    await page.getByRole('heading', { name: 'Help', level: 1 }).waitFor();
    // Help's own Back returns to where ? was pressed; the header's Help opens it too.
    await page.getByRole('button', { name: '← Back' }).click();
    await page.getByRole('button', { name: '← All help pages' }).waitFor();
    await page.getByRole('button', { name: '← All help pages' }).click();
    await page.getByRole('button', { name: '← Back' }).click();
    await page.getByRole('heading', { name: 'Today', level: 1 }).waitFor();
    await page.getByRole('banner').getByRole('button', { name: 'Help' }).click();
    await page.getByRole('heading', { name: 'Help', level: 1 }).waitFor();

    // Settings: the request budget and the photos setting link to their pages; Back returns to Settings.
    await page.getByRole('button', { name: 'Settings', exact: true }).click();
    await page.getByRole('heading', { name: 'Settings', level: 1 }).waitFor();
    await followTo(page, page.getByTestId('help-link-request-budget'), 'request-budget', 'Settings', true);
    await followTo(page, page.getByTestId('help-link-photos'), 'photos', 'Settings', true);

    // The sign-out dialog closes itself for its page; Back returns to Settings, still signed in.
    await page.getByRole('button', { name: 'Sign out…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Sign out?' });
    await expect.poll(() => dialog.textContent()).toContain('Nothing is waiting to be sent to Learn.');
    await followTo(page, dialog.getByTestId('help-link-sign-out'), 'sign-out', 'Settings', true);
    expect(await dialog.count()).toBe(0);

    // The status bar's own link (beside "changes waiting").
    await followTo(page, page.getByRole('region', { name: 'Sync status' }).getByTestId('help-link-sync-words'), 'sync-words', 'Settings');

    // The import screen.
    await page.getByRole('button', { name: 'Courses', exact: true }).click();
    await openCourse(page, 'PSYC-101-F26');
    await waitForMeetings(page);
    await page.getByRole('button', { name: 'Import CSV' }).click();
    await page.getByRole('heading', { name: 'Choose a file', level: 2 }).waitFor();
    const importHeading = (await page.getByRole('heading', { level: 1 }).textContent()) ?? '';
    await followTo(page, page.getByTestId('help-link-import'), 'import', importHeading, true);
    await page.getByRole('button', { name: 'Courses', exact: true }).click();
    await openCourse(page, 'PSYC-101-F26');
    await waitForMeetings(page);

    // A roll call Learn refuses: the failures list and the note under the bar link to "could not be sent".
    await setFaults(demo.sandbox, { serverErrorRate: 1, serverErrorStatuses: [500], pathPattern: '/meetings/\\d+/users' });
    try {
      await createMeetingAndTakeRoll(page, { title: 'Help for a failed send', date: '2026-11-20', start: '09:00', end: '10:00' });
      const rollHeading = (await page.getByRole('heading', { level: 1 }).textContent()) ?? '';
      await page.getByTestId('student-row').first().focus();
      await page.keyboard.press('p');
      const marked = /^1 present, 0 absent, 0 late, 0 excused, \d+ not marked$/;
      await expect.poll(() => page.getByTestId('counts').textContent()).toMatch(marked);
      // ? is no roll-call key: it opens Help and marks nobody; Back returns to the roll call.
      await page.keyboard.press('?');
      await page.getByRole('heading', { name: 'Help', level: 1 }).waitFor();
      await page.getByRole('button', { name: '← Back' }).click();
      await page.getByRole('heading', { name: rollHeading, level: 1 }).waitFor();
      await expect.poll(() => page.getByTestId('counts').textContent()).toMatch(marked);

      // Leaving the roll call for Help released its held mark: it went, and Learn refused it.
      const failures = page.getByTestId('failures');
      await expect.poll(() => failures.count(), { timeout: 30_000 }).toBe(1);
      await followTo(page, failures.getByTestId('help-link-sync-words'), 'sync-words', rollHeading);
      // Sent again by hand, Learn's trouble is named under the bar (with the time Rollbook tries again).
      await page.getByTestId('sync-now').click();
      const note = page.getByTestId('status-note');
      await expect.poll(() => note.count(), { timeout: 30_000 }).toBe(1);
      // The note's sentence stays whole; its link sits beside it.
      expect(await note.textContent()).not.toContain('What does this mean?');
      await followTo(page, note.locator('..').getByTestId('help-link-sync-words'), 'sync-words', rollHeading);
      await page.getByTestId('failures').getByTestId('help-link-sync-words').click();
      await checkScreen(page, 'help-page-sync-words');
      await page.getByRole('button', { name: '← Back' }).click();
      await page.getByRole('heading', { name: rollHeading, level: 1 }).waitFor();
      await note.scrollIntoViewIfNeeded();
      await checkScreen(page, 'roll-call-failed-with-help-links');
    } finally {
      await setFaults(demo.sandbox, { serverErrorRate: 0, pathPattern: null });
    }
    await context.close();
  });

  it('opens with the network off, reads nothing, and fits 360 px', { timeout: 120_000 }, async () => {
    const context = await demo.browser.newContext({ viewport: { width: 360, height: 780 } });
    const page = await context.newPage();
    await openAtToday(page, demo.host);
    // Help's chunk is the first loaded once the page is idle (app/lazy-screens.ts).
    await expect.poll(() => page.evaluate(() => performance.getEntriesByType('resource').some((e) => /HelpScreen/.test(e.name))), { timeout: 30_000 }).toBe(true);

    await context.setOffline(true);
    const requests: string[] = [];
    // Help's own files and any call to the host (the other screens' chunks go on loading in the background, and fail).
    page.on('request', (request) => {
      if (/\/assets\/Help|\/ipc\/help/i.test(request.url())) requests.push(request.url());
    });
    await page.keyboard.press('F1');
    await page.getByRole('heading', { name: 'Help', level: 1 }).waitFor();
    for (const title of ['Waiting, to resolve and could not be sent', 'Signing out on a shared computer']) {
      await page.getByRole('button', { name: title }).click();
      await page.getByRole('heading', { name: title, level: 1 }).waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
      await page.getByRole('button', { name: '← All help pages' }).click();
      await page.getByRole('heading', { name: 'Help', level: 1 }).waitFor();
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    // Nothing of Help came over the network.
    expect(requests).toEqual([]);
    await context.close();
  });
});
