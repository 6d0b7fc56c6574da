import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openRollbook } from '../support/browser';
import { answerConfirm, saveScreen, undesignedButtons } from '../support/design-ui';
import { checkScreen } from '../support/screen-check';
import { createMeeting, createMeetingAndTakeRoll, openCourse, signInToDemo, useDemoHost, waitForMeetings } from '../support/roll-call-ui';

/**
 * The design system in Chromium, under the real CSP:
 * - the confirmation dialog: Escape answers no and gives focus back to the button that asked,
 *   the confirm button answers yes; no CSP violation from bits-ui; 0 axe violations while open;
 * - every button on the screens visited wears the design system's class (no default control).
 */
async function watchViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  await page.exposeFunction('reportViolation', (v: string) => violations.push(v));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      (window as unknown as { reportViolation(v: string): void }).reportViolation(`${e.effectiveDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`);
    });
  });
  return violations;
}

describe('the design system', () => {
  const demo = useDemoHost();

  it('asks before deleting a meeting: Escape keeps it and returns focus, the confirm button deletes it', async () => {
    const page = await demo.browser.newPage();
    const violations = await watchViolations(page);
    await signInToDemo(page, demo.host);
    await openCourse(page, 'PSYC-101-F26');
    await waitForMeetings(page);
    const title = 'Design check: to delete';
    await createMeeting(page, { title, date: '2026-12-01', start: '10:00', end: '11:00' });
    const row = page.getByRole('listitem').filter({ has: page.getByRole('button', { name: `Take roll: ${title}` }) });
    await expect.poll(() => row.count()).toBe(1);
    // Sent to Learn first: the row keeps its buttons from then on, so focus has one to return to.
    await expect.poll(() => row.getByText(/waiting to sync/).count(), { timeout: 20_000 }).toBe(0);

    const del = row.getByRole('button', { name: `Delete ${title}`, exact: true });
    await del.click();
    const dialog = page.getByRole('alertdialog');
    await expect.poll(() => dialog.getByRole('heading').textContent()).toBe('Delete this meeting?');
    await expect.poll(() => dialog.textContent()).toContain(title);
    await checkScreen(page, 'delete-meeting-dialog');

    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.count()).toBe(0);
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent?.trim())).toBe(`Delete ${title}`);
    await expect.poll(() => del.evaluate((b) => b === document.activeElement)).toBe(true);
    expect(await row.count()).toBe(1);

    await del.click();
    await answerConfirm(page, 'Delete meeting');
    await expect.poll(() => row.count()).toBe(0);
    expect(violations).toEqual([]);
    await page.close();
  });

  /**
   * Checks the screen as it is: buttons without the design's class, then the screen check (axe at
   * 1280 and 390 px, light and dark, and plain words; pictured with ROLLBOOK_SCREENSHOTS). With
   * `check: 'none'` it is only pictured, in both schemes at both widths (.test-results/screens/).
   */
  async function visit(page: Page, screen: string, found: Record<string, string[]>, check: 'screen' | 'none' = 'screen'): Promise<void> {
    const undesigned = await undesignedButtons(page);
    if (undesigned.length > 0) found[`${screen}: buttons without the design`] = undesigned;
    if (check === 'screen') {
      try {
        await checkScreen(page, screen);
      } catch (problem) {
        found[`${screen}: screen check`] = [problem instanceof Error ? problem.message : String(problem)];
      }
      return;
    }
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      // Buttons ease into the new scheme's colours: picture them once they are there.
      await page.evaluate(() => Promise.all(document.getAnimations().filter((a) => a instanceof CSSTransition).map((a) => a.finished)));
      for (const width of [1280, 390]) {
        await page.setViewportSize({ width, height: 900 });
        await saveScreen(page, `${screen}-${scheme}-${width}`);
      }
    }
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.emulateMedia({ colorScheme: 'light' });
  }

  /** Opens the app (signed in by the first test: the host keeps the session) and PSYC-101's meetings. */
  async function openPsyc(): Promise<Page> {
    const page = await demo.browser.newPage({ viewport: { width: 1280, height: 900 } });
    await openRollbook(page, demo.host);
    await openCourse(page, 'PSYC-101-F26');
    await waitForMeetings(page);
    return page;
  }
  const tab = (page: Page, name: string) => page.getByRole('button', { name, exact: true }).click();
  const heading = (page: Page, name: RegExp) => expect.poll(() => page.getByRole('heading', { name }).count(), { timeout: 20_000 }).toBeGreaterThan(0);

  it('designs the Today, courses and meetings screens', async () => {
    const found: Record<string, string[]> = {};
    const page = await openPsyc();
    await visit(page, 'meetings', found);
    await page.getByRole('button', { name: '← Today' }).click();
    await heading(page, /Today/);
    await visit(page, 'today', found);
    await tab(page, 'Courses');
    await heading(page, /My courses/);
    await visit(page, 'courses', found);
    expect(found).toEqual({});
    await page.close();
  });

  it('designs the roll call', async () => {
    const found: Record<string, string[]> = {};
    const page = await openPsyc();
    await createMeetingAndTakeRoll(page, { title: 'Design check: roll call', date: '2026-12-02', start: '10:00', end: '11:00' });
    // A marked student, so a chosen status key is on the screen too.
    await page.getByTestId('student-row').first().focus();
    await page.keyboard.press('p');
    await expect.poll(() => page.getByTestId('student-status').first().textContent()).toBe('Present');
    // Pictured from the top, where the search, the bulk buttons and the seating order are.
    await page.evaluate(() => window.scrollTo(0, 0));
    await visit(page, 'roll-call-marked', found);
    expect(found).toEqual({});
    await page.close();
  });

  it('designs the report screen', async () => {
    const found: Record<string, string[]> = {};
    const page = await openPsyc();
    await tab(page, 'Report & export');
    await expect.poll(() => page.getByRole('button', { name: 'Export grid' }).isEnabled(), { timeout: 30_000 }).toBe(true);
    // No axe here: on the report's table of every student it outlasts the test under load;
    // report-pictures.test.ts and the accessibility gate cover the report's axe.
    await visit(page, 'report', found, 'none');
    expect(found).toEqual({});
    await page.close();
  });

  it('designs the import screen', async () => {
    const found: Record<string, string[]> = {};
    const page = await openPsyc();
    await tab(page, 'Import CSV');
    await page.getByLabel('CSV, text or Learn .xls file').waitFor();
    await visit(page, 'import', found);
    expect(found).toEqual({});
    await page.close();
  });

  it('designs the content and accessibility screens', async () => {
    const found: Record<string, string[]> = {};
    const page = await openPsyc();
    await tab(page, 'Content');
    await heading(page, /content/i);
    await visit(page, 'content', found);
    await tab(page, 'Accessibility');
    await heading(page, /ccessibility/);
    await visit(page, 'accessibility', found);
    expect(found).toEqual({});
    await page.close();
  });

  it('designs the calendar, announcements and settings screens', async () => {
    const found: Record<string, string[]> = {};
    const page = await demo.browser.newPage({ viewport: { width: 1280, height: 900 } });
    await openRollbook(page, demo.host);
    await tab(page, 'Calendar');
    await page.getByRole('button', { name: 'New event' }).waitFor();
    await visit(page, 'calendar', found);
    await tab(page, 'Announcements');
    await heading(page, /Announcements/);
    await visit(page, 'announcements', found);
    await tab(page, 'Settings');
    await heading(page, /Settings/);
    await visit(page, 'settings', found);
    expect(found).toEqual({});
    await page.close();
  });
});
