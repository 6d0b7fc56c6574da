import type { Page } from 'playwright-core';
import { answerConfirm } from '../support/design-ui';
import { describe, expect, it } from 'vitest';
import type { CalendarItem, CalendarItemType } from '../../shared/api/calendar';
import { collect, learnAs } from '../integration/learn-support';
import { campusPage, dayList, openApp, openCalendarAt } from '../support/calendar-ui';
import { sandboxStats, useDemoHost, type DemoHost } from '../support/roll-call-ui';
import { checkScreen } from '../support/screen-check';

/**
 * Changes made offline to the calendar, in Chromium against the demo term: with the network cut
 * the instructor adds a personal event (and then renames it), moves one lecture of the weekly
 * series and deletes her dentist appointment; each shows on its day marked as waiting, also after
 * leaving the calendar and coming back; back online, sync sends each once and the calendar shows
 * Learn's copy. A change Learn refuses on replay (the event was deleted in Learn meanwhile) stays
 * in the waiting list with Learn's reason until the instructor discards it.
 */
const WAIT = { timeout: 20_000 };
const LECTURE = 'Lecture: Introduction to Psychology';
const ITEMS = '/learn/api/public/v1/calendars/items';
const WAITING_MARK = /waiting to be sent|change waiting|will be deleted|not sent/;

/** What Learn holds of one type in campus days [from, to). */
async function inLearn(demo: DemoHost, type: CalendarItemType, from: string, to: string): Promise<CalendarItem[]> {
  const { learn } = learnAs(demo.sandbox, 'instructor');
  return collect(learn.calendar.listCalendarItems({ type, since: new Date(`${from}T04:00:00Z`), until: new Date(`${to}T04:00:00Z`) }));
}

async function requests(demo: DemoHost): Promise<{ posts: number; patches: number; deletes: number }> {
  const { byRoute } = await sandboxStats(demo.host);
  return {
    posts: byRoute[`POST ${ITEMS}`] ?? 0,
    patches: byRoute[`PATCH ${ITEMS}/:calendarItemType/:calendarItemId`] ?? 0,
    deletes: byRoute[`DELETE ${ITEMS}/:calendarItemType/:calendarItemId`] ?? 0,
  };
}

async function showDay(page: Page, day: RegExp): Promise<void> {
  await page.getByRole('button', { name: day }).click();
}

const event = (page: Page, name: RegExp) => dayList(page).getByRole('button', { name });
const waitingLists = (page: Page) => page.getByRole('region', { name: /^Calendar changes waiting to be sent to Learn/ });

describe('calendar changes made offline', () => {
  const demo = useDemoHost();

  it('wait on this device, shown on their days, and reach Learn once each when back online', async () => {
    const { context, page, refused } = await campusPage(demo);
    await openApp(page, demo.host);
    const lecturesBefore = (await inLearn(demo, 'Course', '2026-08-30', '2026-12-12')).filter((i) => i.title === LECTURE);
    await openCalendarAt(page, '2026-10-19');
    await showDay(page, /^Monday, October 19, 2026/);
    await expect.poll(() => event(page, new RegExp(LECTURE)).count(), WAIT).toBe(1);
    const sent = await requests(demo);

    await context.setOffline(true);
    await expect.poll(() => page.getByTestId('calendar-offline').count(), WAIT).toBe(1);

    // A personal event on Friday: the form still checks before anything is queued.
    await page.getByRole('button', { name: 'New event' }).click();
    const form = page.getByRole('form', { name: 'Create event' });
    await form.getByLabel('Title').fill('Exam grading');
    await form.getByLabel('Date', { exact: true }).fill('2026-10-23');
    await form.getByLabel('End date').fill('2026-10-23');
    await form.getByLabel('Starts').fill('13:00');
    await form.getByLabel('Ends', { exact: true }).fill('12:00');
    await form.getByRole('button', { name: 'Create event' }).click();
    await expect.poll(() => form.getByRole('alert').textContent()).toMatch(/^End: the event must end after it starts/);
    await form.getByLabel('Ends', { exact: true }).fill('14:00');
    await form.getByRole('button', { name: 'Create event' }).click();
    await expect.poll(() => page.getByRole('status').filter({ hasText: /saved on this device\. You are offline/ }).count(), WAIT).toBe(1);
    await showDay(page, /^Friday, October 23, 2026/);
    await expect.poll(() => event(page, /Exam grading.*waiting to be sent/).count(), WAIT).toBe(1);

    // Renamed before it was ever sent: the change names the new event's local id and waits behind it.
    await event(page, /Exam grading/).click();
    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    await page.getByRole('form', { name: 'Save this event' }).getByLabel('Title').fill('Exam grading (midterm)');
    await page.getByRole('button', { name: 'Save this event' }).click();
    await expect.poll(() => event(page, /Exam grading \(midterm\).*waiting to be sent/).count(), WAIT).toBe(1);
    await expect.poll(() => page.getByTestId('item-waiting').textContent()).toMatch(/Made on this device: waiting to be sent to Learn/);
    await checkScreen(page, 'calendar-item-waiting');

    // One lecture of the series, half an hour later in Hall D ("this event").
    await showDay(page, /^Monday, October 19, 2026/);
    await event(page, new RegExp(LECTURE)).click();
    await page.getByRole('button', { name: 'Edit this event' }).click();
    const edit = page.getByRole('form', { name: 'Save this event' });
    await edit.getByLabel('Starts').fill('10:30');
    await edit.getByLabel('Ends', { exact: true }).fill('11:45');
    await edit.getByLabel('Location').fill('Hall D');
    await edit.getByRole('button', { name: 'Save this event' }).click();
    await expect.poll(() => event(page, new RegExp(`10:30\\sAM – 11:45\\sAM\\s*${LECTURE}.*change waiting`)).count(), WAIT).toBe(1);

    // The dentist on Tuesday: deleted, shown struck and marked until Learn has it.
    await showDay(page, /^Tuesday, October 20, 2026/);
    await event(page, /Dentist/).click();
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    await answerConfirm(page, 'Delete event');
    await expect.poll(() => event(page, /Dentist.*will be deleted/).count(), WAIT).toBe(1);
    await expect.poll(() => page.getByRole('button', { name: 'Delete', exact: true }).isDisabled()).toBe(true);

    // Leave and come back: the saved week with the changes laid over it, in the week grid, the lists and the month.
    await page.getByRole('button', { name: 'Courses', exact: true }).click();
    await openCalendarAt(page, '2026-10-19');
    const week = page.getByRole('table', { name: 'Week' });
    await expect.poll(() => week.getByRole('button', { name: /Exam grading \(midterm\), waiting to be sent/ }).count(), WAIT).toBe(1);
    await expect.poll(() => week.getByRole('button', { name: new RegExp(`10:30\\sAM\\s*${LECTURE}, change waiting`) }).count()).toBe(1);
    await expect.poll(() => week.getByRole('button', { name: /Dentist, will be deleted/ }).count()).toBe(1);
    const lists = waitingLists(page);
    await expect.poll(() => lists.count()).toBe(2); // Personal, and the lecture's course
    await expect.poll(() => page.getByRole('region', { name: /: Personal$/ }).getByRole('listitem').allTextContents()).toEqual([
      expect.stringMatching(/^New event "Exam grading" \(Oct 23\)\s*waiting/),
      expect.stringMatching(/^Change event "Exam grading" \(Oct 23\) to "Exam grading \(midterm\)"\s*waiting/),
      expect.stringMatching(/^Delete event "Dentist" \(Oct 20\)\s*waiting/),
    ]);
    await expect.poll(() => page.getByRole('region', { name: /: PSYC-101-F26/ }).getByRole('listitem').allTextContents()).toEqual([
      expect.stringMatching(/^Change event "Lecture: Introduction to Psychology" \(Oct 19\)\s*waiting/),
    ]);
    await page.getByLabel('Show').selectOption('month');
    await page.getByLabel('as', { exact: true }).selectOption('list');
    await expect.poll(() => page.getByTestId('calendar-list').getByRole('button', { name: /Exam grading \(midterm\).*waiting to be sent/ }).count()).toBe(1);
    await page.getByLabel('as', { exact: true }).selectOption('grid');
    await expect.poll(() => page.getByRole('table', { name: 'Month' }).getByRole('button', { name: /Dentist, will be deleted/ }).count()).toBe(1);
    await page.getByLabel('Show').selectOption('week');
    expect(await requests(demo)).toEqual(sent); // nothing left the page

    // Back online: sync sends them in order; the calendar reads Learn's copy and the marks go.
    await context.setOffline(false);
    await expect.poll(() => waitingLists(page).count(), { timeout: 40_000 }).toBe(0);
    await expect.poll(() => page.getByText(WAITING_MARK).count(), WAIT).toBe(0);
    await showDay(page, /^Friday, October 23, 2026/);
    await expect.poll(() => event(page, /Exam grading/).count(), WAIT).toBe(1);
    await expect.poll(() => event(page, /^1:00\sPM – 2:00\sPM\s*Exam grading \(midterm\)\s*Personal · Personal$/).count()).toBe(1);
    await showDay(page, /^Tuesday, October 20, 2026/);
    await expect.poll(() => event(page, /Dentist/).count(), WAIT).toBe(0);

    // Learn: the new event once, the lecture moved on its own with the series otherwise intact, the dentist gone.
    expect(await requests(demo)).toEqual({ posts: sent.posts + 1, patches: sent.patches + 2, deletes: sent.deletes + 1 });
    const personal = await inLearn(demo, 'Personal', '2026-10-18', '2026-10-25');
    expect(personal.filter((i) => i.title?.startsWith('Exam grading')).map((i) => [i.title, i.start, i.end])).toEqual([
      ['Exam grading (midterm)', '2026-10-23T17:00:00.000Z', '2026-10-23T18:00:00.000Z'],
    ]);
    expect(personal.filter((i) => i.title === 'Dentist')).toEqual([]);
    const lectures = (await inLearn(demo, 'Course', '2026-08-30', '2026-12-12')).filter((i) => i.title === LECTURE);
    expect(lectures.length).toBe(lecturesBefore.length);
    const moved = lectures.filter((i) => i.location !== 'Hall A');
    expect(moved.map((i) => [i.start, i.end, i.location, i.recurrence?.repeatBroken])).toEqual([['2026-10-19T14:30:00.000Z', '2026-10-19T15:45:00.000Z', 'Hall D', true]]);
    expect(lectures.find((i) => i.start.startsWith('2026-10-21'))?.start).toBe('2026-10-21T14:00:00.000Z');
    expect(refused).toEqual([]);
    await context.close();
  });

  it('keeps a change Learn refuses on replay, with the reason, until it is discarded', async () => {
    const { context, page, refused } = await campusPage(demo);
    await openApp(page, demo.host);
    await openCalendarAt(page, '2026-10-22');
    await expect.poll(() => event(page, /Seminar meeting/).count(), WAIT).toBe(1);

    await context.setOffline(true);
    await expect.poll(() => page.getByTestId('calendar-offline').count(), WAIT).toBe(1);
    await event(page, /Seminar meeting/).click();
    await page.getByRole('button', { name: 'Edit this event' }).click();
    await page.getByRole('form', { name: 'Save this event' }).getByLabel('Location').fill('Library 310');
    await page.getByRole('button', { name: 'Save this event' }).click();
    await expect.poll(() => event(page, /Seminar meeting.*change waiting/).count(), WAIT).toBe(1);

    // Meanwhile a colleague deletes that meeting in Learn.
    const seminar = (await inLearn(demo, 'Course', '2026-10-22', '2026-10-23')).find((i) => i.title === 'Seminar meeting');
    if (!seminar) throw new Error('the demo has a seminar meeting on Oct 22');
    await learnAs(demo.sandbox, 'instructor').learn.calendar.deleteCalendarItem('Course', seminar.id);

    await context.setOffline(false);
    const list = waitingLists(page);
    await expect.poll(() => list.getByRole('status').count(), { timeout: 40_000 }).toBe(1);
    await expect.poll(() => list.getByRole('status').textContent()).toBe('Not sent: Learn no longer has it: it may have been deleted or moved in Learn.');
    await checkScreen(page, 'calendar-change-not-sent');
    await expect.poll(() => event(page, /Seminar meeting/).count(), WAIT).toBe(0); // Learn's copy: gone

    await list.getByRole('button', { name: 'Discard' }).click();
    await expect.poll(() => waitingLists(page).count(), WAIT).toBe(0);
    expect(refused).toEqual([]);
    await context.close();
  });
});
