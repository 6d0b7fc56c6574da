import { describe, expect, it } from 'vitest';
import { setFaults } from '../integration/learn-support';
import { chooseLanguage, go } from '../support/language-ui';
import { openCourse, signInToDemo, useDemoHost } from '../support/roll-call-ui';
import { checkScreen } from '../support/screen-check';

/**
 * When Learn refuses a read, the screen says in plain words what happened and
 * what to do; Learn's status and its own words are kept behind a closed "Details" disclosure.
 */
describe('a failed call to Learn', () => {
  const demo = useDemoHost();

  it('shows a plain message, with the status only inside Details', async () => {
    const page = await demo.browser.newPage();
    // Learn fails every read of a course's meetings until the test clears the fault. Set before
    // signing in: a read Today finished first would spare the course screen its own read (a read
    // from the last few minutes is not asked again), and the screen would have nothing to report.
    await setFaults(demo.sandbox, { pathPattern: '/meetings$', failNext: { count: 50, method: 'GET', status: 503 } });
    try {
      await signInToDemo(page, demo.host);
      await openCourse(page, 'PSYC-101-F26');
      const note = page.getByRole('status').filter({ hasText: 'Showing the copy saved on this device.' });
      await expect.poll(() => note.textContent(), { timeout: 15_000 }).toContain('Learn did not do it.');
      expect(await note.textContent()).not.toMatch(/503/);

      const details = page.locator('details').filter({ has: page.locator('summary', { hasText: /^Details$/ }) }).first();
      expect(await details.evaluate((d) => (d as HTMLDetailsElement).open)).toBe(false);
      await details.locator('summary').click();
      await expect.poll(() => details.evaluate((d) => (d as HTMLDetailsElement).open)).toBe(true);
      expect(await details.locator('pre').textContent()).toMatch(/503/);
      // Opened, the account wraps inside a phone-sized window instead of scrolling sideways.
      await page.setViewportSize({ width: 360, height: 800 });
      await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await page.setViewportSize({ width: 1280, height: 900 });

      await checkScreen(page, 'Meetings with a Learn failure');
    } finally {
      await setFaults(demo.sandbox, { pathPattern: null, failNext: null });
      await page.close();
    }
  });
});

/** The same failure in Spanish: the host sends its sentence as words, and the screen writes them. */
describe('a failed call to Learn, in the instructor’s language', () => {
  const demo = useDemoHost();

  it('is written in Spanish from the words the host sends, Learn’s status still only in Details', async () => {
    const page = await demo.browser.newPage();
    await setFaults(demo.sandbox, { pathPattern: '/meetings$', failNext: { count: 200, method: 'GET', status: 503 } });
    try {
      await signInToDemo(page, demo.host);
      await chooseLanguage(page, 'es');
      await go(page, '#/today');
      await openCourse(page, 'PSYC-101-F26');
      const note = page.getByRole('status').filter({ hasText: 'Learn no lo hizo.' });
      await expect.poll(() => note.count(), { timeout: 20_000 }).toBeGreaterThan(0);
      const text = (await note.first().textContent()) ?? '';
      expect(text).toContain('Learn tuvo un problema; vuelva a intentarlo más tarde.');
      expect(text).not.toMatch(/did not do it|had a problem|503/);
    } finally {
      await setFaults(demo.sandbox, { pathPattern: null, failNext: null });
      await page.close();
    }
  });
});
