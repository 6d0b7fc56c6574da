import { describe, expect, it } from 'vitest';
import type { CalendarItem, CalendarItemRecurrence, NewCalendarItem, RecurrenceInput } from '../../shared/api/calendar';
import type { QueuedChange } from '../../shared/domain/queued-change';
import type { WaitingChange } from '../../renderer/src/db';
import { isCalendarChange, ofTypes, waitingText, withWaitingChanges, type ShownItem } from '../../renderer/src/features/calendar/calendar-waiting';

/** The calendar with its waiting changes laid over the last-read copy. */
const at = (day: number, hour: number, minute = 0): string => new Date(2026, 9, day, hour, minute).toISOString();
const LOCAL = 'local:0b7a4c8e-1111-4222-8333-944455556666';
const series: CalendarItemRecurrence = { frequency: 'Weekly', interval: 1, weekDays: ['Mo', 'We'], originalStart: at(19, 10) };
const lecture = (id: string, day: number): CalendarItem => ({
  id,
  type: 'Course',
  calendarId: '_12_1',
  title: 'Lecture',
  location: 'Hall A',
  start: at(day, 10),
  end: at(day, 11),
  recurrence: { ...series, originalStart: at(day, 10) },
});
const dentist: CalendarItem = { id: '_5_1', type: 'Personal', calendarId: 'PERSONAL', title: 'Dentist', start: at(20, 8), end: at(20, 9) };
const read = [lecture('_1_1', 19), dentist, lecture('_2_1', 21)];

let n = 0;
const waiting = (change: QueuedChange, extra: Partial<WaitingChange> = {}): WaitingChange => ({
  opId: `op-${String(++n).padStart(3, '0')}`,
  courseId: 'PERSONAL',
  at: at(1, 0),
  change,
  label: 'a change',
  state: 'pending',
  ...extra,
});
const names = (id: string): string | undefined => (id === 'PERSONAL' ? 'Personal' : undefined);
const view = (items: ShownItem[]) => items.map((i) => [i.id, i.title, i.start, i.waiting ? waitingText(i.waiting) : '']);

describe('the calendar with its waiting changes', () => {
  it('shows what Learn has when nothing waits, by start', () => {
    expect(view(withWaitingChanges([...read].reverse(), [], names))).toEqual(view(read));
  });

  it('puts a new event on its day, named by its local id, with its calendar and the mark', () => {
    const item: NewCalendarItem = { type: 'Personal', calendarId: 'PERSONAL', title: 'Exam grading', start: at(20, 7), end: at(20, 8) };
    const shown = withWaitingChanges(read, [waiting({ channel: 'calendar.create', request: { item } }, { localId: LOCAL })], names);
    expect(view(shown)[1]).toEqual([LOCAL, 'Exam grading', at(20, 7), 'waiting to be sent']);
    expect(shown[1]).toMatchObject({ calendarName: 'Personal', type: 'Personal' });
    const recurring: NewCalendarItem = { ...item, recurrence: { frequency: 'Weekly', interval: 1, weekDays: ['Tu'], count: 4 } };
    const first = withWaitingChanges([], [waiting({ channel: 'calendar.create', request: { item: recurring } }, { localId: LOCAL })], names);
    expect(first.map((i) => [i.recurrence?.frequency, i.waiting && waitingText(i.waiting)])).toEqual([['Weekly', 'series, waiting to be sent']]); // its first event only
  });

  it('shows an edit of one event at its new time and place, marked; the series otherwise as read', () => {
    const change: QueuedChange = { channel: 'calendar.update', request: { type: 'Course', id: '_1_1', scope: 'this', change: { location: 'Hall D', start: at(19, 10, 30), end: at(19, 11, 45) } } };
    const shown = withWaitingChanges(read, [waiting(change)], names);
    expect(shown.map((i) => [i.id, i.location, i.start, i.waiting && waitingText(i.waiting)])).toEqual([
      ['_1_1', 'Hall D', at(19, 10, 30), 'change waiting'],
      ['_5_1', undefined, at(20, 8), undefined],
      ['_2_1', 'Hall A', at(21, 10), undefined],
    ]);
    expect(read[0]?.location).toBe('Hall A'); // the read copy is not touched
  });

  it("marks every event of a series changed or deleted as a whole, keeping Learn's times", () => {
    const recurrence: RecurrenceInput = { frequency: 'Weekly', interval: 1, weekDays: ['Mo'] };
    const change: QueuedChange = { channel: 'calendar.update', request: { type: 'Course', id: '_2_1', scope: 'series', change: { location: 'Hall C', start: at(5, 9), end: at(5, 10), recurrence } } };
    const changed = withWaitingChanges(read, [waiting(change)], names);
    expect(changed.filter((i) => i.type === 'Course').map((i) => [i.location, i.start, i.waiting?.mark])).toEqual([
      ['Hall C', at(19, 10), 'changed'],
      ['Hall C', at(21, 10), 'changed'],
    ]);
    const deleted = withWaitingChanges(read, [waiting({ channel: 'calendar.delete', request: { type: 'Course', id: '_1_1', scope: 'series' } })], names);
    expect(deleted.map((i) => i.waiting?.mark)).toEqual(['deleted', undefined, 'deleted']);
  });

  it('keeps a new event new when it is changed before it is sent, and marks one deleted (or refused) so', () => {
    const item: NewCalendarItem = { type: 'Personal', calendarId: 'PERSONAL', title: 'Exam grading', start: at(23, 13), end: at(23, 14) };
    const create = waiting({ channel: 'calendar.create', request: { item } }, { localId: LOCAL });
    const rename = waiting({ channel: 'calendar.update', request: { type: 'Personal', id: LOCAL, scope: 'this', change: { title: 'Exam grading (midterm)' } } });
    const remove = waiting({ channel: 'calendar.delete', request: { type: 'Personal', id: '_5_1', scope: 'this' } }, { state: 'failed', error: 'gone' });
    const shown = withWaitingChanges(read, [create, rename, remove], names);
    expect(view(shown.filter((i) => i.type === 'Personal'))).toEqual([
      ['_5_1', 'Dentist', at(20, 8), 'delete not sent'],
      [LOCAL, 'Exam grading (midterm)', at(23, 13), 'waiting to be sent'],
    ]);
    const gone = withWaitingChanges(read, [create, waiting({ channel: 'calendar.delete', request: { type: 'Personal', id: LOCAL, scope: 'this' } })], names);
    expect(gone.find((i) => i.id === LOCAL)?.waiting).toEqual({ mark: 'deleted', series: false, failed: false });
  });

  it("ignores other areas' changes and changes of events not on screen; filters by type after", () => {
    const content = waiting({ channel: 'announcements.delete', request: { id: '_7_1' } });
    const elsewhere = waiting({ channel: 'calendar.delete', request: { type: 'Course', id: '_99_1', scope: 'this' } });
    expect(isCalendarChange(content)).toBe(false);
    expect(view(withWaitingChanges(read, [content, elsewhere], names))).toEqual(view(read));
    expect(ofTypes(read, new Set(['Personal'] as const)).map((i) => i.id)).toEqual(['_5_1']);
  });
});
