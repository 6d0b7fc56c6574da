import { describe, expect, it } from 'vitest';
import { CalendarItem, PagedCalendars, PartialCalendarItem } from '../../../shared/api/calendar';
import { pagedEnvelope } from '../../../shared/api/common';
import { API, FALL, ITEMS, WEEK, at, expectCall, expectError, itemPath, listAll, useCalendarSandbox } from './calendar-fixture';
import { solid } from './learn-variety';

// Contract of Learn's calendar reads: Get Calendars, Get Calendar Items, Get Calendar Item
// (seed 000 "Calendar items"; docs/api-notes/calendar.md). Changes: calendar-changes.test.ts.
const f = useCalendarSandbox();
/** An item's documented fields that carry a value (answers vary: null or absent, unknown fields added). */
const ITEM_FIELDS = ['id', 'type', 'calendarId', 'calendarName', 'title', 'description', 'location', 'start', 'end', 'modified', 'color', 'disableResizing', 'createdByUserId', 'dynamicCalendarItemProps', 'recurrence'] as const;
const documented = (item: CalendarItem): Record<string, unknown> => solid(item, ITEM_FIELDS);

describe('Get Calendars', () => {
  it('lists Institution, Personal and each course calendar the user can view', async () => {
    const mine = await expectCall(f, 'instructor', 'GET', API, 200, PagedCalendars);
    const names = mine.results.map((c) => c.id);
    expect(names.slice(0, 2)).toEqual(['INSTITUTION', 'PERSONAL']);
    expect(names).toEqual(expect.arrayContaining([f.ids.lecture, f.ids.seminar, f.ids.ultra, f.ids.org]));
    expect(mine.results.find((c) => c.id === f.ids.lecture)?.name).toBe('PSYC-101-F26: Introduction to Psychology');

    const student = await expectCall(f, 'student', 'GET', API, 200, PagedCalendars);
    expect(student.results.map((c) => c.id)).toEqual(['INSTITUTION', 'PERSONAL', f.ids.lecture]);
    // A guest holds no calendar entitlement in the seminar.
    const guest = await expectCall(f, 'guest', 'GET', API, 200, PagedCalendars);
    expect(guest.results.map((c) => c.id)).toEqual(['INSTITUTION', 'PERSONAL']);
  });

  it('leaves out a course whose calendar is disabled', async () => {
    f.sandbox.context().directory.courses.get(f.ids.lecture!)!.calendarEnabled = false;
    const student = await expectCall(f, 'student', 'GET', API, 200, PagedCalendars);
    expect(student.results.map((c) => c.id)).toEqual(['INSTITUTION', 'PERSONAL']);
  });

  it('answers 401 without a token', async () => {
    await expectError(f, 'nobody', 'GET', API, 401);
  });
});

describe('Get Calendar Items', () => {
  it('returns the weekly lecture series on Mondays and Wednesdays with its recurrence', async () => {
    const items = await listAll(f, 'student', `courseId=${f.ids.lecture}&type=Course&${FALL}`);
    const lectures = items.filter((i) => i.title === 'Lecture: Introduction to Psychology');
    expect(lectures).toHaveLength(30);
    expect(new Set(lectures.map((i) => new Date(i.start).getUTCDay()))).toEqual(new Set([1, 3]));
    expect(lectures[0]!.recurrence).toMatchObject({ frequency: 'Weekly', interval: 1, weekDays: ['Mo', 'We'], count: 30, repeatBroken: false });
    expect(lectures.map((i) => i.start)).toEqual([...lectures.map((i) => i.start)].sort());
  });

  it('returns at most 16 weeks after since: a 17-week query stops at week 16', async () => {
    const since = Date.parse('2027-01-04T00:00:00.000Z');
    const inside = await expectCall(f, 'instructor', 'POST', ITEMS, 201, CalendarItem, { type: 'Personal', calendarId: 'PERSONAL', title: 'Week 16', ...at(new Date(since + 16 * WEEK - 2 * 3600_000).toISOString()) });
    const outside = await expectCall(f, 'instructor', 'POST', ITEMS, 201, CalendarItem, { type: 'Personal', calendarId: 'PERSONAL', title: 'Week 17', ...at(new Date(since + 16 * WEEK + 2 * 86400_000).toISOString()) });
    const until = new Date(since + 17 * WEEK).toISOString();
    const items = await listAll(f, 'instructor', `type=Personal&since=${new Date(since).toISOString()}&until=${until}`);
    expect(items.map((i) => i.id)).toContain(inside.id);
    expect(items.map((i) => i.id)).not.toContain(outside.id);
    expect(items.every((i) => Date.parse(i.start) <= since + 16 * WEEK)).toBe(true);
    // The same item is there when the window starts later.
    const later = await listAll(f, 'instructor', `type=Personal&since=${new Date(since + 2 * WEEK).toISOString()}&until=${until}`);
    expect(later.map((i) => i.id)).toContain(outside.id);
  });

  it('defaults to the two weeks from now, or the two weeks before until', async () => {
    f.sandbox.context().clock.set(Date.parse('2026-09-02T00:00:00.000Z'));
    const fromNow = await listAll(f, 'instructor', 'type=Institution');
    expect(fromNow.map((i) => i.title)).toEqual(['Labor Day: no classes']);
    const beforeUntil = await listAll(f, 'instructor', 'type=Institution&until=2026-10-14T00:00:00.000Z');
    expect(beforeUntil.map((i) => i.title)).toEqual(['Fall break']);
  });

  it('reads since and until in the Swagger\'s basic and extended forms; no zone means UTC', async () => {
    const basic = await listAll(f, 'student', 'type=Institution&since=20261012T0000Z&until=20261014');
    const extended = await listAll(f, 'student', 'type=Institution&since=2026-10-12T00:00&until=2026-10-14');
    expect(basic.map((i) => i.title)).toEqual(['Fall break']);
    expect(extended.map(documented)).toEqual(basic.map(documented));
    expect(await expectError(f, 'student', 'GET', `${ITEMS}?since=2026-02-30`, 400)).toMatch(/not an ISO 8601 date-time: 2026-02-30/);
  });

  it('with courseId returns that course\'s Course, OfficeHours and GradebookColumn items; type narrows them', async () => {
    const items = await listAll(f, 'instructor', `courseId=${f.ids.lecture}&${FALL}`);
    expect(new Set(items.map((i) => i.type))).toEqual(new Set(['Course', 'OfficeHours', 'GradebookColumn']));
    expect(items.every((i) => i.calendarId === f.ids.lecture || (i.type === 'OfficeHours' && i.calendarId === 'PERSONAL'))).toBe(true);

    const columns = await listAll(f, 'instructor', `courseId=${f.ids.lecture}&type=GradebookColumn&${FALL}`);
    expect(columns.map((i) => i.title)).toEqual(['Reading response 1', 'Reading response 2', 'Research proposal']);
    expect(columns[0]!.dynamicCalendarItemProps).toMatchObject({ gradable: true, eventType: 'Assignment' });
    const asStudent = await listAll(f, 'student', `courseId=${f.ids.lecture}&type=GradebookColumn&${FALL}`);
    expect(asStudent[0]!.dynamicCalendarItemProps?.gradable).toBe(false);
  });

  it('with type alone filters across the user\'s calendars, showing only what the user may see', async () => {
    const institution = await listAll(f, 'student', `type=Institution&${FALL}`);
    expect(institution.map((i) => i.title)).toContain('Final exam week');
    expect(institution.every((i) => i.type === 'Institution')).toBe(true);

    const personal = await listAll(f, 'instructor', `type=Personal&${FALL}`);
    expect(personal.map((i) => i.title)).toContain('Dentist');
    expect(personal.map((i) => i.title)).not.toContain('Lab manager sync'); // a colleague's
    const studentPersonal = await listAll(f, 'student', `type=Personal&${FALL}`);
    expect(studentPersonal).toEqual([]);
  });

  it('shows a course\'s office hours to its members only, and personal office hours to members of the owner\'s courses', async () => {
    const lectureStudent = await listAll(f, 'student', `type=OfficeHours&${FALL}`);
    expect(new Set(lectureStudent.map((i) => i.title))).toEqual(new Set(['Office hours: Dr. Okafor', 'TA office hours: Priya Raman']));
    const nursing = await listAll(f, 'nursing', `type=OfficeHours&${FALL}`);
    expect(new Set(nursing.map((i) => i.title))).toEqual(new Set(['Office hours: Dr. Okafor']));
    expect(await listAll(f, 'guest', `type=OfficeHours&${FALL}`)).toEqual([]);
  });

  it('sorts, pages and trims fields', async () => {
    const first = await expectCall(f, 'student', 'GET', `${ITEMS}?type=Institution&${FALL}&sort=title(desc)&limit=2&fields=id,title`, 200, pagedEnvelope(PartialCalendarItem));
    expect(first.results.map((i) => i.title)).toEqual(['Thanksgiving recess', 'Last day of classes']);
    expect(Object.keys(first.results[0]!)).toEqual(['id', 'title']);
    expect(first.paging?.nextPage).toMatch(/offset=2/);
    const second = await expectCall(f, 'student', 'GET', first.paging!.nextPage!, 200, pagedEnvelope(PartialCalendarItem));
    expect(second.results.map((i) => i.title)).toEqual(['Labor Day: no classes', 'Final exam week']);
  });

  it('answers 400 for a bad date, until before since, an unknown type or sort field', async () => {
    expect(await expectError(f, 'student', 'GET', `${ITEMS}?since=next-tuesday`, 400)).toMatch(/since.*ISO 8601/);
    expect(await expectError(f, 'student', 'GET', `${ITEMS}?since=2026-10-01T00:00:00Z&until=2026-09-01T00:00:00Z`, 400)).toMatch(/before 'since'/);
    expect(await expectError(f, 'student', 'GET', `${ITEMS}?type=Holiday`, 400)).toMatch(/Course, GradebookColumn, Institution, OfficeHours, Personal/);
    expect(await expectError(f, 'student', 'GET', `${ITEMS}?sort=location`, 400)).toMatch(/Unsupported sort field: location/);
  });

  it('answers 403 for a course the user is not in or whose calendar is off, 404 for an unknown course', async () => {
    expect(await expectError(f, 'student', 'GET', `${ITEMS}?courseId=${f.ids.seminar}`, 403)).toMatch(/not enrolled in HIST-310-F26/);
    f.sandbox.context().directory.courses.get(f.ids.lecture!)!.calendarEnabled = false;
    expect(await expectError(f, 'student', 'GET', `${ITEMS}?courseId=${f.ids.lecture}`, 403)).toMatch(/calendar of PSYC-101-F26 .* is disabled/);
    await expectError(f, 'student', 'GET', `${ITEMS}?courseId=_999999_1`, 404);
  });
});

describe('Get Calendar Item', () => {
  it('returns an item by type and id, with fields', async () => {
    const [dentist] = (await listAll(f, 'instructor', `type=Personal&${FALL}`)).filter((i) => i.title === 'Dentist');
    const item = await expectCall(f, 'instructor', 'GET', itemPath(dentist!), 200, CalendarItem);
    expect(documented(item)).toEqual(documented(dentist!));
    const trimmed = await expectCall(f, 'instructor', 'GET', `${itemPath(dentist!)}?fields=id,start`, 200, PartialCalendarItem);
    expect(trimmed).toEqual({ id: dentist!.id, start: dentist!.start });
  });

  it('answers 400 for an unknown type, 404 for an unknown id or the wrong type, 403 for someone else\'s item', async () => {
    const [dentist] = (await listAll(f, 'instructor', `type=Personal&${FALL}`)).filter((i) => i.title === 'Dentist');
    expect(await expectError(f, 'instructor', 'GET', `${ITEMS}/Meeting/${dentist!.id}`, 400)).toMatch(/calendarItemType 'Meeting'/);
    await expectError(f, 'instructor', 'GET', `${ITEMS}/Personal/_999999_1`, 404);
    await expectError(f, 'instructor', 'GET', `${ITEMS}/Course/${dentist!.id}`, 404);
    expect(await expectError(f, 'cowens', 'GET', itemPath(dentist!), 403)).toMatch(/another user's personal calendar/);
  });
});
