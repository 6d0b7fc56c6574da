import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openCourse, signInToDemo, useDemoHost, waitForMeetings } from '../support/roll-call-ui';

/**
 * A keyboard user starts every screen at its heading. "Skip to main content" is
 * the first tab stop and lands on the screen's heading; each navigation (a course, a section, a
 * top tab, a roll call, back) moves focus to the new screen's h1, also for screens loaded late.
 */
const focused = (page: Page): Promise<string> =>
  page.evaluate(() => {
    const el = document.activeElement;
    return el ? `${el.tagName.toLowerCase()}: ${el.textContent?.trim() ?? ''}` : 'none';
  });

describe('focus on navigation', () => {
  const demo = useDemoHost();

  it('offers the skip link first and moves focus to each new screen heading', async () => {
    const page = await demo.browser.newPage();
    await signInToDemo(page, demo.host);
    await expect.poll(() => focused(page), { timeout: 20_000 }).toBe('h1: Today');

    // A page just loaded keeps focus at its start: the first Tab reaches the skip link, and Enter goes to the heading.
    await page.reload();
    await page.getByRole('heading', { name: 'Today', level: 1 }).waitFor({ timeout: 20_000 });
    expect(await focused(page)).toMatch(/^body/);
    await page.keyboard.press('Tab');
    await expect.poll(() => focused(page)).toBe('a: Skip to main content');
    expect(await page.getByRole('link', { name: 'Skip to main content' }).isVisible()).toBe(true);
    await page.keyboard.press('Enter');
    await expect.poll(() => focused(page)).toBe('h1: Today');

    await openCourse(page, 'PSYC-101-F26');
    await expect.poll(() => focused(page)).toBe('h1: PSYC-101-F26: meetings');
    await waitForMeetings(page);

    // A section of the course (loaded when first opened), then a top tab.
    await page.getByRole('button', { name: 'Content', exact: true }).click();
    await expect.poll(() => focused(page), { timeout: 20_000 }).toBe('h1: PSYC-101-F26: Content');
    await page.getByRole('navigation', { name: 'Rollbook' }).getByRole('button', { name: 'Calendar' }).click();
    await expect.poll(() => focused(page), { timeout: 20_000 }).toBe('h1: Calendar');

    // A roll call from the meetings list, and back.
    await page.getByRole('navigation', { name: 'Rollbook' }).getByRole('button', { name: 'Courses' }).click();
    await expect.poll(() => focused(page)).toBe('h1: My courses');
    await openCourse(page, 'PSYC-101-F26');
    await waitForMeetings(page);
    await page.getByRole('button', { name: /^Take roll: / }).first().click();
    await expect.poll(() => page.getByTestId('student-row').count(), { timeout: 20_000 }).toBeGreaterThan(5);
    await expect.poll(() => focused(page)).toMatch(/^h1: Roll call: /);
    await page.getByRole('button', { name: '← PSYC-101-F26 meetings' }).click();
    await expect.poll(() => focused(page)).toBe('h1: PSYC-101-F26: meetings');
    await page.close();
  });
});
