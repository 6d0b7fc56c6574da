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
    await expect.poll(() => row.getByText(/waiting to sync/).count(), { timeout: 20_000 }).toBe(0);

    const del = row.getByRole('button', { name: `Delete ${title}`, exact: true });
    await del.click();
    const dialog = page.getByRole('alertdialog');
    await expect.poll(() => dialog.getByRole('heading').textContent()).toBe('Delete this meeting?');
    await expect.poll(() => dialog.textContent()).toContain(title);
    expect(await axeViolations(page)).toEqual([]);
    await saveScreen(page, 'confirm-dialog-1280');

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

  it('gives every button on the visited screens the design system look', async () => {
    const page = await demo.browser.newPage();
    // Signed in by the first test: the host keeps the session.
    await openRollbook(page, demo.host);
    await expect.poll(() => page.getByRole('button', { name: /PSYC-101-F26/ }).count(), { timeout: 20_000 }).toBe(1);
    const undesigned: Record<string, string[]> = {};
    const visit = async (screen: string): Promise<void> => {
      const found = await undesignedButtons(page);
      if (found.length > 0) undesigned[screen] = found;
    };
    await visit('courses');
    await openCourse(page, 'PSYC-101-F26');
    await waitForMeetings(page);
    await visit('meetings');
    expect(undesigned).toEqual({});
    await page.close();
  });
});
