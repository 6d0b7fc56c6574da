import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { CalendarItem } from '../../../shared/api/calendar';
import { FALL, ITEMS, at, expectCall, expectError, itemPath, listAll, useCalendarSandbox } from './calendar-fixture';

// Contract of Learn's calendar changes: Create, Update and Delete Calendar Item
// (seed 000 "Calendar items"; docs/api-notes/calendar.md). Reads: calendar.test.ts.
const f = useCalendarSandbox();
const NoBody = z.undefined();

describe('Create Calendar Item', () => {
  const personal = { type: 'Personal', calendarId: 'PERSONAL', title: 'Study group', ...at('2026-10-05T18:00:00.000Z') };

  it('creates a personal item for any user, owned by that user', async () => {
    const item = await expectCall(f, 'student', 'POST', ITEMS, 201, CalendarItem, { ...personal, location: 'Library 3rd floor', disableResizing: true });
    expect(item).toMatchObject({ type: 'Personal', calendarId: 'PERSONAL', calendarName: 'Personal', title: 'Study group', location: 'Library 3rd floor', disableResizing: true });
    expect(item.createdByUserId).toBe(f.sandbox.context().tokens.find(f.tokens.student!)!.userId);
    await expectError(f, 'instructor', 'GET', itemPath(item), 403);
  });

  it('creates a weekly course series: one item per occurrence, each with the recurrence', async () => {
    const first = await expectCall(f, 'instructor', 'POST', ITEMS, 201, CalendarItem, {
      type: 'Course',
      calendarId: f.ids.seminar,
      title: 'Archive visit',
      ...at('2026-09-08T15:00:00.000Z', 2),
      recurrence: { frequency: 'Weekly', interval: 2, weekDays: ['Tu', 'Fr'], count: 5 },
    });
    expect(first.calendarName).toBe('HIST-310-F26: Seminar: The Atlantic World, 1492–1830');
    const series = (await listAll(f, 'instructor', `courseId=${f.ids.seminar}&type=Course&${FALL}`)).filter((i) => i.title === 'Archive visit');
    // Every other week, Tuesday and Friday: Sep 8, 11, 22, 25, Oct 6.
    expect(series.map((i) => i.start.slice(0, 10))).toEqual(['2026-09-08', '2026-09-11', '2026-09-22', '2026-09-25', '2026-10-06']);
    expect(series.every((i) => i.recurrence?.count === 5 && i.end === new Date(Date.parse(i.start) + 2 * 3600_000).toISOString())).toBe(true);
    expect(series[0]!.id).toBe(first.id);
  });

  it('expands monthly recurrences by weekday position and by day of month', async () => {
    const lastFriday = await expectCall(f, 'instructor', 'POST', ITEMS, 201, CalendarItem, {
      ...personal,
      title: 'Timesheet',
      ...at('2026-09-01T16:00:00.000Z'),
      recurrence: { frequency: 'Monthly', interval: 1, monthPosition: -1, repeatDay: 'Fr', until: '2026-12-31T00:00:00.000Z' },
    });
    const timesheets = (await listAll(f, 'instructor', `type=Personal&since=2026-09-20T00:00:00Z&until=2027-01-01T00:00:00Z`)).filter((i) => i.title === 'Timesheet');
    expect(timesheets.map((i) => i.start.slice(0, 10))).toEqual(['2026-09-25', '2026-10-30', '2026-11-27', '2026-12-25']);
    expect(lastFriday.start.slice(0, 10)).toBe('2026-09-25');

    await expectCall(f, 'instructor', 'POST', ITEMS, 201, CalendarItem, {
      ...personal,
      title: 'Rent',
      ...at('2026-08-31T12:00:00.000Z'),
      recurrence: { frequency: 'Monthly', interval: 1, monthRepeatDay: 31, count: 3 },
    });
    const rent = (await listAll(f, 'instructor', `type=Personal&since=2026-08-01T00:00:00Z&until=2026-11-20T00:00:00Z`)).filter((i) => i.title === 'Rent');
    // Months without a 31st are skipped.
    expect(rent.map((i) => i.start.slice(0, 10))).toEqual(['2026-08-31', '2026-10-31']);
  });

  it('assigns office hours to the current user; PERSONAL office hours reach all the owner\'s courses', async () => {
    const hours = await expectCall(f, 'cowens', 'POST', ITEMS, 201, CalendarItem, {
      type: 'OfficeHours',
      calendarId: 'PERSONAL',
      title: 'Office hours: Dr. Owens',
      ...at('2026-09-02T20:00:00.000Z'),
      recurrence: { frequency: 'Weekly', interval: 1, weekDays: ['We'], count: 3 },
    });
    expect(hours.createdByUserId).toBe(f.sandbox.context().directory.user('userName:cowens').id);
    await expectCall(f, 'student', 'GET', itemPath(hours), 200, CalendarItem); // PSYC, which Dr. Owens co-teaches
    await expectError(f, 'nursing', 'GET', itemPath(hours), 403);
  });

  it('creates institution items only with system.calendar-item.EXECUTE: admin 201, instructor 403', async () => {
    const body = { type: 'Institution', calendarId: 'INSTITUTION', title: 'Reading day', ...at('2026-12-12T05:00:00.000Z', 24) };
    expect(await expectError(f, 'instructor', 'POST', ITEMS, 403, body)).toMatch(/system\.calendar-item\.EXECUTE/);
    const item = await expectCall(f, 'admin', 'POST', ITEMS, 201, CalendarItem, body);
    const seen = await expectCall(f, 'student', 'GET', itemPath(item), 200, CalendarItem);
    expect(seen.calendarName).toBe('Institution');
  });

  it('refuses course items from a student (403) and on a disabled calendar (403)', async () => {
    const body = { type: 'Course', calendarId: f.ids.lecture, title: 'Extra session', ...at('2026-10-02T14:00:00.000Z') };
    expect(await expectError(f, 'student', 'POST', ITEMS, 403, body)).toMatch(/course\.calendar-entry\.CREATE in PSYC-101-F26/);
    f.sandbox.context().directory.courses.get(f.ids.lecture!)!.calendarEnabled = false;
    expect(await expectError(f, 'instructor', 'POST', ITEMS, 403, body)).toMatch(/disabled/);
  });

  it('refuses personal items and office hours from a system token (403)', async () => {
    expect(await expectError(f, 'system', 'POST', ITEMS, 403, personal)).toMatch(/no personal calendar/);
  });

  it('refuses a Course item in an organization with 400', async () => {
    const message = await expectError(f, 'instructor', 'POST', ITEMS, 400, { type: 'Course', calendarId: f.ids.org, title: 'Circle meeting', ...at('2026-10-02T14:00:00.000Z') });
    expect(message).toMatch(/ORG-TLC .* is an organization/);
  });

  it('refuses GradebookColumn items with a pointer to the gradebook endpoint', async () => {
    const message = await expectError(f, 'instructor', 'POST', ITEMS, 400, { type: 'GradebookColumn', calendarId: f.ids.lecture, title: 'Quiz', ...at('2026-10-02T14:00:00.000Z') });
    expect(message).toContain(`POST /learn/api/public/v2/courses/${f.ids.lecture}/gradebook/columns`);
  });

  it('enforces title 255 and location 1024 characters, and start before end', async () => {
    await expectCall(f, 'student', 'POST', ITEMS, 201, CalendarItem, { ...personal, title: 'T'.repeat(255), location: 'L'.repeat(1024) });
    expect(await expectError(f, 'student', 'POST', ITEMS, 400, { ...personal, title: 'T'.repeat(256) })).toBe('Calendar item title is 256 characters; the limit is 255');
    expect(await expectError(f, 'student', 'POST', ITEMS, 400, { ...personal, location: 'L'.repeat(1025) })).toBe('Calendar item location is 1025 characters; the limit is 1024');
    expect(await expectError(f, 'student', 'POST', ITEMS, 400, { ...personal, start: personal.end, end: personal.start })).toMatch(/end .* is before start .*; end must be after start/);
    expect(await expectError(f, 'student', 'POST', ITEMS, 400, { ...personal, end: personal.start })).toMatch(/the same as start/);
  });

  it('answers 400 for missing or wrong fields and incomplete recurrences', async () => {
    const { type: _t, ...noType } = personal;
    expect(await expectError(f, 'student', 'POST', ITEMS, 400, noType)).toMatch(/type is missing/);
    expect(await expectError(f, 'student', 'POST', ITEMS, 400, { ...personal, calendarId: 'INSTITUTION' })).toMatch(/PERSONAL/);
    expect(await expectError(f, 'student', 'POST', ITEMS, 400, { ...personal, colour: 'red' })).toMatch(/Unknown calendar item field\(s\): colour/);
    expect(await expectError(f, 'student', 'POST', ITEMS, 400, { ...personal, recurrence: { frequency: 'Weekly', interval: 1, count: 3 } })).toMatch(/weekDays is required/);
    expect(await expectError(f, 'student', 'POST', ITEMS, 400, { ...personal, recurrence: { frequency: 'Daily', interval: 1 } })).toMatch(/count .* or until/);
    expect(await expectError(f, 'student', 'POST', ITEMS, 400, { ...personal, recurrence: { frequency: 'Daily', interval: 1, until: '2028-01-01T00:00:00Z' } })).toMatch(/limit for one series is 200/);
    const officeHours = { type: 'OfficeHours', calendarId: f.ids.lecture, title: 'Drop-in', ...at('2026-10-02T14:00:00.000Z') };
    expect(await expectError(f, 'instructor', 'POST', ITEMS, 400, officeHours)).toMatch(/OfficeHours items need a recurrence/);
  });

  it('answers 404 for an unknown course calendar', async () => {
    await expectError(f, 'instructor', 'POST', ITEMS, 404, { type: 'Course', calendarId: '_999999_1', title: 'Nowhere', ...at('2026-10-02T14:00:00.000Z') });
  });
});

describe('Update Calendar Item', () => {
  async function newSeries(title: string, count: number): Promise<CalendarItem[]> {
    await expectCall(f, 'instructor', 'POST', ITEMS, 201, CalendarItem, {
      type: 'Course',
      calendarId: f.ids.ultra,
      title,
      ...at('2026-09-03T13:00:00.000Z'),
      recurrence: { frequency: 'Weekly', interval: 1, weekDays: ['Th'], count },
    });
    return (await listAll(f, 'instructor', `courseId=${f.ids.ultra}&type=Course&${FALL}`)).filter((i) => i.title === title);
  }

  it('changes a single item of a series; moving it marks it repeatBroken and leaves the others', async () => {
    const series = await newSeries('Journal club', 4);
    const moved = await expectCall(f, 'instructor', 'PATCH', itemPath(series[1]!), 200, CalendarItem, { title: 'Journal club (room change)', location: 'Room 9', ...at('2026-09-11T13:00:00.000Z') });
    expect(moved).toMatchObject({ id: series[1]!.id, title: 'Journal club (room change)', location: 'Room 9', start: '2026-09-11T13:00:00.000Z' });
    expect(moved.recurrence).toMatchObject({ repeatBroken: true, originalStart: series[1]!.start });
    const others = await expectCall(f, 'instructor', 'GET', itemPath(series[2]!), 200, CalendarItem);
    expect(others).toMatchObject({ title: 'Journal club', start: series[2]!.start });
    expect(others.recurrence?.repeatBroken).toBe(false);
  });

  it('refuses a recurrence on a single-item update (400)', async () => {
    const [item] = await newSeries('Office visit', 2);
    const message = await expectError(f, 'instructor', 'PATCH', itemPath(item!), 400, { title: 'x', recurrence: { frequency: 'Weekly', interval: 1, weekDays: ['Th'], count: 2 } });
    expect(message).toMatch(/must not be sent .* updateSeries=true/);
  });

  it('refuses a series update without a full recurrence (400)', async () => {
    const [item] = await newSeries('Lab meeting', 2);
    expect(await expectError(f, 'instructor', 'PATCH', `${itemPath(item!)}?updateSeries=true`, 400, { title: 'x' })).toMatch(/send the full recurrence/);
    expect(await expectError(f, 'instructor', 'PATCH', `${itemPath(item!)}?updateSeries=true`, 400, { recurrence: { frequency: 'Weekly', weekDays: ['Th'], count: 2 } })).toMatch(/interval is missing/);
  });

  it('replaces the whole series with updateSeries=true: old ids gone, the new count right', async () => {
    const old = await newSeries('Problem class', 6);
    expect(old).toHaveLength(6);
    const first = await expectCall(f, 'instructor', 'PATCH', `${itemPath(old[3]!)}?updateSeries=true`, 200, CalendarItem, {
      title: 'Problem class (new time)',
      ...at('2026-09-01T17:00:00.000Z'),
      recurrence: { frequency: 'Weekly', interval: 1, weekDays: ['Tu', 'Th'], count: 4 },
    });
    for (const item of old) await expectError(f, 'instructor', 'GET', itemPath(item), 404);
    const fresh = (await listAll(f, 'instructor', `courseId=${f.ids.ultra}&type=Course&${FALL}`)).filter((i) => i.title?.startsWith('Problem class'));
    expect(fresh.map((i) => i.start)).toEqual(['2026-09-01T17:00:00.000Z', '2026-09-03T17:00:00.000Z', '2026-09-08T17:00:00.000Z', '2026-09-10T17:00:00.000Z']);
    expect(fresh[0]!.id).toBe(first.id);
    expect(fresh.every((i) => i.title === 'Problem class (new time)' && i.recurrence?.count === 4)).toBe(true);
  });

  it('refuses GradebookColumn changes with a pointer to the gradebook endpoint (400)', async () => {
    const [column] = await listAll(f, 'instructor', `courseId=${f.ids.lecture}&type=GradebookColumn&${FALL}`);
    const message = await expectError(f, 'instructor', 'PATCH', itemPath(column!), 400, { title: 'x' });
    expect(message).toContain(`PATCH /learn/api/public/v2/courses/${f.ids.lecture}/gradebook/columns/${column!.id}`);
  });

  it('enforces limits and the calendar on update (400)', async () => {
    const [item] = await newSeries('Tutorial', 1);
    expect(await expectError(f, 'instructor', 'PATCH', itemPath(item!), 400, { title: 'T'.repeat(256) })).toBe('Calendar item title is 256 characters; the limit is 255');
    expect(await expectError(f, 'instructor', 'PATCH', itemPath(item!), 400, { location: 'L'.repeat(1025) })).toBe('Calendar item location is 1025 characters; the limit is 1024');
    expect(await expectError(f, 'instructor', 'PATCH', itemPath(item!), 400, { end: '2026-09-01T00:00:00.000Z' })).toMatch(/end must be after start/);
    expect(await expectError(f, 'instructor', 'PATCH', itemPath(item!), 400, { calendarId: 'PERSONAL' })).toMatch(/cannot change/);
  });

  it('refuses a student (403) and an unknown item (404)', async () => {
    const [lecture] = await listAll(f, 'student', `courseId=${f.ids.lecture}&type=Course&${FALL}`);
    expect(await expectError(f, 'student', 'PATCH', itemPath(lecture!), 403, { title: 'Cancelled!' })).toMatch(/course\.calendar-entry\.MODIFY/);
    await expectError(f, 'instructor', 'PATCH', `${ITEMS}/Course/_999999_1`, 404, { title: 'x' });
  });

  it('lets a co-instructor change course items, never a colleague\'s personal ones (403)', async () => {
    const [lecture] = await listAll(f, 'cowens', `courseId=${f.ids.lecture}&type=Course&${FALL}`);
    await expectCall(f, 'cowens', 'PATCH', itemPath(lecture!), 200, CalendarItem, { location: 'Hall B' });
    const [dentist] = (await listAll(f, 'instructor', `type=Personal&${FALL}`)).filter((i) => i.title === 'Dentist');
    await expectError(f, 'cowens', 'PATCH', itemPath(dentist!), 403, { title: 'x' });
  });
});

describe('Delete Calendar Item', () => {
  async function series(title: string): Promise<CalendarItem[]> {
    await expectCall(f, 'instructor', 'POST', ITEMS, 201, CalendarItem, {
      type: 'Personal',
      calendarId: 'PERSONAL',
      title,
      ...at('2026-09-07T12:00:00.000Z'),
      recurrence: { frequency: 'Daily', interval: 1, count: 3 },
    });
    return (await listAll(f, 'instructor', `type=Personal&${FALL}`)).filter((i) => i.title === title);
  }

  it('deletes one item of a series (204) and keeps the rest', async () => {
    const items = await series('Run');
    await expectCall(f, 'instructor', 'DELETE', itemPath(items[1]!), 204, NoBody);
    await expectError(f, 'instructor', 'GET', itemPath(items[1]!), 404);
    await expectCall(f, 'instructor', 'GET', itemPath(items[0]!), 200, CalendarItem);
    await expectCall(f, 'instructor', 'GET', itemPath(items[2]!), 200, CalendarItem);
  });

  it('deletes the whole series with deleteSeries=true', async () => {
    const items = await series('Swim');
    await expectCall(f, 'instructor', 'DELETE', `${itemPath(items[2]!)}?deleteSeries=true`, 204, NoBody);
    for (const item of items) await expectError(f, 'instructor', 'GET', itemPath(item), 404);
  });

  it('answers 400 for GradebookColumn items and a bad deleteSeries', async () => {
    const [column] = await listAll(f, 'instructor', `courseId=${f.ids.lecture}&type=GradebookColumn&${FALL}`);
    expect(await expectError(f, 'instructor', 'DELETE', itemPath(column!), 400)).toContain(`DELETE /learn/api/public/v2/courses/${f.ids.lecture}/gradebook/columns/${column!.id}`);
    const [item] = await series('Yoga');
    expect(await expectError(f, 'instructor', 'DELETE', `${itemPath(item!)}?deleteSeries=all`, 400)).toMatch(/deleteSeries/);
  });

  it('answers 403 to a student, to a non-owner of office hours and without the delete scope; 404 for an unknown item', async () => {
    const [lecture] = await listAll(f, 'student', `courseId=${f.ids.lecture}&type=Course&${FALL}`);
    await expectError(f, 'student', 'DELETE', itemPath(lecture!), 403);
    const [taHours] = (await listAll(f, 'cowens', `courseId=${f.ids.lecture}&type=OfficeHours&${FALL}`)).filter((i) => i.title?.startsWith('TA office hours'));
    expect(await expectError(f, 'cowens', 'DELETE', itemPath(taHours!), 403)).toMatch(/belong to another user/);
    await expectError(f, 'readOnly', 'DELETE', itemPath(lecture!), 403);
    await expectError(f, 'instructor', 'DELETE', `${ITEMS}/Personal/_999999_1`, 404);
  });
});
