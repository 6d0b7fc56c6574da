import { describe, expect, it } from 'vitest';
import { axeViolations } from '../support/axe';
import { saveScreen } from '../support/design-ui';
import { checkScreen } from '../support/screen-check';
import { collect, learnAs, PSYC, setFaults } from '../integration/learn-support';
import { openCourse, signInToDemo, useDemoHost, waitForMeetings } from '../support/roll-call-ui';

// A course's meetings, today's and upcoming first, then past ones newest first,
// each with its state; one tab stop a row with named actions; creation in a dialog that starts at
// the course's usual slot (the demo lecture: Mondays and Wednesdays 10:00-11:15 New York time).
describe("a course's meetings", () => {
  const demo = useDemoHost();

  it('lists today and upcoming first, then past newest first; the dialog starts at the usual slot; rows are one tab stop with named actions', async () => {
    const context = await demo.browser.newContext({ timezoneId: 'America/New_York', locale: 'en-US', viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await signInToDemo(page, demo.host);
    await openCourse(page, 'PSYC-101-F26');
    await waitForMeetings(page);

    // Past meetings, newest first, as Learn holds them.
    const { learn } = learnAs(demo.sandbox, 'instructor');
    const newest = (await collect(learn.attendance.listMeetings(PSYC))).sort((a, b) => Date.parse(b.start) - Date.parse(a.start)).slice(0, 3);
    const past = page.getByTestId('meetings-past').getByRole('button', { name: /^Take roll: / });
    await expect.poll(async () => (await past.evaluateAll((els) => els.slice(0, 3).map((e) => e.getAttribute('aria-label'))))).toEqual(newest.map((m) => `Take roll: ${m.title}`));
    // Not read from Learn yet on this device: the list does not guess "not taken". Nothing reads a
    // roll in the background (Today reads earlier rolls only when asked), so none is read yet.
    const states = page.getByTestId('meetings-past').getByTestId('meeting-state');
    expect(await states.count()).toBeGreaterThan(3);
    expect((await states.allTextContents()).filter((text) => !text.includes('Roll not read from Learn yet'))).toEqual([]);

    // A new meeting: the dialog starts today at the usual 10:00-11:15, never the current minute.
    await page.getByRole('button', { name: 'New meeting' }).click();
    const dialog = page.getByRole('dialog', { name: 'New meeting' });
    expect(await dialog.getByLabel('Starts').inputValue()).toBe('10:00');
    expect(await dialog.getByLabel('Ends').inputValue()).toBe('11:15');
    expect(await dialog.getByLabel('Date', { exact: true }).inputValue()).toBe(new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York' }).format(new Date()));
    expect(await axeViolations(page)).toEqual([]);
    await saveScreen(page, 'meeting-new-dialog');
    await dialog.getByLabel('Title').fill('Review session');
    await dialog.getByRole('button', { name: 'Create meeting' }).click();
    await dialog.waitFor({ state: 'detached' });
    const upcoming = page.getByTestId('meetings-upcoming');
    await expect.poll(() => upcoming.getByTestId('meeting-row').first().textContent()).toMatch(/Today 10:00 AM.*Review session.*Not taken/);
    await saveScreen(page, 'meetings-1280');

    // One tab stop a row: Tab goes from this row's roll call to the next row's, past Edit and Delete.
    const review = page.getByRole('button', { name: 'Take roll: Review session' });
    await review.focus();
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(`Take roll: ${newest[0]!.title}`);
    // The arrow keys reach the row's actions, named by the meeting.
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('ArrowRight');
    expect(await page.evaluate(() => document.activeElement?.textContent?.trim())).toBe('Edit Review session');
    await page.keyboard.press('Enter');
    const edit = page.getByRole('dialog', { name: 'Edit Review session' });
    await edit.getByLabel('Title').fill('Review session (moved)');
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => upcoming.textContent()).toContain('Review session (moved)');

    // Delete asks in a dialog of the design, not the browser's confirm().
    await page.getByRole('button', { name: 'Delete Review session (moved)' }).click();
    const ask = page.getByRole('alertdialog');
    await ask.waitFor();
    expect(await axeViolations(page)).toEqual([]);
    expect(await ask.textContent()).toContain('"Review session (moved)"');
    await ask.getByRole('button', { name: 'Delete meeting' }).click();
    await expect.poll(() => page.getByRole('button', { name: 'Take roll: Review session (moved)' }).count()).toBe(0);
    await context.close();
  });

});

// The meetings screen reads Learn's meetings and roster for this device on opening (so roll call
// works if the network goes next); a sighted user sees that it does, a screen reader hears it once.
describe("the meetings screen's read of Learn", () => {
  const demo = useDemoHost();

  it("says while it reads Learn's meetings and students, once, and not once the read is done or has failed", async () => {
    const context = await demo.browser.newContext({ timezoneId: 'America/New_York', locale: 'en-US', viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    // Counts each time the reading line is put on the page: a live region put there again is heard again.
    await page.addInitScript(() => {
      const seen = { lines: 0 };
      Object.assign(window, { readingLines: seen });
      new MutationObserver((changes) => {
        for (const change of changes)
          for (const node of change.addedNodes) {
            if (!(node instanceof Element)) continue;
            // The line itself, or inside a part of the screen put there whole.
            seen.lines += [node, ...node.querySelectorAll('[role="status"]')].filter((e) => e.matches('[data-testid="reading-learn"] [role="status"]')).length;
          }
      }).observe(document, { childList: true, subtree: true });
    });
    await signInToDemo(page, demo.host);
    // Learn's roster is held on its way (the meetings come at once), as on a slow network.
    let release = (): void => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/ipc/learn.roster', async (route) => {
      await held;
      await route.continue();
    });
    await openCourse(page, 'PSYC-101-F26');
    const line = page.getByRole('status').filter({ hasText: "Getting this course's meetings and students from Learn…" });
    await line.waitFor();
    expect(await page.getByTestId('meetings').getAttribute('aria-busy')).toBe('true');
    // axe at 1280 and 390 px, light and dark, and plain words, while the line shows.
    await checkScreen(page, 'meetings-reading');
    await saveScreen(page, 'meetings-reading-1280');
    await page.setViewportSize({ width: 390, height: 844 });
    await saveScreen(page, 'meetings-reading-390');
    await page.setViewportSize({ width: 1280, height: 900 });
    expect(await line.count()).toBe(1);

    // The roster arrives: the line goes, the list is no longer busy, and the line was put there once.
    release();
    await line.waitFor({ state: 'detached' });
    expect(await page.getByTestId('meetings').getAttribute('aria-busy')).toBeNull();
    expect(await page.evaluate(() => (window as unknown as { readingLines: { lines: number } }).readingLines.lines)).toBe(1);
    await page.unroute('**/ipc/learn.roster');

    // The network goes in the middle of a read: the line goes at once; the status bar says "Offline",
    // and the screen, once the read has failed, that it shows the copy saved on this device.
    let letGo = (): void => undefined;
    const stuck = new Promise<void>((resolve) => (letGo = resolve));
    await page.route('**/ipc/learn.roster', async (route) => {
      await stuck;
      await route.abort('internetdisconnected');
    });
    await context.setOffline(true);
    await context.setOffline(false);
    await line.waitFor();
    await context.setOffline(true);
    await line.waitFor({ state: 'detached' });
    expect(await page.getByTestId('connectivity').textContent()).toBe('Offline');
    letGo();
    const saved = page.getByRole('status').filter({ hasText: 'Showing the copy saved on this device.' });
    await saved.waitFor();
    expect(await line.count()).toBe(0);
    await page.unroute('**/ipc/learn.roster');

    // Back online, Learn fails the roster at every try (a 500; the client tries a read 4 times): the
    // screen says so, and no longer that it is reading.
    await setFaults(demo.sandbox, { pathPattern: '/courses/[^/]+/users$', failNext: { count: 4, method: 'GET' } });
    try {
      await context.setOffline(false);
      await expect.poll(() => saved.textContent()).toContain('Learn had a problem');
      expect(await line.count()).toBe(0);
      expect(await page.getByTestId('meetings').getAttribute('aria-busy')).toBeNull();
    } finally {
      await setFaults(demo.sandbox, { pathPattern: null, failNext: null });
    }
    await context.close();
  });
});
