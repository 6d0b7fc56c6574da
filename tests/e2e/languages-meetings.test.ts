import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { startApp, WAIT } from '../support/content-ui';
import { chooseLanguage, go, pageLanguage, screenWords, untranslated, usePseudoLocale } from '../support/language-ui';
import { openCourse, useDemoHost } from '../support/roll-call-ui';
import { checkScreen } from '../support/screen-check';

/**
 * My courses, a course's meetings and the new meeting's form in Arabic (right to left) and German
 * (the longest): axe clean at 1280 and 390 px, light and dark; and in the pseudo-locale every word
 * of them comes from the catalogue and fits at 390 px.
 */
interface Words {
  courses: string | RegExp;
  meetings: string | RegExp;
  newMeeting: string | RegExp;
}

async function myCourses(page: Page, words: Words): Promise<void> {
  await go(page, '#/courses');
  await expect.poll(() => page.getByRole('heading', { name: words.courses, level: 1 }).count(), WAIT).toBe(1);
  await expect.poll(() => page.getByRole('button', { name: /PSYC-101-F26/ }).count(), WAIT).toBe(1);
}

async function meetings(page: Page, words: Words): Promise<void> {
  await openCourse(page, 'PSYC-101-F26');
  await expect.poll(() => page.getByRole('heading', { name: words.meetings, level: 1 }).count(), WAIT).toBe(1);
  await expect.poll(() => page.getByTestId('meeting-row').count(), WAIT).toBeGreaterThan(5);
  await expect.poll(() => page.getByTestId('meetings').getAttribute('aria-busy'), WAIT).toBeNull();
}

async function newMeeting(page: Page, words: Words): Promise<void> {
  await page.getByRole('button', { name: words.newMeeting }).first().click();
  await expect.poll(() => page.getByRole('dialog', { name: words.newMeeting }).count(), WAIT).toBe(1);
}

describe('my courses and meetings in other languages', () => {
  const demo = useDemoHost();

  it('in Arabic mirrored and in German, axe clean at 1280 and 390 px', async () => {
    const context = await demo.browser.newContext({ locale: 'en-US' });
    const page = await context.newPage();
    await startApp(page, demo);

    await chooseLanguage(page, 'ar');
    await expect.poll(() => pageLanguage(page), WAIT).toEqual({ lang: 'ar', dir: 'rtl' });
    const arabic = { courses: 'مقرراتي', meetings: 'جلسات PSYC-101-F26', newMeeting: 'جلسة جديدة' };
    await myCourses(page, arabic);
    expect(await page.getByRole('heading', { name: 'المقررات السابقة', level: 2 }).count()).toBe(1);
    // Right to left: the heading starts at the right edge of the page.
    const box = await page.getByRole('heading', { name: arabic.courses, level: 1 }).boundingBox();
    expect(box && box.x + box.width).toBeGreaterThan((page.viewportSize()?.width ?? 1280) / 2);
    await checkScreen(page, 'courses-arabic');
    await meetings(page, arabic);
    // A meeting's state and its actions are Arabic; its title stays as Learn has it.
    await expect.poll(() => page.getByTestId('meeting-state').first().textContent(), WAIT).toMatch(/[\u0600-\u06FF]/);
    expect(await page.getByRole('button', { name: /^تعديل / }).count()).toBeGreaterThan(5);
    // Right to left, a row's buttons run from the right: the left arrow goes on from its roll call to Edit.
    await page.getByTestId('meeting-row').first().locator('button[data-roving]').first().focus();
    await page.keyboard.press('ArrowLeft');
    expect(await page.evaluate(() => document.activeElement?.textContent?.trim())).toMatch(/^تعديل/);
    await checkScreen(page, 'meetings-arabic');
    await newMeeting(page, arabic);
    const form = page.getByRole('dialog', { name: arabic.newMeeting });
    expect(await form.getByLabel('العنوان').count()).toBe(1);
    expect(await form.getByRole('button', { name: 'إنشاء الجلسة' }).count()).toBe(1);
    await checkScreen(page, 'meeting-form-arabic');
    // Submitted without a title: the form's own message, in Arabic.
    await form.getByLabel('العنوان').fill('   ');
    await form.getByRole('button', { name: 'إنشاء الجلسة' }).click();
    await expect.poll(() => form.getByText('أعطِ الجلسة عنوانًا.').count(), WAIT).toBe(1);
    await page.keyboard.press('Escape');
    // The calendar's week runs from the right too: the left arrow is the next day.
    await go(page, '#/calendar');
    const day = page.locator('table.grid button[data-day]').first();
    await expect.poll(() => day.count(), WAIT).toBe(1);
    const first = (await day.getAttribute('data-day'))!;
    await day.focus();
    await page.keyboard.press('ArrowLeft');
    const next = new Date(`${first}T12:00:00Z`);
    next.setUTCDate(next.getUTCDate() + 1);
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-day')), WAIT).toBe(next.toISOString().slice(0, 10));

    await chooseLanguage(page, 'de');
    const german = { courses: 'Meine Kurse', meetings: 'Termine von PSYC-101-F26', newMeeting: 'Neuer Termin' };
    await myCourses(page, german);
    await checkScreen(page, 'courses-german');
    await meetings(page, german);
    expect(await page.getByRole('heading', { name: 'Vergangene Termine', level: 2 }).count()).toBe(1);
    await checkScreen(page, 'meetings-german');
    await newMeeting(page, german);
    expect(await page.getByRole('dialog', { name: german.newMeeting }).getByLabel('Wöchentlich wiederholen bis').count()).toBe(1);
    await checkScreen(page, 'meeting-form-german');
    await context.close();
  });

  it('in the pseudo-locale, every word of My courses, the meetings and the meeting form comes from the catalogue and fits at 390 px', async () => {
    const context = await demo.browser.newContext({ locale: 'en-US', viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await startApp(page, demo);
    await usePseudoLocale(page);
    const pseudo = { courses: /^⟦Mý/, meetings: /PSYC-101-F26/, newMeeting: /^⟦Ñéw/ };
    await myCourses(page, pseudo);
    const courseWords = await screenWords(page, 'main');
    expect(courseWords.length).toBeGreaterThan(5);
    expect(untranslated(courseWords)).toEqual([]);
    expect(courseWords.filter((w) => w.clipped)).toEqual([]);

    await meetings(page, pseudo);
    const meetingWords = await screenWords(page, 'main');
    expect(meetingWords.length).toBeGreaterThan(20);
    expect(untranslated(meetingWords)).toEqual([]);
    expect(meetingWords.filter((w) => w.clipped)).toEqual([]);

    await newMeeting(page, pseudo);
    const formWords = await screenWords(page, '[role="dialog"]');
    expect(formWords.length).toBeGreaterThan(6);
    expect(untranslated(formWords)).toEqual([]);
    expect(formWords.filter((w) => w.clipped)).toEqual([]);
    await context.close();
  });
});

