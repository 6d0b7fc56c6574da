import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeViolations } from '../support/axe';
import { openRollbook } from '../support/browser';
import { answerConfirm, saveScreen, undesignedButtons } from '../support/design-ui';
import { createMeeting, openCourse, signInToDemo, useDemoHost, waitForMeetings } from '../support/roll-call-ui';

/**
 * The design system in Chromium, under the real CSP (issue 18, item 1):
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
    await expect.poll(() => row.getByText('not yet in Learn').count(), { timeout: 20_000 }).toBe(0);

    const del = row.getByRole('button', { name: 'Delete', exact: true });
    await del.click();
    const dialog = page.getByRole('alertdialog');
    await expect.poll(() => dialog.getByRole('heading').textContent()).toBe('Delete this meeting?');
    await expect.poll(() => dialog.textContent()).toContain(title);
    expect(await axeViolations(page)).toEqual([]);
    await saveScreen(page, 'confirm-dialog-1280');

    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.count()).toBe(0);
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent?.trim())).toBe('Delete');
    await expect.poll(() => del.evaluate((b) => b === document.activeElement)).toBe(true);
    expect(await row.count()).toBe(1);

    await del.click();
    await answerConfirm(page, 'Delete meeting');
    await expect.poll(() => row.count()).toBe(0);
    expect(violations).toEqual([]);
    await page.close();
  });

  it('gives every button on every screen the design system look, in light and dark, wide and narrow, with 0 axe violations', async () => {
    const page = await demo.browser.newPage();
    // Signed in by the first test: the host keeps the session.
    await openRollbook(page, demo.host);
    await expect.poll(() => page.getByRole('button', { name: /PSYC-101-F26/ }).count(), { timeout: 20_000 }).toBe(1);
    const undesigned: Record<string, string[]> = {};
    const axe: Record<string, string[]> = {};
    /** Checks the screen as it is, and saves it in both schemes at both widths. */
    const visit = async (screen: string, ready: () => Promise<unknown>): Promise<void> => {
      await ready();
      const found = await undesignedButtons(page);
      if (found.length > 0) undesigned[screen] = found;
      for (const scheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme: scheme });
        for (const width of [1280, 390]) {
          await page.setViewportSize({ width, height: 900 });
          const violations = await axeViolations(page);
          if (violations.length > 0) axe[`${screen} ${scheme} ${width}`] = violations;
          await saveScreen(page, `${screen}-${scheme}-${width}`);
        }
      }
      await page.setViewportSize({ width: 1280, height: 900 });
      await page.emulateMedia({ colorScheme: 'light' });
    };
    const tab = (name: string) => page.getByRole('button', { name, exact: true }).click();
    const heading = (name: RegExp) => expect.poll(() => page.getByRole('heading', { name }).count(), { timeout: 20_000 }).toBeGreaterThan(0);

    await visit('courses', () => heading(/My courses/));
    await openCourse(page, 'PSYC-101-F26');
    await visit('meetings', () => waitForMeetings(page));
    await tab('Report & export');
    await visit('report', () => expect.poll(() => page.getByRole('button', { name: 'Export grid' }).isEnabled(), { timeout: 30_000 }).toBe(true));
    await tab('Import CSV');
    await visit('import', () => page.getByLabel('CSV, text or Learn .xls file').waitFor());
    await tab('Content');
    await visit('content', () => heading(/content/i));
    await tab('Accessibility');
    await visit('accessibility', () => heading(/ccessibility/));
    await tab('Calendar');
    await visit('calendar', () => page.getByRole('button', { name: 'New event' }).waitFor());
    await tab('Announcements');
    await visit('announcements', () => heading(/Announcements/));
    await tab('Settings');
    await visit('settings', () => heading(/Settings/));
    expect(undesigned).toEqual({});
    expect(axe).toEqual({});
    await page.close();
  });
});
