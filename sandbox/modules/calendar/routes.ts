import { authed, type SandboxContext } from '../../core/context';
import type { SandboxCourse } from '../../core/directory';
import { badRequest, objectNotFound } from '../../core/errors';
import { created, noContent, objectBody, ok, queryBoolean, type SandboxRequest } from '../../core/http';
import { applyFields, paged } from '../../core/paging';
import type { Router } from '../../core/router';
import type { Principal } from '../../core/tokens';
import { overlaps, readWindow } from './dates';
import { allow, CalendarAccess } from './permissions';
import type { CalendarStore, StoredCalendarItem } from './state';
import { checkOrder, gradebookColumnsPath, readChanges, readNewItem } from './validation';
import { itemView, visibleCalendars } from './view';
import { INSTITUTION, ItemType, PERSONAL } from './wire';

/** Learn's calendar operations (Swagger paths /calendars, /calendars/items[/{type}/{id}]). */
const BASE = '/learn/api/public/v1/calendars';
/** Sort fields the Swagger lists for Get Calendar Items. */
const SORTABLE = ['id', 'calendarId', 'title', 'start', 'end', 'modified'] as const;
/** Types an item of a course calendar can have (seed: "courseId returns ... Course, OfficeHours, GradebookColumn"). */
const COURSE_TYPES: readonly string[] = ['Course', 'OfficeHours', 'GradebookColumn'];

export function installCalendarRoutes(ctx: SandboxContext, router: Router, store: CalendarStore): void {
  const access = new CalendarAccess(ctx);

  /** A type from the path or query, or a 400 listing the types. */
  const readType = (value: string, name: string): ItemType => {
    const parsed = ItemType.safeParse(value);
    if (!parsed.success) throw badRequest(`${name} '${value}' is not a calendar item type; use one of ${ItemType.options.join(', ')}`);
    return parsed.data;
  };

  /** The item at /{type}/{id} that the principal may see: 400 bad type, 404 unknown, 403 hidden. */
  const findItem = (req: SandboxRequest, principal: Principal): StoredCalendarItem => {
    const type = readType(req.params.calendarItemType ?? '', 'calendarItemType');
    const id = req.params.calendarItemId ?? '';
    const item = store.items.get(id);
    if (!item || item.type !== type) throw objectNotFound(id);
    allow(access.view(principal, item));
    return item;
  };

  /** GradebookColumn items are the gradebook's: point the caller at the endpoint that changes them. */
  const refuseGradebookColumn = (item: StoredCalendarItem, method: 'PATCH' | 'DELETE'): void => {
    if (item.type !== 'GradebookColumn') return;
    throw badRequest(`Calendar item ${item.id} is a GradebookColumn item and read-only here; use ${method} ${gradebookColumnsPath(item.calendarId, item.id)}`);
  };

  router.get(
    BASE,
    authed(ctx, (req, principal) => ok(paged(visibleCalendars(ctx, access, principal), req))),
  );

  router.get(
    `${BASE}/items`,
    authed(ctx, (req, principal) => {
      const window = readWindow(req, ctx.clock.now());
      const typeParam = req.query.get('type');
      const type = typeParam === null || typeParam === '' ? undefined : readType(typeParam, 'type');
      let items = [...store.items.values()];
      const courseParam = req.query.get('courseId');
      if (courseParam) {
        const course = ctx.directory.course(courseParam);
        allow(access.courseDenial(principal, course, 'course.calendar-entry.VIEW', 'viewed'));
        items = items.filter((i) => belongsToCourse(i, course));
      }
      if (type) items = items.filter((i) => i.type === type);
      const visible = items
        .filter((i) => overlaps(Date.parse(i.start), Date.parse(i.end), window))
        .filter((i) => access.view(principal, i) === undefined)
        .sort((a, b) => Date.parse(a.start) - Date.parse(b.start) || a.id.localeCompare(b.id, 'en', { numeric: true }));
      return ok(paged(visible.map((i) => itemView(ctx, principal, i)), req, { sortable: SORTABLE }));
    }),
  );

  /** Items of a course calendar, plus the all-courses office hours of its members. */
  const belongsToCourse = (item: StoredCalendarItem, course: SandboxCourse): boolean => {
    if (item.calendarId === course.id) return COURSE_TYPES.includes(item.type);
    if (item.type !== 'OfficeHours' || item.calendarId !== PERSONAL || !item.ownerUserId) return false;
    return ctx.directory.membership(course.id, item.ownerUserId) !== undefined;
  };

  router.post(
    `${BASE}/items`,
    authed(ctx, (req, principal) => {
      const request = readNewItem(objectBody(req));
      const course = resolveCalendar(request.type, request.calendarId);
      allow(access.create(principal, request.type, course));
      const userId = principal.kind === 'user' ? principal.userId : undefined;
      const owned = request.type === 'Personal' || request.type === 'OfficeHours';
      const [first] = store.create(
        {
          ...request,
          calendarId: course?.id ?? request.calendarId,
          createdByUserId: userId,
          ownerUserId: owned ? userId : undefined,
        },
        request.recurrence,
      );
      return created(applyFields(itemView(ctx, principal, first as StoredCalendarItem), req));
    }),
  );

  /** The course of a calendarId, checking it fits the type; undefined for PERSONAL and INSTITUTION. */
  const resolveCalendar = (type: ItemType, calendarId: string): SandboxCourse | undefined => {
    const keyword = calendarId === PERSONAL || calendarId === INSTITUTION;
    if (type === 'Institution' && calendarId !== INSTITUTION) throw badRequest(`An Institution item goes on calendarId INSTITUTION, not ${calendarId}`);
    if (type === 'Personal' && calendarId !== PERSONAL) throw badRequest(`A Personal item goes on calendarId PERSONAL, not ${calendarId}`);
    if (type === 'Course' && keyword) throw badRequest(`A Course item goes on a course calendar: calendarId must be a course id, not ${calendarId}`);
    if (type === 'OfficeHours' && calendarId === INSTITUTION) {
      throw badRequest('Office hours go on a course calendar (a course id) or on PERSONAL for all your courses, not on INSTITUTION');
    }
    if (keyword) return undefined;
    const course = ctx.directory.course(calendarId);
    if (type === 'Course' && course.organization) {
      throw badRequest(`${course.courseId} (${course.id}) is an organization; Course calendar items can only be created in courses. Use a Personal item instead`);
    }
    return course;
  };

  router.get(
    `${BASE}/items/:calendarItemType/:calendarItemId`,
    authed(ctx, (req, principal) => ok(applyFields(itemView(ctx, principal, findItem(req, principal)), req))),
  );

  router.patch(
    `${BASE}/items/:calendarItemType/:calendarItemId`,
    authed(ctx, (req, principal) => {
      const updateSeries = queryBoolean(req, 'updateSeries', false);
      const item = findItem(req, principal);
      refuseGradebookColumn(item, 'PATCH');
      allow(access.modify(principal, item));
      const changes = readChanges(objectBody(req), updateSeries, item);
      const merged = {
        title: changes.title ?? item.title,
        // An empty string clears a text field; null or absent keeps it (docs/api-notes/calendar.md).
        description: changes.description === '' ? undefined : (changes.description ?? item.description),
        location: changes.location === '' ? undefined : (changes.location ?? item.location),
        disableResizing: changes.disableResizing ?? item.disableResizing,
        ltiLaunchDeepLink: changes.ltiLaunchDeepLink ?? item.ltiLaunchDeepLink,
      };
      if (changes.recurrence) {
        // A series update: the old items go, a new series starts where the old one started
        // (or at the start/end sent) and carries the merged fields.
        const series = store.seriesOf(item);
        const firstOld = series[0] ?? item;
        const start = changes.start ?? Date.parse(firstOld.start);
        const end = changes.end ?? Date.parse(firstOld.end);
        checkOrder(start, end);
        const { seriesId: _s, recurrence: _r, ...kept } = item;
        const made = store.create({ ...kept, ...merged, start, end }, changes.recurrence);
        store.remove(series);
        return ok(applyFields(itemView(ctx, principal, made[0] as StoredCalendarItem), req));
      }
      const start = changes.start ?? Date.parse(item.start);
      const end = changes.end ?? Date.parse(item.end);
      checkOrder(start, end);
      Object.assign(item, merged, { start: new Date(start).toISOString(), end: new Date(end).toISOString() });
      if (merged.description === undefined) delete item.description;
      if (merged.location === undefined) delete item.location;
      store.touch(item);
      return ok(applyFields(itemView(ctx, principal, item), req));
    }),
  );

  router.delete(
    `${BASE}/items/:calendarItemType/:calendarItemId`,
    authed(ctx, (req, principal) => {
      const deleteSeries = queryBoolean(req, 'deleteSeries', false);
      const item = findItem(req, principal);
      refuseGradebookColumn(item, 'DELETE');
      allow(access.delete(principal, item));
      store.remove(deleteSeries ? store.seriesOf(item) : [item]);
      return noContent();
    }),
  );
}
