import { afterEach, describe, expect, it } from 'vitest';
import { freshDb } from './db-fixtures';
import type { CalendarItem, NewCalendarItem } from '../../shared/api/calendar';
import { queueChange, waitingChanges, type RollbookDb } from '../../renderer/src/db';
import { createChange, createLabel, deleteChange, isEditable, knownFor, updateChange } from '../../renderer/src/features/calendar/calendar-changes';

/** The calendar's writes as outbox changes: their words, scope, `known` ids, and that the queue accepts them. */
const at = (day: number, hour: number): string => new Date(2026, 9, day, hour).toISOString();
const short = (iso: string): string => new Date(iso).toLocaleDateString(undefined, { month: 'short', day: 'numeric' });

const lecture: CalendarItem & { type: 'Course' } = {
  id: '_900_1',
  type: 'Course',
  calendarId: '_12_1',
  title: 'Lecture',
  start: at(19, 10),
  end: at(19, 11),
  recurrence: { frequency: 'Weekly', interval: 1, weekDays: ['Mo', 'We'], originalStart: at(19, 10) },
};
const grading: NewCalendarItem = { type: 'Personal', calendarId: 'PERSONAL', title: 'Exam grading', start: at(23, 13), end: at(23, 14) };

let db: RollbookDb | undefined;
afterEach(() => db?.close());

describe('calendar changes in words', () => {
  it('names the event, its day, and whether it is one event or the series', () => {
    expect(createLabel(grading)).toBe(`New event "Exam grading" (${short(grading.start)})`);
    expect(createLabel({ ...grading, recurrence: { frequency: 'Weekly', interval: 1, weekDays: ['Fr'], count: 4 } })).toBe(`New series "Exam grading" from ${short(grading.start)}`);
    expect(updateChange(lecture, { location: 'Hall D' }, 'this').label).toBe(`Change event "Lecture" (${short(lecture.start)})`);
    expect(updateChange(lecture, { title: 'Lecture 2' }, 'this').label).toBe(`Change event "Lecture" (${short(lecture.start)}) to "Lecture 2"`);
    expect(updateChange(lecture, { title: 'Lecture', recurrence: { frequency: 'Weekly', interval: 1, weekDays: ['Mo'] } }, 'series').label).toBe('Change series "Lecture"');
    expect(deleteChange(lecture, 'this').label).toBe(`Delete event "Lecture" (${short(lecture.start)})`);
    expect(deleteChange({ ...lecture, title: '  ' }, 'series').label).toBe('Delete series "(untitled)"');
  });
});

describe('what a calendar change carries', () => {
  it("is scoped by the item's calendar and sends exactly the channel's request", () => {
    expect(updateChange(lecture, { location: 'Hall D' }, 'this')).toMatchObject({
      courseId: '_12_1',
      change: { channel: 'calendar.update', request: { type: 'Course', id: '_900_1', change: { location: 'Hall D' }, scope: 'this' } },
    });
    expect(deleteChange(lecture, 'series').change).toEqual({ channel: 'calendar.delete', request: { type: 'Course', id: '_900_1', scope: 'series' } });
    expect(createChange(grading, []).courseId).toBe('PERSONAL');
  });

  it("knows, for a create, the ids already read in its calendar (not another calendar's, not local ids)", () => {
    const window: CalendarItem[] = [
      { id: '_1_1', type: 'Personal', calendarId: 'PERSONAL', title: 'Dentist', start: at(20, 8), end: at(20, 9) },
      { id: '_1_1', type: 'Personal', calendarId: 'PERSONAL', title: 'Dentist', start: at(20, 8), end: at(20, 9) },
      { id: '_2_1', type: 'OfficeHours', calendarId: 'PERSONAL', title: 'Office hours', start: at(20, 15), end: at(20, 16) },
      { id: 'local:0b7a4c8e-1111-4222-8333-944455556666', type: 'Personal', calendarId: 'PERSONAL', title: 'Made offline', start: at(21, 8), end: at(21, 9) },
      lecture,
    ];
    expect(knownFor(grading, window)).toEqual(['_1_1', '_2_1']);
    expect(createChange(grading, window).known).toEqual(['_1_1', '_2_1']);
  });

  it('leaves due dates out: they are changed in the gradebook', () => {
    expect(isEditable(lecture)).toBe(true);
    expect(isEditable({ ...lecture, type: 'GradebookColumn' })).toBe(false);
  });

  it('queues as built: a create gets a local id, a change of it names that id and waits behind it', async () => {
    db = await freshDb();
    const created = await queueChange(db, createChange(grading, []));
    expect(created.localId).toMatch(/^local:/);
    const made: CalendarItem & { type: 'Personal' } = { ...grading, type: 'Personal', id: created.localId ?? '' };
    await queueChange(db, updateChange(made, { title: 'Exam grading (midterm)' }, 'this'));
    await queueChange(db, deleteChange(lecture, 'this'));
    const waiting = await waitingChanges(db);
    expect(waiting.map((w) => [w.courseId, w.change.channel, w.label])).toEqual([
      ['PERSONAL', 'calendar.create', `New event "Exam grading" (${short(grading.start)})`],
      ['PERSONAL', 'calendar.update', `Change event "Exam grading" (${short(grading.start)}) to "Exam grading (midterm)"`],
      ['_12_1', 'calendar.delete', `Delete event "Lecture" (${short(lecture.start)})`],
    ]);
    expect(waiting[1]?.change.request).toMatchObject({ id: created.localId });
    expect((await waitingChanges(db, 'PERSONAL')).length).toBe(2);
  });
});
