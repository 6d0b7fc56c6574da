import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { startApp, WAIT } from '../support/content-ui';
import { openCourse, useDemoHost } from '../support/roll-call-ui';
import { checkScreen } from '../support/screen-check';

/**
 * The screen's language: chosen in Settings (the window reloads, the choice is kept), the
 * announcements screens in Spanish and Arabic (right to left, axe clean at 1280 and 390 px, light
 * and dark), and the pseudo-locale catching a word left in English or a box too narrow for a longer
 * language. Screens not yet moved to the catalogue still speak English; their guard comes with them.
 */
const go = (page: Page, hash: string) => page.evaluate((h) => (location.hash = h), hash);
const pageLanguage = (page: Page) => page.evaluate(() => ({ lang: document.documentElement.lang, dir: document.documentElement.dir }));

/** A course's announcements (the course's tabs are not in the catalogue yet: their English name). */
async function courseAnnouncements(page: Page): Promise<void> {
  await go(page, '#/today');
  await openCourse(page, 'PSYC-101-F26');
  await page.getByRole('navigation', { name: 'PSYC-101-F26 sections' }).getByRole('button', { name: 'Announcements' }).click();
  await expect.poll(() => page.getByRole('heading', { name: 'Welcome to Introduction to Psychology' }).count(), WAIT).toBe(1);
}

async function choose(page: Page, value: string): Promise<void> {
  await go(page, '#/settings');
  const choice = page.getByTestId('language-choice');
  await choice.waitFor();
  await Promise.all([page.waitForEvent('load'), choice.selectOption(value)]);
}

describe('languages', () => {
  const demo = useDemoHost();

  it('follows the browser, then the choice in Settings: Spanish, then Arabic right to left', async () => {
    const context = await demo.browser.newContext({ locale: 'en-US' });
    const page = await context.newPage();
    await startApp(page, demo);
    expect(await pageLanguage(page)).toEqual({ lang: 'en', dir: 'ltr' });

    await choose(page, 'es');
    await expect.poll(() => page.getByRole('heading', { name: 'Idioma', exact: true }).count(), WAIT).toBe(1);
    expect(await pageLanguage(page)).toEqual({ lang: 'es', dir: 'ltr' });
    await go(page, '#/announcements');
    await expect.poll(() => page.getByRole('heading', { name: 'Anuncios', level: 1 }).count(), WAIT).toBe(1);
    await expect.poll(() => page.getByRole('heading', { name: 'Welcome to Northfield Learn' }).count(), WAIT).toBe(1);
    expect(await page.getByRole('button', { name: 'Nuevo anuncio' }).count()).toBe(1);
    // Learn's own words stay as Learn wrote them; Rollbook's around them are Spanish.
    expect(await page.getByRole('group', { name: 'Cambiar «Welcome to Northfield Learn»' }).count()).toBe(1);

    await choose(page, 'ar');
    await expect.poll(() => pageLanguage(page), WAIT).toEqual({ lang: 'ar', dir: 'rtl' });
    await go(page, '#/announcements');
    await expect.poll(() => page.getByRole('heading', { name: 'الإعلانات', level: 1 }).count(), WAIT).toBe(1);
    await courseAnnouncements(page);
    expect(await page.getByRole('heading', { name: 'إعلانات PSYC-101-F26', level: 1 }).count()).toBe(1);
    await page.getByRole('button', { name: 'إعلان جديد' }).click();
    const form = page.getByRole('form', { name: 'نشر الإعلان' });
    await form.getByLabel('العنوان').fill('لا محاضرة يوم الاثنين');
    // Right to left: the form's first field starts at the right edge of the page's text.
    const box = await form.getByLabel('العنوان').boundingBox();
    const width = page.viewportSize()?.width ?? 1280;
    expect(box && box.x + box.width).toBeGreaterThan(width / 2);
    await checkScreen(page, 'announcements-arabic-form');
    await context.close();
  });

  it('in the pseudo-locale, every word of a course’s announcements and its form comes from the catalogue and fits at 390 px', async () => {
    const context = await demo.browser.newContext({ locale: 'en-US', viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await startApp(page, demo);
    await page.evaluate(() => {
      const kept = JSON.parse(localStorage.getItem('rollbook.preferences') ?? '{}') as Record<string, unknown>;
      localStorage.setItem('rollbook.preferences', JSON.stringify({ ...kept, language: 'en-XA' }));
    });
    await page.reload();
    await courseAnnouncements(page);
    await page.getByRole('button', { name: /^⟦Ñéw/ }).click();

    // The screen's own words: everything inside the screen but Learn's (titles, messages) and the
    // course's tabs (the app's frame, not in the catalogue yet).
    const words = await page.locator('main').evaluate((main) => {
      const screen = main.querySelector('h1')?.parentElement ?? main;
      const learn = (el: Element | null) => el?.closest('.rich-text, .title, [id^="sa-"], [data-testid="waiting-changes"]');
      const out: { text: string; clipped: boolean }[] = [];
      const walker = document.createTreeWalker(screen, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.textContent?.trim() ?? '';
        const el = node.parentElement;
        if (!text || !el || learn(el) || el.closest('nav, [aria-hidden="true"], input, textarea, select, option')) continue;
        if (!el.checkVisibility()) continue;
        out.push({ text, clipped: el.scrollWidth > el.clientWidth + 1 && getComputedStyle(el).overflowX !== 'visible' });
      }
      return out;
    });
    expect(words.length).toBeGreaterThan(10);
    // Punctuation between messages (" · ", brackets around a mark) is not a word.
    expect(words.filter((w) => /[a-z]{2}/i.test(w.text) && !w.text.includes('⟦'))).toEqual([]);
    expect(words.filter((w) => w.clipped)).toEqual([]);
    await context.close();
  });
});
