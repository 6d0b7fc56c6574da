import type { SandboxContext } from '../../core/context';
import { DEMO_COURSES, DEMO_STAFF } from '../institution';
import type { RecurrenceRule } from './recurrence';
import type { CalendarStore, GradebookColumnFacts } from './state';
import type { ItemType } from './wire';

/**
 * The demo calendar of Northfield University, Fall 2026 (classes Aug 31 to Dec 11, exams Dec
 * 14-18): institution dates, Dr. Okafor's personal items and office hours, weekly lecture and
 * seminar series, a TA's office hours, and grade-column due dates. Fixed dates, so screenshots
 * and tests agree; campus time is US Eastern. Made through the same store calls as the API.
 *
 * GradebookColumn items stand alone here (the content module does not publish its assignments'
 * due dates to other modules); each mirrors a grade column a course would have.
 */

/** Campus local time (Eastern: EDT until Nov 1 2026, EST after) as a UTC instant. */
function campus(date: string, time = '00:00'): number {
  const offset = date < '2026-11-01' ? '-04:00' : '-05:00';
  return Date.parse(`${date}T${time}:00${offset}`);
}

const HOUR = 60 * 60 * 1000;

export function seedCalendar(ctx: SandboxContext, store: CalendarStore): void {
  const { directory } = ctx;
  const user = (userName: string): string => directory.user(`userName:${userName}`).id;
  const course = (courseId: string): string => directory.course(`courseId:${courseId}`).id;
  const instructor = user(DEMO_STAFF.instructor);
  const admin = user(DEMO_STAFF.admin);

  const add = (
    type: ItemType,
    calendarId: string,
    title: string,
    start: number,
    end: number,
    extra: { by?: string; location?: string; description?: string; recurrence?: RecurrenceRule; gradebook?: GradebookColumnFacts } = {},
  ): void => {
    const owned = type === 'Personal' || type === 'OfficeHours';
    store.create(
      {
        type,
        calendarId,
        title,
        start,
        end,
        description: extra.description,
        location: extra.location,
        createdByUserId: extra.by,
        ownerUserId: owned ? extra.by : undefined,
        disableResizing: type === 'GradebookColumn',
        gradebook: extra.gradebook,
      },
      extra.recurrence,
    );
  };
  /** A whole campus day, or several. */
  const days = (first: string, last = first): [number, number] => {
    const end = new Date(campus(last) + 24 * HOUR).toISOString().slice(0, 10);
    return [campus(first), campus(end)];
  };

  // Institution: the term's dates everyone sees.
  const institution = (title: string, [start, end]: [number, number], description?: string): void =>
    add('Institution', 'INSTITUTION', title, start, end, { by: admin, ...(description ? { description } : {}) });
  institution('Fall 2026 classes begin', days('2026-08-31'));
  institution('Labor Day: no classes', days('2026-09-07'));
  institution('Fall break', days('2026-10-12', '2026-10-13'));
  institution('Thanksgiving recess', days('2026-11-25', '2026-11-27'), 'University closed Thursday and Friday.');
  institution('Last day of classes', days('2026-12-11'));
  institution('Final exam week', days('2026-12-14', '2026-12-18'), 'See the exam schedule for rooms.');

  // Dr. Okafor's own calendar, and a colleague's item she must not see.
  add('Personal', 'PERSONAL', 'Department meeting', campus('2026-09-01', '16:00'), campus('2026-09-01', '17:00'), {
    by: instructor,
    location: 'Psychology 2.01',
    recurrence: { frequency: 'Monthly', interval: 1, monthPosition: 1, repeatDay: 'Tu', count: 4 },
  });
  add('Personal', 'PERSONAL', 'Dentist', campus('2026-10-20', '08:30'), campus('2026-10-20', '09:30'), { by: instructor });
  add('Personal', 'PERSONAL', 'Grant proposal due (NSF)', campus('2026-11-30', '17:00'), campus('2026-11-30', '17:30'), { by: instructor });
  add('Personal', 'PERSONAL', 'Lab manager sync', campus('2026-09-02', '09:00'), campus('2026-09-02', '09:30'), { by: user(DEMO_STAFF.coInstructor) });

  // Course schedules: weekly series.
  const lecture = course(DEMO_COURSES.lecture);
  add('Course', lecture, 'Lecture: Introduction to Psychology', campus('2026-08-31', '10:00'), campus('2026-08-31', '11:15'), {
    by: instructor,
    location: 'Hall A',
    recurrence: { frequency: 'Weekly', interval: 1, weekDays: ['Mo', 'We'], until: new Date(campus('2026-12-09', '23:59')).toISOString() },
  });
  add('Course', lecture, 'Midterm exam', campus('2026-10-21', '10:00'), campus('2026-10-21', '11:15'), { by: instructor, location: 'Hall A and Hall B' });
  add('Course', course(DEMO_COURSES.seminar), 'Seminar meeting', campus('2026-09-03', '14:00'), campus('2026-09-03', '16:30'), {
    by: instructor,
    location: 'Library 204',
    recurrence: { frequency: 'Weekly', interval: 1, weekDays: ['Th'], count: 15 },
  });
  add('Course', course(DEMO_COURSES.ultra), 'Lab: Cell Biology', campus('2026-09-01', '13:00'), campus('2026-09-01', '15:50'), {
    by: instructor,
    location: 'Science Building 120',
    recurrence: { frequency: 'Weekly', interval: 1, weekDays: ['Tu'], count: 14 },
  });
  add('Course', course(DEMO_COURSES.classic), 'Lab safety briefing', campus('2026-09-01', '09:00'), campus('2026-09-01', '10:00'), { by: instructor, location: 'Chemistry 010' });

  // Office hours: Dr. Okafor's for all her courses, the TA's for the lecture only.
  add('OfficeHours', 'PERSONAL', 'Office hours: Dr. Okafor', campus('2026-09-01', '15:00'), campus('2026-09-01', '16:30'), {
    by: instructor,
    location: 'Psychology 3.12',
    recurrence: { frequency: 'Weekly', interval: 1, weekDays: ['Tu'], count: 15 },
  });
  add('OfficeHours', lecture, 'TA office hours: Priya Raman', campus('2026-09-04', '11:00'), campus('2026-09-04', '12:00'), {
    by: user(DEMO_STAFF.ta),
    location: 'Learning Commons',
    recurrence: { frequency: 'Weekly', interval: 1, weekDays: ['Fr'], count: 14 },
  });

  // Grade columns with due dates (read-only here; their id is the column id).
  const assignment = directory.newId();
  const test = directory.newId();
  const due = (courseId: string, title: string, date: string, kind: 'Assignment' | 'Test'): void => {
    const at = campus(date, '23:59');
    add('GradebookColumn', course(courseId), title, at, at, {
      gradebook: { categoryId: kind === 'Test' ? test : assignment, eventType: kind, dateRangeLimited: false },
    });
  };
  due(DEMO_COURSES.lecture, 'Reading response 1', '2026-09-18', 'Assignment');
  due(DEMO_COURSES.lecture, 'Reading response 2', '2026-10-09', 'Assignment');
  due(DEMO_COURSES.lecture, 'Research proposal', '2026-11-13', 'Assignment');
  due(DEMO_COURSES.seminar, 'Primary source essay', '2026-10-29', 'Assignment');
  due(DEMO_COURSES.ultra, 'Lab report 1', '2026-09-25', 'Assignment');
  due(DEMO_COURSES.classic, 'Safety quiz', '2026-09-04', 'Test');
}
