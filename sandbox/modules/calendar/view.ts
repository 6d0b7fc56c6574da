import { INSTITUTION_CALENDAR, PERSONAL_CALENDAR, type Calendar, type CalendarItem } from '../../../shared/api/calendar';
import { entitlements, type SandboxContext } from '../../core/context';
import type { SandboxCourse } from '../../core/directory';
import type { Principal } from '../../core/tokens';
import type { CalendarAccess } from './permissions';
import { CalendarStore, defined, type StoredCalendarItem } from './state';

/**
 * How calendars and items look on the wire: the stored item without sandbox-only fields, plus
 * what Learn derives when reading (calendar name, colour, the gradebook facts as they apply to
 * the reader).
 */

/** One colour per calendar, as Learn shares a colour among items of the same calendar. */
const PALETTE = ['#1f6feb', '#8250df', '#bf3989', '#cf222e', '#bc4c00', '#4d2d00', '#1a7f37', '#0a7b83'];

export function calendarName(ctx: SandboxContext, calendarId: string): string {
  if (calendarId === INSTITUTION_CALENDAR) return 'Institution';
  if (calendarId === PERSONAL_CALENDAR) return 'Personal';
  const course = ctx.directory.courses.get(calendarId);
  return course ? courseCalendarName(course) : calendarId;
}

/** `CHEM-105-F26: General Chemistry Lab`, as the vendor's example shows a course calendar. */
const courseCalendarName = (course: SandboxCourse): string => `${course.courseId}: ${course.name}`;

function colorOf(calendarId: string): string {
  let h = 0;
  for (const ch of calendarId) h = (h * 31 + ch.charCodeAt(0)) >>> 0;
  return PALETTE[h % PALETTE.length] as string;
}

export function itemView(ctx: SandboxContext, principal: Principal, item: StoredCalendarItem): CalendarItem {
  const view: CalendarItem = {
    id: item.id,
    type: item.type,
    calendarId: item.calendarId,
    calendarName: calendarName(ctx, item.calendarId),
    title: item.title,
    ...defined({ description: item.description, location: item.location }),
    start: item.start,
    end: item.end,
    modified: item.modified,
    color: colorOf(item.calendarId),
    disableResizing: item.disableResizing,
    ...defined({ createdByUserId: item.createdByUserId }),
  };
  if (item.gradebook) {
    // Both flags speak of the reader: may they grade attempts on this column?
    const grader = entitlements(ctx, principal, item.calendarId).has('course.gradebook.MODIFY');
    view.dynamicCalendarItemProps = {
      attemptable: grader,
      categoryId: item.gradebook.categoryId,
      dateRangeLimited: item.gradebook.dateRangeLimited,
      eventType: item.gradebook.eventType,
      gradable: grader,
    };
  }
  if (item.recurrence) view.recurrence = CalendarStore.publicRecurrence(item.recurrence);
  if (item.ltiLaunchDeepLink) view.ltiLaunchDeepLink = { ...item.ltiLaunchDeepLink };
  return view;
}

/**
 * Calendars the principal can see: INSTITUTION for everyone, PERSONAL for a user, then each course
 * (organizations too) whose calendar they may view, in course id order.
 */
export function visibleCalendars(ctx: SandboxContext, access: CalendarAccess, principal: Principal): Calendar[] {
  const calendars: Calendar[] = [{ id: INSTITUTION_CALENDAR, name: 'Institution' }];
  if (principal.kind !== 'user') return calendars;
  calendars.push({ id: PERSONAL_CALENDAR, name: 'Personal' });
  const courses = ctx.directory
    .userMemberships(principal.userId)
    .map((m) => ctx.directory.courses.get(m.courseId))
    .filter((c): c is SandboxCourse => c !== undefined)
    .filter((c) => access.courseDenial(principal, c, 'course.calendar-entry.VIEW', 'viewed') === undefined)
    .sort((a, b) => a.courseId.localeCompare(b.courseId));
  for (const course of courses) calendars.push({ id: course.id, name: courseCalendarName(course) });
  return calendars;
}
