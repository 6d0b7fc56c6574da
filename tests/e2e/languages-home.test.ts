import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { startApp, WAIT } from '../support/content-ui';
import { chooseLanguage, go, pageLanguage, screenWords, untranslated, usePseudoLocale } from '../support/language-ui';
import { useDemoHost } from '../support/roll-call-ui';
import { checkScreen } from '../support/screen-check';

/**
 * Today and Settings in Arabic (right to left) and German (the longest): axe clean at 1280 and 390
 * px, light and dark, with screenshots; and in the pseudo-locale every word of them comes from the
 * catalogue and fits at 390 px. Words they show from parts not yet moved (a meeting's state, when
 * the next one is, the request budget's sentence, the help links) are left out until their part moves.
 */
const NOT_MOVED = '[data-testid="meeting-state"], [data-testid="next-when"], [data-testid="request-budget"], .help-link';

async function settings(page: Page, heading: string | RegExp): Promise<void> {
  await go(page, '#/settings');
  await expect.poll(() => page.getByRole('heading', { name: heading, level: 1 }).count(), WAIT).toBe(1);
  // The site check answers after the screen opens: wait for its verdicts, so axe and the words see them.
  await expect.poll(() => page.getByTestId('feature-check').count(), WAIT).toBeGreaterThan(0);
}

async function today(page: Page, heading: string | RegExp): Promise<void> {
  await go(page, '#/today');
  await expect.poll(() => page.getByRole('heading', { name: heading, level: 1 }).count(), WAIT).toBe(1);
  await expect.poll(() => page.getByRole('button', { name: /PSYC-101-F26/ }).count(), WAIT).toBeGreaterThan(0);
}

describe('Today and Settings in other languages', () => {
  const demo = useDemoHost();

  it('Today and Settings: in Arabic mirrored, in German, axe clean at 1280 and 390 px', async () => {
    const context = await demo.browser.newContext({ locale: 'en-US' });
    const page = await context.newPage();
    await startApp(page, demo);

    await chooseLanguage(page, 'ar');
    await expect.poll(() => pageLanguage(page), WAIT).toEqual({ lang: 'ar', dir: 'rtl' });
    await today(page, 'اليوم');
    expect(await page.getByRole('heading', { name: 'مقرراتك', level: 2 }).count()).toBe(1);
    // Right to left: the heading starts at the right edge of the page.
    const box = await page.getByRole('heading', { name: 'اليوم', level: 1 }).boundingBox();
    expect(box && box.x + box.width).toBeGreaterThan((page.viewportSize()?.width ?? 1280) / 2);
    await checkScreen(page, 'today-arabic');
    await settings(page, 'الإعدادات');
    await checkScreen(page, 'settings-arabic');

    await chooseLanguage(page, 'de');
    await today(page, 'Heute');
    expect(await page.getByRole('heading', { name: 'Ihre Kurse', level: 2 }).count()).toBe(1);
    await checkScreen(page, 'today-german');
    await settings(page, 'Einstellungen');
    await checkScreen(page, 'settings-german');
    await context.close();
  });

  it('in the pseudo-locale, every word of Today and Settings comes from the catalogue and fits at 390 px', async () => {
    const context = await demo.browser.newContext({ locale: 'en-US', viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await startApp(page, demo);
    await usePseudoLocale(page);
    await today(page, /^⟦Tödáý/);
    const words = await screenWords(page, 'main', { notMoved: NOT_MOVED });
    expect(words.length).toBeGreaterThan(10);
    expect(untranslated(words)).toEqual([]);
    expect(words.filter((w) => w.clipped)).toEqual([]);

    await settings(page, /^⟦Šéttíñgš/);
    const settingsWords = await screenWords(page, 'main', { notMoved: NOT_MOVED });
    expect(settingsWords.length).toBeGreaterThan(20);
    expect(untranslated(settingsWords)).toEqual([]);
    expect(settingsWords.filter((w) => w.clipped)).toEqual([]);
    await context.close();
  });
});
