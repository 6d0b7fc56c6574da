import { describe, expect, it } from 'vitest';
import { answerConfirm } from '../support/design-ui';
import type { CalendarItem } from '../../shared/api/calendar';
import { collect, learnAs } from '../integration/learn-support';
import { campusPage, dayList, openApp, openCalendarAt } from '../support/calendar-ui';
import { useDemoHost } from '../support/roll-call-ui';
import { checkScreen } from '../support/screen-check';

/**
 * Calendar in Chromium against the demo term: the instructor finds her
 * Monday lecture, moves one event of the series, then changes the whole series; due dates are
 * read-only with where to change them; the type filter and the keyboard work; with Learn out of
 * reach the last-read calendar still shows, marked offline, and changes stay possible (they wait:
 * calendar-offline-changes.test.ts).
 */
const LECTURE = 'Lecture: Introduction to Psychology';

/** What Learn holds for the lecture series between Sep 13 and Sep 20, 2026 (campus time is Eastern). */
async function lectureWeek(demo: ReturnType<typeof useDemoHost>): Promise<CalendarItem[]> {
  const { learn } = learnAs(demo.sandbox, 'instructor');
  const items = await collect(learn.calendar.listCalendarItems({ type: 'Course', since: new Date('2026-09-13T04:00:00Z'), until: new Date('2026-09-20T04:00:00Z') }));
  return items.filter((i) => i.title?.startsWith('Lecture'));
}

describe('calendar in browser mode', () => {
  const demo = useDemoHost();

  it('edits one event of a series and then the whole series', async () => {
    const { context, page, refused } = await campusPage(demo);
    await openApp(page, demo.host);
    const lecturesOfTerm = async (): Promise<CalendarItem[]> => {
      const { learn } = learnAs(demo.sandbox, 'instructor');
      const term = await collect(learn.calendar.listCalendarItems({ type: 'Course', since: new Date('2026-08-30T00:00:00Z'), until: new Date('2026-12-12T00:00:00Z') }));
      return term.filter((i) => i.title === LECTURE);
    };
    const seriesLength = (await lecturesOfTerm()).length;
    await openCalendarAt(page, '2026-09-14');
    await expect.poll(() => page.getByRole('heading', { name: 'Sep 13 – Sep 19, 2026' }).count(), { timeout: 15_000 }).toBe(1);

    // The day list of Monday Sep 14 shows the lecture, marked as part of a series.
    await page.getByRole('button', { name: /^Monday, September 14, 2026, \d+ events?$/ }).click();
    await expect.poll(() => dayList(page).getByRole('button', { name: new RegExp(LECTURE) }).count(), { timeout: 15_000 }).toBe(1);
    await dayList(page).getByRole('button', { name: new RegExp(LECTURE) }).click();
    await expect.poll(() => page.getByTestId('item-series').textContent()).toMatch(/^Repeats weekly on Monday and Wednesday, until Dec 9, 2026/);
    await checkScreen(page, 'calendar-item');

    // This event only: 30 minutes later, in Hall B.
    await page.getByRole('button', { name: 'Edit this event' }).click();
    const form = page.getByRole('form', { name: 'Save this event' });
    await expect.poll(() => form.getByLabel('Repeats').count()).toBe(0); // no pattern offered for one event
    await form.getByLabel('Starts').fill('10:30');
    await form.getByLabel('Ends', { exact: true }).fill('11:45');
    await form.getByLabel('Location').fill('Hall B');
    await form.getByRole('button', { name: 'Save this event' }).click();
    await expect.poll(() => page.getByTestId('item-when').textContent(), { timeout: 15_000 }).toMatch(/Monday, September 14, 2026 at 10:30\sAM – 11:45\sAM/);
    await expect.poll(() => page.getByTestId('item-series').textContent()).toMatch(/this event was changed on its own/);
    let week = await lectureWeek(demo);
    expect(week.map((i) => [i.start, i.location, i.recurrence?.repeatBroken])).toEqual([
      ['2026-09-14T14:30:00.000Z', 'Hall B', true],
      ['2026-09-16T14:00:00.000Z', 'Hall A', false],
    ]);

    // The whole series, from Wednesday's event: a new room for every lecture; the form starts at the series' first date.
    await page.getByRole('button', { name: /^Wednesday, September 16, 2026/ }).click();
    await dayList(page).getByRole('button', { name: new RegExp(LECTURE) }).click();
    await page.getByRole('button', { name: 'Edit the whole series' }).click();
    const seriesForm = page.getByRole('form', { name: 'Save the whole series' });
    await expect.poll(() => seriesForm.getByLabel('First date of the series').inputValue()).toBe('2026-08-31');
    await expect.poll(() => seriesForm.getByRole('group', { name: 'Repeat on' }).getByRole('checkbox', { checked: true }).count()).toBe(2);
    await checkScreen(page, 'calendar-series-form');
    await seriesForm.getByLabel('Location').fill('Hall C');
    await seriesForm.getByRole('button', { name: 'Save the whole series' }).click();
    await expect.poll(() => page.getByRole('form', { name: 'Save the whole series' }).count(), { timeout: 15_000 }).toBe(0);

    // Learn rebuilt the series: Monday's event is back at 10:00 and every lecture is in Hall C.
    week = await lectureWeek(demo);
    expect(week.map((i) => [i.start, i.location, i.recurrence?.repeatBroken])).toEqual([
      ['2026-09-14T14:00:00.000Z', 'Hall C', false],
      ['2026-09-16T14:00:00.000Z', 'Hall C', false],
    ]);
    const lectures = await lecturesOfTerm();
    expect(lectures[0]?.start).toBe('2026-08-31T14:00:00.000Z');
    // The last lecture still falls on Dec 9 (a series keeps its UTC time of day: docs/api-notes/calendar.md).
    expect(lectures.at(-1)?.start).toBe('2026-12-09T14:00:00.000Z');
    expect(lectures.length).toBe(seriesLength);
    expect(new Set(lectures.map((i) => i.location))).toEqual(new Set(['Hall C']));

    // The screen shows what Learn now holds.
    await page.getByRole('button', { name: /^Monday, September 14, 2026/ }).click();
    await dayList(page).getByRole('button', { name: new RegExp(LECTURE) }).click();
    await expect.poll(() => page.getByTestId('item-when').textContent(), { timeout: 15_000 }).toMatch(/10:00\sAM – 11:15\sAM/);
    expect(refused).toEqual([]);
    await context.close();
  });

  it('keeps due dates read-only, filters by type, and moves between days by keyboard', async () => {
    const { context, page, refused } = await campusPage(demo);
    await openApp(page, demo.host);
    await openCalendarAt(page, '2026-09-18');

    await expect.poll(() => dayList(page).getByRole('button', { name: /Reading response 1/ }).count(), { timeout: 15_000 }).toBe(1);
    await dayList(page).getByRole('button', { name: /Reading response 1/ }).click();
    await expect.poll(() => page.getByTestId('read-only-reason').textContent()).toMatch(/Change it in Learn's gradebook for PSYC-101-F26/);
    await checkScreen(page, 'calendar-due-date');
    await expect.poll(() => page.getByRole('button', { name: /^Edit/ }).count()).toBe(0);

    await page.getByRole('checkbox', { name: 'Due date' }).uncheck();
    await expect.poll(() => dayList(page).getByRole('button', { name: /Reading response 1/ }).count()).toBe(0);
    await page.getByRole('checkbox', { name: 'Due date' }).check();

    // Arrows move the focused day (and the week when it runs out); Enter opens the day's list.
    await page.getByRole('button', { name: /^Friday, September 18, 2026/ }).focus();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toMatch(/^Sunday, September 20, 2026/);
    await expect.poll(() => page.getByRole('heading', { name: 'Sep 20 – Sep 26, 2026' }).count()).toBe(1);
    await page.keyboard.press('PageDown');
    await page.keyboard.press('Home');
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toMatch(/^Sunday, October 18, 2026/);
    await page.keyboard.press('PageUp'); // Friday, September 18
    await page.keyboard.press('End');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Events on Saturday, September 19, 2026');

    // Month view, as a list.
    await page.getByLabel('Show').selectOption('month');
    await page.getByLabel('as', { exact: true }).selectOption('list');
    await expect.poll(() => page.getByTestId('calendar-list').getByRole('heading', { name: 'Monday, September 7, 2026' }).count()).toBe(1);
    await expect.poll(() => page.getByTestId('calendar-list').getByRole('button', { name: /Labor Day: no classes/ }).count()).toBe(1);
    expect(refused).toEqual([]);
    await context.close();
  });

  it('creates weekly office hours for a course, checked before sending, and deletes the whole series', async () => {
    const { context, page, refused } = await campusPage(demo);
    await openApp(page, demo.host);
    await openCalendarAt(page, '2026-11-02');
    await page.getByRole('button', { name: 'New event' }).click();
    const form = page.getByRole('form', { name: 'Create event' });
    await form.getByLabel('Kind').selectOption('OfficeHours');
    await form.getByLabel('Calendar').selectOption({ label: 'HIST-310-F26: Seminar: The Atlantic World, 1492–1830' });
    await form.getByLabel('Title').fill('Essay clinic');
    await form.getByLabel('Starts').fill('13:00');
    await form.getByLabel('Ends', { exact: true }).fill('12:00');
    await form.getByRole('button', { name: 'Create event' }).click();
    await expect.poll(() => form.getByRole('alert').textContent()).toMatch(/^End: the event must end after it starts/);
    await form.getByLabel('Ends', { exact: true }).fill('14:00');
    await form.getByRole('group', { name: 'Repeat on' }).getByRole('checkbox', { name: 'Monday' }).uncheck();
    await form.getByRole('button', { name: 'Create event' }).click();
    await expect.poll(() => form.getByRole('alert').textContent()).toMatch(/^Repeat on: choose at least one day/);
    await checkScreen(page, 'calendar-form-problems');
    await form.getByRole('group', { name: 'Repeat on' }).getByRole('checkbox', { name: 'Thursday' }).check();
    await form.getByLabel('Number of events').fill('4');
    await form.getByRole('button', { name: 'Create event' }).click();
    await expect.poll(() => page.getByRole('form', { name: 'Create event' }).count(), { timeout: 15_000 }).toBe(0);

    const { learn } = learnAs(demo.sandbox, 'instructor');
    const clinic = async (): Promise<CalendarItem[]> =>
      (await collect(learn.calendar.listCalendarItems({ type: 'OfficeHours', since: new Date('2026-11-01T00:00:00Z'), until: new Date('2026-12-31T00:00:00Z') }))).filter((i) => i.title === 'Essay clinic');
    expect((await clinic()).map((i) => i.start)).toEqual(['2026-11-05T18:00:00.000Z', '2026-11-12T18:00:00.000Z', '2026-11-19T18:00:00.000Z', '2026-11-26T18:00:00.000Z']);

    // It shows on Thursday, as a series of office hours; delete the whole series from there.
    await page.getByRole('button', { name: /^Thursday, November 5, 2026/ }).click();
    await expect.poll(() => dayList(page).getByRole('button', { name: /Essay clinic.*Office hours · HIST-310-F26.*repeats/ }).count(), { timeout: 15_000 }).toBe(1);
    await dayList(page).getByRole('button', { name: /Essay clinic/ }).click();
    await expect.poll(() => page.getByTestId('item-series').textContent()).toBe('Repeats weekly on Thursday, 4 times');
    await page.getByRole('button', { name: 'Delete the whole series' }).click();
    await answerConfirm(page, 'Delete series');
    await expect.poll(() => dayList(page).getByRole('button', { name: /Essay clinic/ }).count(), { timeout: 15_000 }).toBe(0);
    expect(await clinic()).toEqual([]);
    expect(refused).toEqual([]);
    await context.close();
  });

  it('shows the last-read calendar marked offline, with changes still offered', async () => {
    const { context, page, refused } = await campusPage(demo);
    await openApp(page, demo.host);
    await openCalendarAt(page, '2026-10-21');
    await expect.poll(() => dayList(page).getByRole('button', { name: /Midterm exam/ }).count(), { timeout: 15_000 }).toBe(1);
    await expect.poll(() => page.getByTestId('calendar-offline').count()).toBe(0);

    // The network goes: leave the calendar and come back; the saved copy shows.
    await context.setOffline(true);
    await page.getByRole('button', { name: 'Courses', exact: true }).click();
    await openCalendarAt(page, '2026-10-21');
    await expect.poll(() => dayList(page).getByRole('button', { name: /Midterm exam/ }).count()).toBe(1);
    await expect.poll(() => page.getByTestId('calendar-offline').textContent()).toMatch(/^Offline: as of /);
    await expect.poll(() => page.getByRole('button', { name: 'New event' }).isEnabled()).toBe(true);
    await dayList(page).getByRole('button', { name: /Midterm exam/ }).click();
    await expect.poll(() => page.getByRole('button', { name: 'Edit', exact: true }).isEnabled()).toBe(true);
    // One notice says it all, in one style: the saved copy's date and what becomes of changes.
    await expect.poll(() => page.getByTestId('calendar-notice').textContent()).toMatch(/^Offline: as of .+\s+Changes you make to the calendar wait on this device/);
    await expect.poll(() => page.locator('main .problem-message').count()).toBe(1);
    await checkScreen(page, 'calendar-offline');

    // A reload with Learn out of reach (the page itself comes from the local host): still there, still marked.
    await page.route('**/ipc/calendar.*', (route) => route.abort('internetdisconnected'));
    await context.setOffline(false);
    await page.reload();
    await openCalendarAt(page, '2026-10-21');
    await expect.poll(() => dayList(page).getByRole('button', { name: /Midterm exam/ }).count(), { timeout: 15_000 }).toBe(1);
    await expect.poll(() => page.getByTestId('calendar-offline').count(), { timeout: 15_000 }).toBe(1);
    expect(refused).toEqual([]);
    await context.close();
  });
});
