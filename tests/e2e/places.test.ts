import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { learnAs, PSYC } from '../integration/learn-support';
import { campusPage, openApp, openCalendarAt } from '../support/calendar-ui';
import { openContent, WAIT } from '../support/content-ui';
import { signInToDemo, useDemoHost } from '../support/roll-call-ui';
import { checkScreen } from '../support/screen-check';

/**
 * Places that stay and details beside what was clicked: every screen has an address, so a reload
 * keeps it and Back and Forward move between screens; a roll call opened from Today goes "back" to
 * its course's meetings; an event's or a content item's details open in view with focus in them, as
 * a panel beside the grid or tree at 1280 px and as a page with Back at 390 px.
 */
const heading = (page: Page): Promise<string> => page.locator('main h1').first().textContent({ timeout: 20_000 }).then((t) => t?.trim() ?? '');

/** The details are on screen (not above or below the window) and hold the focus. */
async function inViewAndFocused(page: Page, details: Locator): Promise<void> {
  await expect
    .poll(() =>
      details.evaluate((el) => {
        const box = el.getBoundingClientRect();
        const inView = box.top >= 0 && box.top < innerHeight - 40 && box.bottom > 0;
        const focused = el.contains(document.activeElement);
        // Where it is when not in view, so a failure says how far off it was.
        return inView ? { inView, focused } : { inView, focused, top: Math.round(box.top), height: Math.round(box.height), window: innerHeight };
      }),
      WAIT,
    )
    .toEqual({ inView: true, focused: true });
}

describe('places and details', () => {
  const demo = useDemoHost();

  it('keeps the screen across a reload, moves with Back and Forward, and goes from a roll call to its course', async () => {
    const TITLE = 'Places check';
    const { learn } = learnAs(demo.sandbox, 'instructor');
    const start = new Date();
    await learn.attendance.createMeeting(PSYC, { courseId: PSYC, title: TITLE, description: '', start: start.toISOString(), end: new Date(start.getTime() + 3_600_000).toISOString() });
    const page = await demo.browser.newPage();
    await signInToDemo(page, demo.host);
    await expect.poll(() => page.getByTestId('today-meetings').textContent(), { timeout: 30_000 }).toContain(TITLE);

    // A roll call opened from Today: its back link goes to the course's meetings, not to Today.
    await page.getByRole('button', { name: `Take roll: ${TITLE}` }).click();
    await expect.poll(() => heading(page), WAIT).toBe(`Roll call: ${TITLE}`);
    const rollCall = page.url();
    await page.getByRole('button', { name: '← PSYC-101-F26 meetings' }).click();
    await expect.poll(() => heading(page), WAIT).toBe('PSYC-101-F26: meetings');
    // The address names the course by id, and no id shows on the screen.
    expect(new URL(page.url()).hash).toMatch(/^#\/courses\/_\d+_\d+\/meetings$/);

    // Back and Forward move between the screens, reload keeps the one shown.
    await page.goBack();
    await expect.poll(() => heading(page), WAIT).toBe(`Roll call: ${TITLE}`);
    expect(page.url()).toBe(rollCall);
    await page.goBack();
    await expect.poll(() => heading(page), WAIT).toBe('Today');
    await page.goForward();
    await expect.poll(() => heading(page), WAIT).toBe(`Roll call: ${TITLE}`);
    await page.reload();
    await expect.poll(() => heading(page), { timeout: 30_000 }).toBe(`Roll call: ${TITLE}`);
    await expect.poll(() => page.getByTestId('student-row').count(), { timeout: 20_000 }).toBeGreaterThan(5);

    // A course section: a reload keeps it too.
    await page.getByRole('button', { name: '← PSYC-101-F26 meetings' }).click();
    await page.getByRole('button', { name: 'Content', exact: true }).click();
    await expect.poll(() => heading(page), WAIT).toBe('PSYC-101-F26: Content');
    await page.reload();
    await expect.poll(() => heading(page), { timeout: 30_000 }).toBe('PSYC-101-F26: Content');

    // An address to a meeting this device does not have lands on the course's meetings, saying so.
    const gone = new URL(page.url());
    gone.hash = gone.hash.replace(/\/content$/, '/meetings/987654321');
    await page.goto(gone.href);
    await expect.poll(() => heading(page), { timeout: 30_000 }).toBe('PSYC-101-F26: meetings');
    await expect.poll(() => page.getByTestId('place-notice').textContent(), WAIT).toMatch(/That meeting is no longer on this device/);
    await checkScreen(page, 'place-notice');
    await page.close();
  });

  it('opens an event’s details beside the calendar, or as a page on a narrow window, in view and focused', async () => {
    const { context, page } = await campusPage(demo);
    await openApp(page, demo.host);
    await openCalendarAt(page, '2026-09-14');
    await expect.poll(() => page.getByRole('heading', { name: 'Sep 13 – Sep 19, 2026' }).count(), { timeout: 15_000 }).toBe(1);
    const grid = page.getByRole('table', { name: 'Week' });
    const chip = grid.getByRole('button', { name: /Lecture: Introduction to Psychology/ }).last();
    await chip.scrollIntoViewIfNeeded();
    await chip.click();
    const details = page.getByTestId('details-beside');
    await inViewAndFocused(page, details);
    // Beside the grid: both on screen.
    expect(await grid.isVisible()).toBe(true);
    await checkScreen(page, 'calendar-details');

    // Narrow: the details are the page, with Back; Back gives focus to the event clicked.
    await page.setViewportSize({ width: 390, height: 844 });
    await inViewAndFocused(page, details);
    // The narrow layout hides the grid on the re-render after the resize: waited for, not read once.
    await expect.poll(() => grid.isVisible()).toBe(false);
    await page.getByRole('button', { name: '← Back to the calendar' }).click();
    await expect.poll(() => details.count()).toBe(0);
    await expect.poll(() => chip.evaluate((el) => el === document.activeElement)).toBe(true);
    await chip.scrollIntoViewIfNeeded();
    await chip.click();
    await inViewAndFocused(page, details);
    await context.close();
  });

  it('opens a content item’s details beside the tree, or as a page on a narrow window, in view and focused, with the filters folded', async () => {
    const page = await demo.browser.newPage();
    await openApp(page, demo.host);
    await openContent(page, 'PSYC-101-F26');
    // The tree comes first: the filters wait behind one button.
    expect(await page.getByLabel('Title contains').isVisible()).toBe(false);
    const filter = page.getByRole('button', { name: /^Filter/ });
    expect(await filter.getAttribute('aria-expanded')).toBe('false');
    await checkScreen(page, 'content-tree-first');

    const item = page.getByRole('treeitem').last();
    await item.scrollIntoViewIfNeeded();
    await item.click();
    const details = page.getByTestId('details-beside');
    await inViewAndFocused(page, details);
    await expect.poll(() => details.getByRole('heading', { level: 2 }).count(), WAIT).toBe(1);
    await checkScreen(page, 'content-details');

    await page.setViewportSize({ width: 390, height: 844 });
    await inViewAndFocused(page, details);
    expect(await page.getByRole('tree').isVisible()).toBe(false);
    await page.getByRole('button', { name: '← Back to PSYC-101-F26 content' }).click();
    await expect.poll(() => details.count()).toBe(0);
    await expect.poll(() => page.getByRole('tree').isVisible()).toBe(true);
    await item.scrollIntoViewIfNeeded();
    await item.click();
    await inViewAndFocused(page, details);
    await page.close();
  });
});
