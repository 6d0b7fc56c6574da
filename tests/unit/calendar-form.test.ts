import { describe, expect, it } from 'vitest';
import type { CalendarItem } from '../../shared/api/calendar';
import { CalendarItemPatch, NewCalendarItem } from '../../shared/api/calendar';
import { CalendarUpdateRequest } from '../../shared/ipc/calendar-channels';
import { blankDraft, changeFromDraft, draftFromItem, newItemFromDraft, recurrenceOf, type CalendarDraft } from '../../renderer/src/features/calendar/calendar-form';

/**
 * The calendar form's checks and the bodies it sends: a new series carries its whole recurrence,
 * "this event" never sends one, "the whole series" always sends a complete one, and every problem
 * names the field to fix.
 */
const day = new Date(2026, 8, 1); // Tuesday
const draft = (over: Partial<CalendarDraft> = {}): CalendarDraft => ({ ...blankDraft(day), title: 'Reading group', ...over });
const problemOf = (r: { ok: boolean; problem?: string }): string | undefined => (r.ok ? undefined : r.problem);

const lecture: CalendarItem = {
  id: '_40_1',
  type: 'Course',
  calendarId: '_12_1',
  calendarName: 'PSYC-101-F26: Introduction to Psychology',
  title: 'Lecture',
  location: 'Hall A',
  start: new Date(2026, 8, 9, 10, 0).toISOString(),
  end: new Date(2026, 8, 9, 11, 15).toISOString(),
  recurrence: { frequency: 'Weekly', interval: 1, weekDays: ['Mo', 'We'], count: 29, originalStart: new Date(2026, 8, 9, 10, 0).toISOString() },
};

describe('new calendar items', () => {
  it('sends a single personal event with local times as instants, and no recurrence', () => {
    const r = newItemFromDraft(draft({ location: 'Library', startTime: '16:00', endTime: '17:30' }));
    expect(r).toEqual({
      ok: true,
      value: { type: 'Personal', calendarId: 'PERSONAL', title: 'Reading group', location: 'Library', start: new Date(2026, 8, 1, 16).toISOString(), end: new Date(2026, 8, 1, 17, 30).toISOString() },
    });
    if (r.ok) expect(NewCalendarItem.safeParse(r.value).success).toBe(true);
  });

  it('sends a weekly series with its days in Learn order and its end', () => {
    const r = newItemFromDraft(draft({ repeats: 'Weekly', weekDays: ['Th', 'Tu'], endsBy: 'count', count: 12 }));
    expect(r.ok && r.value.recurrence).toEqual({ frequency: 'Weekly', interval: 1, weekDays: ['Tu', 'Th'], count: 12 });
    const monthly = newItemFromDraft(draft({ repeats: 'Monthly', monthlyBy: 'position', monthPosition: 1, repeatDay: 'Tu', endsBy: 'until', untilDate: '2026-12-31' }));
    expect(monthly.ok && monthly.value.recurrence).toMatchObject({ frequency: 'Monthly', monthPosition: 1, repeatDay: 'Tu', until: new Date(2026, 11, 31, 23, 59).toISOString() });
    expect(monthly.ok && monthly.value.recurrence).not.toHaveProperty('monthRepeatDay');
  });

  it('names the field and the fix for each bad input', () => {
    expect(problemOf(newItemFromDraft(draft({ title: '  ' })))).toMatch(/^Title: enter a title/);
    expect(problemOf(newItemFromDraft(draft({ title: 'x'.repeat(256) })))).toMatch(/^Title: 256 characters; shorten it to 255/);
    expect(problemOf(newItemFromDraft(draft({ location: 'x'.repeat(1025) })))).toMatch(/^Location: 1025 characters/);
    expect(problemOf(newItemFromDraft(draft({ endTime: '09:00' })))).toMatch(/^End: the event must end after it starts/);
    expect(problemOf(newItemFromDraft(draft({ date: '2026-02-30' })))).toMatch(/^Start: enter a real date/);
    expect(problemOf(newItemFromDraft(draft({ type: 'Course' })))).toMatch(/^Calendar: a course event belongs to a course/);
    expect(problemOf(newItemFromDraft(draft({ type: 'OfficeHours', calendarId: '_12_1' })))).toMatch(/^Repeats: office hours are a series/);
    expect(problemOf(recurrenceOf(draft({ repeats: 'Weekly', weekDays: [] })))).toMatch(/^Repeat on: choose at least one day/);
    expect(problemOf(recurrenceOf(draft({ repeats: 'Daily', interval: 0 })))).toMatch(/^Repeat every: .* 1 to 100/);
    expect(problemOf(recurrenceOf(draft({ repeats: 'Daily', count: 201 })))).toMatch(/^Ends after: .* 1 to 200/);
    expect(problemOf(recurrenceOf(draft({ repeats: 'Daily', endsBy: 'until', untilDate: '2026-08-01' })))).toMatch(/^Ends on: the series must end on or after/);
    expect(problemOf(recurrenceOf(draft({ repeats: 'Monthly', monthlyBy: 'day', monthRepeatDay: 32 })))).toMatch(/^Day of the month/);
  });
});

describe('changing an item of a series', () => {
  it('"this event" sends only what changed and never a recurrence', () => {
    const before = draftFromItem(lecture);
    const r = changeFromDraft({ ...before, startTime: '10:30', endTime: '11:45', location: 'Hall B' }, before, 'this');
    expect(r).toEqual({ ok: true, value: { location: 'Hall B', start: new Date(2026, 8, 9, 10, 30).toISOString(), end: new Date(2026, 8, 9, 11, 45).toISOString() } });
    if (r.ok) expect(CalendarUpdateRequest.safeParse({ type: 'Course', id: lecture.id, change: r.value, scope: 'this' }).success).toBe(true);
    expect(problemOf(changeFromDraft(before, before, 'this'))).toMatch(/^Nothing changed/);
  });

  it('"the whole series" starts at the series\' first date and sends the complete recurrence', () => {
    const first = new Date(2026, 7, 31, 10, 0);
    const before = draftFromItem(lecture, first);
    expect([before.date, before.startTime, before.endTime]).toEqual(['2026-08-31', '10:00', '11:15']);
    // Only the title changes: no dates are sent, so Learn keeps the series' own start.
    const renamed = changeFromDraft({ ...before, title: 'Lecture: Intro to Psychology' }, before, 'series');
    expect(renamed).toEqual({ ok: true, value: { title: 'Lecture: Intro to Psychology', recurrence: { frequency: 'Weekly', interval: 1, weekDays: ['Mo', 'We'], count: 29 } } });
    // A new time moves every event: the first date with the new times is sent.
    const moved = changeFromDraft({ ...before, startTime: '11:00', endTime: '12:15' }, before, 'series');
    expect(moved.ok && moved.value.start).toBe(new Date(2026, 7, 31, 11).toISOString());
    if (moved.ok) expect(CalendarItemPatch.safeParse(moved.value).success).toBe(true);
    expect(problemOf(changeFromDraft({ ...before, repeats: 'none' }, before, 'series'))).toMatch(/^Repeats: a series needs a pattern/);
  });

  it('keeps an "until" series ending on its date (Learn gives until precedence over count)', () => {
    const until = new Date(2026, 11, 9, 23, 59).toISOString();
    const d = draftFromItem({ ...lecture, recurrence: { ...lecture.recurrence, until, count: 29 } });
    expect([d.endsBy, d.untilDate]).toEqual(['until', '2026-12-09']);
  });

  it('refuses a one-event change carrying a recurrence, and a series change without one, at the IPC boundary', () => {
    const recurrence = { frequency: 'Weekly' as const, interval: 1, weekDays: ['Mo' as const], count: 3 };
    expect(CalendarUpdateRequest.safeParse({ type: 'Course', id: '_1_1', change: { recurrence }, scope: 'this' }).success).toBe(false);
    expect(CalendarUpdateRequest.safeParse({ type: 'Course', id: '_1_1', change: { title: 'x' }, scope: 'series' }).success).toBe(false);
    expect(CalendarUpdateRequest.safeParse({ type: 'GradebookColumn', id: '_1_1', change: { title: 'x' }, scope: 'this' }).success).toBe(false);
  });
});
