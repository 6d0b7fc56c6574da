import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { createMeetingAndTakeRoll, openCourse, signInToDemo, useDemoHost } from '../support/roll-call-ui';

/**
 * The roll call's list reaches past the bottom of the window when the page above it takes room
 * (the counts, the seating order, the search). An instructor who clicks the first student and
 * types P, P, P... must still see the student the next key marks: the page follows the active
 * student down, as it would a focused element.
 */

/** Where the active student's row is, against the window. */
const activeRow = (page: Page): Promise<{ top: number; bottom: number; innerHeight: number; scrollY: number; name: string }> =>
  page.evaluate(() => {
    const list = document.querySelector('[role="grid"]')!;
    const row = document.getElementById(list.getAttribute('aria-activedescendant') ?? '')!;
    const box = row.getBoundingClientRect();
    return { top: box.top, bottom: box.bottom, innerHeight, scrollY, name: row.querySelector('.name')?.textContent ?? '' };
  });

for (const [width, height] of [
  [1280, 800],
  [360, 740],
] as const) {
  describe(`roll call at ${width} x ${height} px`, () => {
    // A host of its own: a second page on a signed-in host opens signed in.
    const demo = useDemoHost();

    it('keeps the active student in the window: the page follows the keys down the list', async () => {
      const page = await demo.browser.newPage({ viewport: { width, height } });
      await signInToDemo(page, demo.host);
      await openCourse(page, 'PSYC-101-F26');
      await createMeetingAndTakeRoll(page, { title: `E2E follow ${width}`, date: '2026-12-01', start: '09:00', end: '10:00' });
      // The list starts in the window and ends below it: the case this is about.
      const list = await page.getByTestId('roll-call-list').boundingBox();
      expect(list!.y).toBeLessThan(height);
      expect(list!.y + list!.height).toBeGreaterThan(height);

      // Clicking may itself scroll a little (the first row whole in view, a notice above settling):
      // the page must then keep following from wherever it stands.
      await page.getByTestId('student-row').first().locator('.name').click();
      const scrolledAtStart = await page.evaluate(() => scrollY);
      for (let i = 0; i < 15; i++) {
        await page.keyboard.press('p');
        // After every key, the student the next key marks is whole in the window.
        const row = await activeRow(page);
        expect(row.top, `key ${i + 1}: ${row.name}`).toBeGreaterThanOrEqual(0);
        expect(row.bottom, `key ${i + 1}: ${row.name}`).toBeLessThanOrEqual(row.innerHeight);
      }
      await expect.poll(() => page.getByTestId('counts').textContent()).toContain('15 present');
      expect((await activeRow(page)).scrollY).toBeGreaterThan(scrolledAtStart);
      await page.close();
    });
  });
}
