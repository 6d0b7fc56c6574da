import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { startApp, WAIT } from '../support/content-ui';
import { chooseLanguage, go, pageLanguage, screenWords, untranslated, usePseudoLocale } from '../support/language-ui';
import { createMeetingAndTakeRoll, openCourse, useDemoHost } from '../support/roll-call-ui';
import { checkScreen } from '../support/screen-check';

/**
 * The roll call in Arabic (right to left) and German (the longest): its words translated, the
 * P/A/L/E keys still the keys, axe clean at 1280 and 390 px, light and dark, with screenshots; and
 * in the pseudo-locale every word of the roll call, its key and options, the card reader and the
 * roll sheet comes from the catalogue and fits at 390 px. The roll is opened in English (the
 * meetings screen is not what is checked here), then the language changes and the roll call is
 * opened again by its address.
 */
async function rollCall(page: Page, hash: string, heading: RegExp): Promise<void> {
  await go(page, hash);
  await expect.poll(() => page.getByRole('heading', { level: 1, name: heading }).count(), WAIT).toBe(1);
  await expect.poll(() => page.getByTestId('student-row').count(), WAIT).toBeGreaterThan(3);
}

const statusOfRow = (page: Page, n: number) => page.getByTestId('student-row').nth(n).getByTestId('student-status').textContent();

describe('the roll call in other languages', () => {
  const demo = useDemoHost();

  it('in Arabic mirrored and in German: translated words, the letter keys still mark, axe clean at 1280 and 390 px', async () => {
    const context = await demo.browser.newContext({ locale: 'en-US' });
    const page = await context.newPage();
    await startApp(page, demo);
    await openCourse(page, 'PSYC-101-F26');
    await createMeetingAndTakeRoll(page, { title: 'E2E roll in languages', date: '2026-12-01', start: '09:00', end: '10:00' });
    const hash = await page.evaluate(() => location.hash);

    await chooseLanguage(page, 'ar');
    await expect.poll(() => pageLanguage(page), WAIT).toEqual({ lang: 'ar', dir: 'rtl' });
    await rollCall(page, hash, /^الحضور: E2E roll in languages$/);
    // The keys are the letters on the keyboard in every language: P marks the active student present.
    await page.getByTestId('roll-call-list').focus();
    await page.keyboard.press('p');
    await expect.poll(() => statusOfRow(page, 0), WAIT).toBe('حاضر');
    await page.keyboard.press('l');
    await expect.poll(() => statusOfRow(page, 1), WAIT).toBe('متأخر');
    await expect.poll(() => page.getByTestId('counts').textContent(), WAIT).toMatch(/^\S+ حاضر، \S+ غائب، \S+ متأخر، \S+ بعذر، \S+ غير مسجّل$/);
    // The buttons show the key's letter and are named in Arabic.
    const first = page.getByTestId('student-row').first().locator('xpath=..');
    expect(await first.getByRole('button', { name: /^حاضر: / }).textContent()).toBe('P');
    // Right to left: the student's name starts at the right of the row, the buttons beside it on the left.
    const name = (await page.getByTestId('student-row').first().locator('.name').boundingBox())!;
    const late = (await first.getByRole('button', { name: /^متأخر: / }).boundingBox())!;
    expect(late.x).toBeLessThan(name.x);
    await checkScreen(page, 'roll-call-arabic');

    await chooseLanguage(page, 'de');
    await rollCall(page, hash, /^Anwesenheit: E2E roll in languages$/);
    await expect.poll(() => statusOfRow(page, 1), WAIT).toBe('Verspätet');
    await expect.poll(() => page.getByTestId('counts').textContent(), WAIT).toMatch(/^1 anwesend, 0 abwesend, 1 verspätet, 0 entschuldigt, \d+ nicht erfasst$/);
    await checkScreen(page, 'roll-call-german');
    await context.close();
  }, 360_000);

  it('in the pseudo-locale, every word of the roll call, its options, the card reader and the roll sheet comes from the catalogue and fits at 390 px', async () => {
    const context = await demo.browser.newContext({ locale: 'en-US', viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await startApp(page, demo);
    await openCourse(page, 'PSYC-101-F26');
    await createMeetingAndTakeRoll(page, { title: 'E2E roll in pseudo', date: '2026-12-02', start: '09:00', end: '10:00' });
    const hash = await page.evaluate(() => location.hash);
    // A marked student shows the status word.
    await page.getByTestId('student-row').first().locator('xpath=..').getByRole('button').nth(2).click();
    await expect.poll(() => statusOfRow(page, 0), WAIT).toBe('Late');

    await usePseudoLocale(page);
    await rollCall(page, hash, /^⟦Röll çáll: E2E roll in pseudo/);
    const check = async (least: number) => {
      const words = await screenWords(page, 'main');
      expect(words.length).toBeGreaterThan(least);
      expect(untranslated(words)).toEqual([]);
      expect(words.filter((w) => w.clipped)).toEqual([]);
    };
    await check(5);
    expect(await statusOfRow(page, 0)).toMatch(/^⟦Láté/);

    await page.getByTestId('roll-call-more').click();
    await expect.poll(() => page.getByTestId('seating-order').isVisible(), WAIT).toBe(true);
    await check(10);

    await page.locator('button[aria-pressed]').first().click();
    await page.getByTestId('scan-cards').waitFor();
    await page.getByTestId('scan-field').fill('no-such-card');
    await page.getByTestId('scan-field').press('Enter');
    await page.getByTestId('scan-unknown').waitFor();
    await check(15);

    await page.getByTestId('roll-sheet-open').click();
    await page.getByTestId('roll-sheet').waitFor();
    await check(8);
    await context.close();
  }, 360_000);
});
