import type { Locator, Page } from 'playwright-core';
import { z } from 'zod';
import { beforeAll, describe, expect, it } from 'vitest';
import { hashOf, Route } from '../../renderer/src/app/routes';
import type { MeetingRef } from '../../shared/domain/outbox';
import type { Locale } from '../../shared/i18n/locales';
import { collect, learnAs, PSYC } from '../integration/learn-support';
import { startApp } from '../support/content-ui';
import { englishLeft, englishOf, type EnglishOf } from '../support/english-left';
import { chooseLanguage, go, pageLanguage, screenWords, untranslated, usePseudoLocale } from '../support/language-ui';
import { useDemoHost } from '../support/roll-call-ui';
import { checkScreen, settle, SCREEN_WIDTHS } from '../support/screen-check';

/**
 * Every screen of the route table (app/routes.ts), in the pseudo-locale and each of the five
 * languages, at 1280 and 390 px: in the pseudo-locale every visible word comes from the catalogue;
 * in a language no visible text is an English message (or a sizeable piece of one) that the
 * language says otherwise; in both no box cuts its words off. In Arabic and German axe checks each
 * screen (light), and Today, the roll call and the report are saved as pictures
 * (`.test-results/screens/arabic-today-1280-light.png`, …). A screen added to the route table is
 * visited with the rest, or this file fails naming what it needs.
 */
type ScreenName = Route['name'];
const WAIT = { timeout: 20_000 };
/** The report reads every meeting's records of the term on its first visit in a new browser context. */
const LONG = { timeout: 90_000 };

const atLeast = async (items: Locator, n: number, wait = WAIT): Promise<void> => {
  await expect.poll(() => items.count(), wait).toBeGreaterThanOrEqual(n);
};

/**
 * What shows a screen has what it reads from Learn, beside its heading and the absence of anything
 * still loading (`loaded` below). Every screen of the route table needs its line: the type says so,
 * and so does the test, by name, for a screen this file was not compiled with.
 */
const SHOWS: Record<ScreenName, (page: Page) => Promise<void>> = {
  today: (page) => atLeast(page.locator('main').getByRole('button', { name: /PSYC-101-F26/ }), 1),
  courses: (page) => atLeast(page.locator('main').getByRole('button', { name: /PSYC-101-F26/ }), 1),
  calendar: (page) => atLeast(page.locator('main :is(table.grid, [data-testid="calendar-list"])'), 1),
  announcements: (page) => atLeast(page.getByRole('heading', { name: 'Welcome to Northfield Learn' }), 1),
  settings: (page) => atLeast(page.getByTestId('feature-check'), 1),
  history: (page) => atLeast(page.locator('main h1'), 1),
  meetings: async (page) => {
    await atLeast(page.getByTestId('meeting-row'), 6);
    await expect.poll(() => page.getByTestId('meetings').getAttribute('aria-busy'), WAIT).toBeNull();
  },
  'attendance-report': (page) => atLeast(page.getByTestId('report-row'), 4, LONG),
  'csv-import': (page) => atLeast(page.locator('main input[type="file"]'), 1),
  content: (page) => atLeast(page.getByRole('treeitem'), 4),
  accessibility: (page) => atLeast(page.locator('[data-testid="ally-file"][data-score]:not([data-score=""])'), 4, LONG),
  'course-announcements': (page) => atLeast(page.getByRole('heading', { name: 'Welcome to Introduction to Psychology' }), 1),
  'roll-call': (page) => atLeast(page.getByTestId('student-row'), 4),
  help: (page) => atLeast(page.locator('main h1'), 1),
};

/** Waits for a screen: its heading, what it reads (SHOWS), and nothing on it still loading. */
async function loaded(page: Page, route: Route): Promise<void> {
  const shows = (SHOWS as Partial<Record<string, (page: Page) => Promise<void>>>)[route.name];
  if (!shows) throw new Error(`The screen "${route.name}" (${hashOf(route)}) is new: say in SHOWS what shows it has loaded`);
  await atLeast(page.locator('main h1'), 1);
  if (route.name === 'help' && route.page) await expect.poll(() => page.getByTestId('help-page').getAttribute('data-page'), WAIT).toBe(route.page);
  await shows(page);
  await expect.poll(() => page.locator('main :is(.loading, .skeleton, progress, [aria-busy="true"])').count(), LONG).toBe(0);
}

/**
 * One address per screen of the route table, and one per value of an optional choice (each Help
 * page). A course and a meeting come from the demo's own data; a screen that needs anything else
 * fails here, naming what it needs.
 */
function everyRoute(ids: { courseId: string; meeting: MeetingRef }): Route[] {
  const routes: Route[] = [];
  for (const option of Route.options) {
    const { name, ...needs } = option.shape as Record<string, z.ZodType>;
    const names = name instanceof z.ZodEnum ? (name.options as string[]) : name instanceof z.ZodLiteral ? [String(name.value)] : [];
    for (const screen of names) {
      let variants: Record<string, unknown>[] = [{ name: screen }];
      for (const [need, schema] of Object.entries(needs)) {
        const choices = schema instanceof z.ZodOptional && schema.unwrap() instanceof z.ZodEnum ? ((schema.unwrap() as z.ZodEnum).options as string[]) : null;
        if (need === 'courseId') variants = variants.map((v) => ({ ...v, courseId: ids.courseId }));
        else if (need === 'meeting') variants = variants.map((v) => ({ ...v, meeting: ids.meeting }));
        else if (choices) variants = variants.flatMap((v) => [v, ...choices.map((c) => ({ ...v, [need]: c }))]);
        else throw new Error(`The screen "${screen}" needs a "${need}": say in everyRoute where the demo has one`);
      }
      routes.push(...variants.map((v) => Route.parse(v)));
    }
  }
  return routes;
}

/** The file names of the pictures kept of a screen in a language; other screens are checked, not pictured. */
const PICTURED: Partial<Record<ScreenName, string>> = { today: 'today', 'roll-call': 'roll-call', 'attendance-report': 'report' };
const LANGUAGE_NAMES: Record<Exclude<Locale, 'en'>, string> = { es: 'spanish', fr: 'french', de: 'german', nl: 'dutch', ar: 'arabic' };
/**
 * Words a screen shows that are not Rollbook's messages: what `Intl` writes in the system's region
 * (the calendar's weekdays, times and range, the report chart's dates).
 */
const NOT_MESSAGES = 'table.grid thead abbr, table.grid .at, #view-title, [data-testid="attendance-chart"]';
/** Brand names stay in every language (and the pseudo-locale has no brackets for them). */
const BRAND = /^(Rollbook|Learn|Blackboard|Ally)$/;

describe('every screen in every language', () => {
  const demo = useDemoHost();
  let routes: Route[] = [];

  beforeAll(async () => {
    const { learn } = learnAs(demo.sandbox, 'instructor');
    const course = await learn.courses.getCourse(PSYC);
    // A meeting Learn already has records for: the roll call shows marks, not only blanks.
    const meetings = await collect(learn.attendance.listMeetings(PSYC));
    const meeting = meetings[0];
    if (!meeting) throw new Error('the demo lecture has meetings');
    routes = everyRoute({ courseId: course.id, meeting: { serverId: meeting.id } });
  });

  /** Opens the app in a browser context of its own, in `language`, and walks every screen at both widths. */
  async function walk(language: 'en-XA' | Exclude<Locale, 'en'>): Promise<string[]> {
    const context = await demo.browser.newContext({ locale: 'en-US', viewport: { width: SCREEN_WIDTHS[0], height: 900 } });
    const page = await context.newPage();
    const problems: string[] = [];
    try {
      await startApp(page, demo);
      if (language === 'en-XA') await usePseudoLocale(page);
      else await chooseLanguage(page, language);
      await expect.poll(async () => (await pageLanguage(page)).lang, WAIT).toBe(language);
      const english: EnglishOf | null = language === 'en-XA' ? null : englishOf(language);
      const withAxe = language === 'ar' || language === 'de';

      for (const route of routes) {
        const where = hashOf(route);
        await go(page, where);
        // A screen that does not load is named, and the walk goes on to the others.
        const problem = await loaded(page, route).then(
          () => null,
          (error: unknown) => `${language} on ${where}: did not load (${String(error).split('\n')[0]})`,
        );
        if (problem) {
          problems.push(problem);
          continue;
        }
        for (const width of page.viewportSize()?.width === SCREEN_WIDTHS[0] ? SCREEN_WIDTHS : [...SCREEN_WIDTHS].reverse()) {
          await page.setViewportSize({ width, height: 900 });
          await settle(page);
          const words = (await screenWords(page, 'body', { withTabs: true, notMoved: NOT_MESSAGES })).filter((w) => !BRAND.test(w.text));
          const at = `${language} at ${width} px on ${where}`;
          if (words.length < 3) problems.push(`${at}: hardly any words (${words.length}): is the screen there?`);
          const left = english ? englishLeft(words, english) : untranslated(words).map((w) => `"${w.text}" has no brackets`);
          problems.push(...left.map((w) => `${at}: English ${w}`));
          problems.push(...words.filter((w) => w.clipped).map((w) => `${at}: "${w.text}" is cut off`));
        }
        if (withAxe) {
          const pictured = PICTURED[route.name];
          const name = `${LANGUAGE_NAMES[language]}-${pictured ?? where.replace(/^#\//, '')}`;
          await checkScreen(page, name, { schemes: ['light'], screenshots: pictured !== undefined }).catch((error: unknown) => problems.push(String(error)));
        }
      }
    } finally {
      await context.close();
    }
    return problems;
  }

  it('lists every screen of the route table, each Help page and a roll call among them', () => {
    const names = new Set(routes.map((r) => r.name));
    expect([...names].sort()).toEqual(Object.keys(SHOWS).sort());
    expect(routes.filter((r) => r.name === 'help').length).toBeGreaterThan(1);
  });

  it('in the pseudo-locale, every word on every screen comes from the catalogue and none is cut off, at 1280 and 390 px', { timeout: 180_000 }, async () => {
    expect(await walk('en-XA')).toEqual([]);
  });

  for (const language of ['es', 'fr', 'nl'] as const) {
    it(`in ${LANGUAGE_NAMES[language]}, no screen shows an English message the language says otherwise, and none cuts its words off`, { timeout: 180_000 }, async () => {
      expect(await walk(language)).toEqual([]);
    });
  }

  for (const language of ['de', 'ar'] as const) {
    it(`in ${LANGUAGE_NAMES[language]}, no screen shows English or cuts its words off, and axe finds nothing, at 1280 and 390 px`, { timeout: 240_000 }, async () => {
      expect(await walk(language)).toEqual([]);
    });
  }
});
