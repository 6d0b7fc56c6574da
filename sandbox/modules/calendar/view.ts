import { entitlements, type SandboxContext } from '../../core/context';
import type { SandboxCourse } from '../../core/directory';
import type { Principal } from '../../core/tokens';
import type { CalendarAccess } from './permissions';
import type { StoredCalendarItem, StoredRecurrence } from './state';
import { INSTITUTION, PERSONAL, dayIndex, type CalendarItemJson, type CalendarJson, type RecurrenceJson, type Weekday } from './wire';

/**
 * How calendars and items look on the wire: the stored item without sandbox-only fields, plus
 * what Learn derives when reading (calendar name, colour, the gradebook facts as they apply to
 * the reader). An empty optional field is left out (`createdByUserId` is the Swagger's `null`);
 * day names take either documented spelling (`ctx.variety`: `Su` or `Sunday`).
 */

/** One colour per calendar, as Learn shares a colour among items of the same calendar. */
const PALETTE = ['#1f6feb', '#8250df', '#bf3989', '#cf222e', '#bc4c00', '#4d2d00', '#1a7f37', '#0a7b83'];

export function calendarName(ctx: SandboxContext, calendarId: string): string {
  if (calendarId === INSTITUTION) return 'Institution';
  if (calendarId === PERSONAL) return 'Personal';
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

export function itemView(ctx: SandboxContext, principal: Principal, item: StoredCalendarItem): CalendarItemJson {
  const view: CalendarItemJson = {
    id: item.id,
    type: item.type,
    calendarId: item.calendarId,
    calendarName: calendarName(ctx, item.calendarId),
    title: item.title,
    description: item.description,
    location: item.location,
    start: item.start,
    end: item.end,
    modified: item.modified,
    color: colorOf(item.calendarId),
    disableResizing: item.disableResizing,
    // Swagger: "This will be null for non-personal events when the creator has been deleted":
    // the one empty form a document shows for it.
    createdByUserId: item.createdByUserId ?? null,
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
  if (item.recurrence) view.recurrence = recurrenceView(ctx, item.recurrence);
  if (item.ltiLaunchDeepLink) view.ltiLaunchDeepLink = { ...item.ltiLaunchDeepLink };
  return view;
}

/** A series' rule as an item shows it; days in either documented spelling, unused parts left out. */
function recurrenceView(ctx: SandboxContext, r: StoredRecurrence): RecurrenceJson {
  const { variety } = ctx;
  // One spelling per item; which one is the variety's choice.
  const names = variety.dayNames();
  const spell = (day: Weekday): string => names[dayIndex(day)] ?? day;
  return {
    frequency: r.frequency,
    interval: r.interval,
    count: r.count,
    until: r.until,
    weekDays: r.weekDays?.map(spell),
    monthRepeatDay: r.monthRepeatDay,
    monthPosition: r.monthPosition,
    repeatDay: r.repeatDay ? spell(r.repeatDay) : undefined,
    originalStart: r.originalStart,
    originalEnd: r.originalEnd,
    repeatBroken: r.repeatBroken,
  };
}

/**
 * Calendars the principal can see: INSTITUTION for everyone, PERSONAL for a user, then each course
 * (organizations too) whose calendar they may view, in course id order.
 */
export function visibleCalendars(ctx: SandboxContext, access: CalendarAccess, principal: Principal): CalendarJson[] {
  const calendars: CalendarJson[] = [{ id: INSTITUTION, name: 'Institution' }];
  if (principal.kind !== 'user') return calendars;
  calendars.push({ id: PERSONAL, name: 'Personal' });
  const courses = ctx.directory
    .userMemberships(principal.userId)
    .map((m) => ctx.directory.courses.get(m.courseId))
    .filter((c): c is SandboxCourse => c !== undefined)
    .filter((c) => access.courseDenial(principal, c, 'course.calendar-entry.VIEW', 'viewed') === undefined)
    .sort((a, b) => a.courseId.localeCompare(b.courseId));
  for (const course of courses) calendars.push({ id: course.id, name: courseCalendarName(course) });
  return calendars;
}
