import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { startApp, WAIT } from '../support/content-ui';
import { chooseLanguage, go, pageLanguage, screenWords, untranslated, usePseudoLocale } from '../support/language-ui';
import { openCourse, useDemoHost } from '../support/roll-call-ui';
import { checkScreen } from '../support/screen-check';

/**
 * The Ally screens and Help in other languages: in the pseudo-locale every word of the overview, a
 * PDF's report, the alternative formats and a Help page comes from the catalogue (or the language's
 * Help pages) and fits at 390 px; in Arabic (right to left) and German (the longest) they are axe
 * clean at 1280 and 390 px, light and dark, with screenshots. Reached by address, as the words of
 * the course's tabs differ by language. Words the report shows from parts not yet moved (the status
 * bar's note, the frame) are outside `main`.
 */
const LONG = { timeout: 30_000 };

/** The course's Accessibility section, through the course's own address. */
async function overview(page: Page): Promise<void> {
  await go(page, '#/today');
  await openCourse(page, 'PSYC-101-F26');
  await expect.poll(() => page.evaluate(() => location.hash), WAIT).toMatch(/^#\/courses\/[^/]+\//);
  await page.evaluate(() => (location.hash = location.hash.replace(/^(#\/courses\/[^/]+)\/.*$/, '$1/accessibility')));
  // Read from Ally: the files with their scores, and no read under way.
  await expect.poll(() => page.locator('[data-testid="ally-file"][data-score]:not([data-score=""])').count(), LONG).toBeGreaterThanOrEqual(4);
  await expect.poll(() => page.locator('main progress').count(), LONG).toBe(0);
}

/** A PDF's report, with its alternative formats. */
async function report(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Week 1 - What is Psychology.pdf' }).click();
  await expect.poll(() => page.getByTestId('ally-check').count(), LONG).toBeGreaterThan(0);
  await expect.poll(() => page.locator('#formats-heading').count(), LONG).toBe(1);
}

async function help(page: Page): Promise<void> {
  await go(page, '#/help/sync-words');
  await expect.poll(() => page.getByTestId('help-page').getAttribute('data-page'), LONG).toBe('sync-words');
}

async function wordsFit(page: Page, least: number): Promise<void> {
  const words = await screenWords(page, 'main');
  expect(words.length).toBeGreaterThan(least);
  expect(untranslated(words)).toEqual([]);
  expect(words.filter((w) => w.clipped)).toEqual([]);
}

describe('Ally and Help in other languages', () => {
  const demo = useDemoHost();

  it('in the pseudo-locale, every word of the Ally overview, a report, its formats and a Help page comes from the catalogue and fits at 390 px', { timeout: 240_000 }, async () => {
    const context = await demo.browser.newContext({ locale: 'en-US', viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await startApp(page, demo);
    await usePseudoLocale(page);

    await overview(page);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent(), WAIT).toMatch(/⟦/);
    await wordsFit(page, 20);

    await report(page);
    await wordsFit(page, 30);
    // Each format's name is Ally's (HTML, ePub); what it is, and the button, are the screen's words.
    expect(await page.locator('section:has(#formats-heading) button[type="submit"]').textContent()).toMatch(/^⟦.*HTML.*⟧$/);

    await help(page);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent(), WAIT).toMatch(/^⟦/);
    await wordsFit(page, 10);
    await context.close();
  });

  it('the Ally overview, a report and a Help page: in Arabic mirrored, in German, axe clean at 1280 and 390 px', { timeout: 300_000 }, async () => {
    const context = await demo.browser.newContext({ locale: 'en-US' });
    const page = await context.newPage();
    await startApp(page, demo);

    await chooseLanguage(page, 'ar');
    await expect.poll(() => pageLanguage(page), WAIT).toEqual({ lang: 'ar', dir: 'rtl' });
    await overview(page);
    expect(await page.getByRole('columnheader', { name: 'الملف' }).count()).toBe(1);
    await checkScreen(page, 'ally-overview-arabic');
    await report(page);
    expect(await page.getByRole('heading', { name: 'التنسيقات البديلة', level: 2 }).count()).toBe(1);
    await checkScreen(page, 'ally-report-arabic');
    await help(page);
    expect(await page.getByRole('heading', { name: 'بالانتظار، وللحل، وتعذّر إرساله', level: 1 }).count()).toBe(1);
    await checkScreen(page, 'help-page-arabic');

    await chooseLanguage(page, 'de');
    await overview(page);
    expect(await page.getByRole('columnheader', { name: 'Datei' }).count()).toBe(1);
    await checkScreen(page, 'ally-overview-german');
    await report(page);
    expect(await page.getByRole('heading', { name: 'Alternative Formate', level: 2 }).count()).toBe(1);
    await checkScreen(page, 'ally-report-german');
    await help(page);
    expect(await page.getByRole('heading', { name: 'Wartend, zu klären und nicht gesendet', level: 1 }).count()).toBe(1);
    await checkScreen(page, 'help-page-german');
    await context.close();
  });
});
