import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openRollbook } from '../support/browser';
import { startApp, WAIT } from '../support/content-ui';
import { openCourse, useDemoHost } from '../support/roll-call-ui';
import { chooseLanguage, go, pageLanguage, screenWords, untranslated, usePseudoLocale } from '../support/language-ui';
import { checkScreen } from '../support/screen-check';

/**
 * The screen's language: chosen in Settings (the window reloads, the choice is kept), the
 * announcements screens in Spanish and Arabic (right to left, axe clean at 1280 and 390 px, light
 * and dark), and the pseudo-locale catching a word left in English or a box too narrow for a longer
 * language. Screens not yet moved to the catalogue still speak English; their guard comes with them.
 */

/** A course's announcements, by its tab's name in the screen's language. */
async function courseAnnouncements(page: Page, tab: string | RegExp): Promise<void> {
  await go(page, '#/today');
  await openCourse(page, 'PSYC-101-F26');
  await page.getByRole('navigation', { name: /PSYC-101-F26/ }).getByRole('button', { name: tab }).click();
  await expect.poll(() => page.getByRole('heading', { name: 'Welcome to Introduction to Psychology' }).count(), WAIT).toBe(1);
}

describe('languages', () => {
  const demo = useDemoHost();

  it('follows the browser, then the choice in Settings: Spanish, then Arabic right to left', async () => {
    const context = await demo.browser.newContext({ locale: 'en-US' });
    const page = await context.newPage();
    await startApp(page, demo);
    expect(await pageLanguage(page)).toEqual({ lang: 'en', dir: 'ltr' });

    await chooseLanguage(page, 'es');
    await expect.poll(() => page.getByRole('heading', { name: 'Idioma', exact: true }).count(), WAIT).toBe(1);
    expect(await pageLanguage(page)).toEqual({ lang: 'es', dir: 'ltr' });
    await go(page, '#/announcements');
    await expect.poll(() => page.getByRole('heading', { name: 'Anuncios', level: 1 }).count(), WAIT).toBe(1);
    await expect.poll(() => page.getByRole('heading', { name: 'Welcome to Northfield Learn' }).count(), WAIT).toBe(1);
    expect(await page.getByRole('button', { name: 'Nuevo anuncio' }).count()).toBe(1);
    // Learn's own words stay as Learn wrote them; Rollbook's around them are Spanish.
    expect(await page.getByRole('group', { name: 'Cambiar «Welcome to Northfield Learn»' }).count()).toBe(1);

    await chooseLanguage(page, 'ar');
    await expect.poll(() => pageLanguage(page), WAIT).toEqual({ lang: 'ar', dir: 'rtl' });
    await go(page, '#/announcements');
    await expect.poll(() => page.getByRole('heading', { name: 'الإعلانات', level: 1 }).count(), WAIT).toBe(1);
    // The frame speaks Arabic too: the tabs, and the status bar's count in its own plural form.
    expect(await page.getByRole('navigation', { name: 'Rollbook' }).getByRole('button', { name: 'اليوم' }).count()).toBe(1);
    await expect.poll(() => page.getByRole('region', { name: 'حالة المزامنة' }).getByTestId('waiting').textContent(), WAIT).toMatch(/بالانتظار$/);
    await courseAnnouncements(page, 'الإعلانات');
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

  it('in the pseudo-locale, every word of the frame on Today (header, tabs, status bar) and of a course’s announcements and its form comes from the catalogue and fits at 390 px', async () => {
    const context = await demo.browser.newContext({ locale: 'en-US', viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await startApp(page, demo);
    await usePseudoLocale(page);
    // The frame on Today: the header, the tabs, the status bar and its words, at 390 px.
    await go(page, '#/today');
    await page.getByTestId('waiting').waitFor();
    const frame = [...(await screenWords(page, 'header.bar', { withTabs: true })), ...(await screenWords(page, '[role="region"][aria-label^="⟦"]', { withTabs: true })), ...(await screenWords(page, 'nav.app-tabs', { withTabs: true }))];
    expect(frame.length).toBeGreaterThan(3);
    expect(frame.filter((w) => /[a-z]{2}/i.test(w.text) && !w.text.includes('⟦') && w.text !== 'Rollbook')).toEqual([]);
    expect(frame.filter((w) => w.clipped)).toEqual([]);
    await courseAnnouncements(page, /^⟦Áññöüñçéméñtš/);
    await page.getByRole('button', { name: /^⟦Ñéw/ }).click();

    const words = await screenWords(page, ':is(main, main *):has(> h1)');
    expect(words.length).toBeGreaterThan(10);
    // Punctuation between messages (" · ", brackets around a mark) is not a word.
    expect(untranslated(words)).toEqual([]);
    expect(words.filter((w) => w.clipped)).toEqual([]);
    await context.close();
  });
});

// Its own host: the other tests leave the demo signed in, and this one starts before sign-in.
describe('the first screen', () => {
  const demo = useDemoHost();

  it('opens in the browser’s language before anyone signs in, and the first screen has every word from the catalogue', async () => {
    const context = await demo.browser.newContext({ locale: 'es-ES' });
    const page = await context.newPage();
    await openRollbook(page, demo.host);
    await expect.poll(() => page.getByRole('button', { name: 'Iniciar sesión en la demostración' }).count(), WAIT).toBe(1);
    expect(await pageLanguage(page)).toEqual({ lang: 'es', dir: 'ltr' });
    expect(await page.getByLabel('Dirección del sitio de Learn').count()).toBe(1);
    // Submitted empty: the form's own message, in Spanish, beside the field.
    await page.getByRole('button', { name: 'Iniciar sesión con su navegador' }).click();
    await expect.poll(() => page.getByText('Escriba la dirección de su sitio de Learn, por ejemplo learn.universidad.es.').count(), WAIT).toBe(1);
    await checkScreen(page, 'sign-in-spanish');

    await usePseudoLocale(page);
    await expect.poll(() => page.getByRole('button', { name: /^⟦Šígñ íñ tö/ }).count(), WAIT).toBe(1);
    const words = await screenWords(page, 'main');
    expect(words.length).toBeGreaterThan(10);
    expect(untranslated(words)).toEqual([]);
    await context.close();
  });
});
