import { describe, expect, it } from 'vitest';
import type { CalendarItem } from '../../shared/api/calendar';
import { describeRecurrence, editRule, seriesStartOf, timeLabel, typeLabel, visibleItems } from '../../renderer/src/features/calendar/calendar-items';

/** What the calendar says about items: series in words, what may be changed here, filters. */
const item = (over: Partial<CalendarItem>): CalendarItem => ({
  id: '_1_1',
  type: 'Course',
  calendarId: '_12_1',
  start: new Date(2026, 8, 2, 10).toISOString(),
  end: new Date(2026, 8, 2, 11).toISOString(),
  ...over,
});

describe('series in words', () => {
  it('says how often and until when', () => {
    expect(describeRecurrence({ frequency: 'Weekly', interval: 1, weekDays: ['Mo', 'We'], count: 29 })).toBe('Repeats weekly on Monday and Wednesday, 29 times');
    expect(describeRecurrence({ frequency: 'Monthly', interval: 1, monthPosition: 1, repeatDay: 'Tu', count: 4 })).toBe('Repeats monthly on the first Tuesday, 4 times');
    expect(describeRecurrence({ frequency: 'Monthly', interval: 1, monthPosition: -1, repeatDay: 'Fr', count: 1 })).toBe('Repeats monthly on the last Friday, 1 time');
    expect(describeRecurrence({ frequency: 'Daily', interval: 2, count: 5 })).toBe('Repeats every 2 days, 5 times');
    const until = new Date(2026, 11, 9, 23, 59);
    expect(describeRecurrence({ frequency: 'Weekly', interval: 1, weekDays: ['Th'], count: 15, until: until.toISOString() })).toBe(
      `Repeats weekly on Thursday, until ${until.toLocaleDateString(undefined, { dateStyle: 'medium' })}`,
    );
  });
});

describe('what may be changed here', () => {
  it('sends due dates to the gradebook of their course, institution dates to the administrators', () => {
    const due = editRule(item({ type: 'GradebookColumn', calendarName: 'PSYC-101-F26: Introduction to Psychology' }));
    expect(due).toEqual({ editable: false, reason: expect.stringMatching(/grade column\. Change it in Learn's gradebook for PSYC-101-F26: Introduction to Psychology/) });
    expect(editRule(item({ type: 'Institution' }))).toMatchObject({ editable: false, reason: expect.stringMatching(/administrators/) });
    for (const type of ['Course', 'Personal', 'OfficeHours'] as const) expect(editRule(item({ type }))).toEqual({ editable: true });
  });
});

describe('the items a view shows', () => {
  it('filters by type, lists an item in two windows once, and orders by start then title', () => {
    const a = item({ id: '_1_1', title: 'B lecture' });
    const b = item({ id: '_2_1', title: 'A lecture' });
    const due = item({ id: '_1_1', type: 'GradebookColumn', title: 'Essay', start: new Date(2026, 8, 1).toISOString(), end: new Date(2026, 8, 1).toISOString() });
    const shown = visibleItems([[a, due], [a, b]], new Set(['Course', 'GradebookColumn'] as const));
    expect(shown.map((i) => `${i.type}/${i.id}`)).toEqual(['GradebookColumn/_1_1', 'Course/_2_1', 'Course/_1_1']);
    expect(visibleItems([[a, due]], new Set(['Course'] as const))).toEqual([a]);
  });

  it('labels times for a day: a range, a due time, all day, or continuing', () => {
    const day = new Date(2026, 8, 2);
    const t = (h: number, m = 0): string => new Date(2026, 8, 2, h, m).toLocaleTimeString(undefined, { hour: 'numeric', minute: '2-digit' });
    expect(timeLabel(item({}), day)).toBe(`${t(10)} – ${t(11)}`);
    expect(timeLabel(item({ type: 'GradebookColumn', start: new Date(2026, 8, 2, 23, 59).toISOString(), end: new Date(2026, 8, 2, 23, 59).toISOString() }), day)).toBe(`Due ${t(23, 59)}`);
    expect(timeLabel(item({ start: new Date(2026, 8, 1).toISOString(), end: new Date(2026, 8, 4).toISOString() }), day)).toBe('All day');
    expect(timeLabel(item({ start: new Date(2026, 8, 1, 20).toISOString(), end: new Date(2026, 8, 2, 2).toISOString() }), day)).toBe(`earlier – ${t(2)}`);
  });
});

describe('where a series starts', () => {
  it('is the earliest known item of the same calendar, type, pattern and time of day', () => {
    const r = { frequency: 'Weekly' as const, interval: 1, weekDays: ['Mo' as const, 'We' as const], count: 29 };
    const at = (d: number, h = 10): string => new Date(2026, 8, d, h).toISOString();
    const opened = item({ id: '_5_1', start: at(9), recurrence: { ...r, originalStart: at(9) } });
    const earlier = item({ id: '_3_1', start: at(2), recurrence: { ...r, originalStart: at(2) } });
    const otherSeries = item({ id: '_9_1', start: at(1, 14), recurrence: { ...r, originalStart: at(1, 14) } });
    const otherCourse = item({ id: '_8_1', calendarId: '_13_1', start: at(1), recurrence: { ...r, originalStart: at(1) } });
    expect(seriesStartOf(opened, [opened, earlier, otherSeries, otherCourse])).toEqual(new Date(2026, 8, 2, 10));
    expect(seriesStartOf(item({}), [earlier])).toBeUndefined();
  });
});

describe('kinds, frequencies and days Learn added since', () => {
  const holiday = item({ id: '_9_1', type: 'Holiday', calendarId: 'INSTITUTION', title: 'Founders Day' });

  it('are shown as Learn names them, never hidden by the kind filter, and left to Learn to change', () => {
    expect(typeLabel('Holiday')).toBe('Holiday');
    expect(typeLabel('OfficeHours')).toBe('Office hours');
    expect(visibleItems([[holiday]], new Set(['Course']))).toEqual([holiday]);
    expect(editRule(holiday)).toEqual({ editable: false, reason: 'Rollbook cannot change items of this kind (Holiday). Change it in Learn.' });
  });

  it('say a series of an unknown frequency or day as it came, and keep it out of the form', () => {
    expect(describeRecurrence({ frequency: 'Fortnightly', count: 3 })).toBe('Repeats Fortnightly, 3 times');
    expect(describeRecurrence({ frequency: 'Weekly', weekDays: ['Mo', 'Funday'] })).toBe('Repeats weekly on Monday and Funday');
    const odd = { ...holiday, type: 'Course', recurrence: { frequency: 'Weekly', weekDays: ['Funday'] } };
    expect(editRule(odd)).toMatchObject({ editable: false, reason: expect.stringContaining('Repeats weekly on Funday') });
  });
});
