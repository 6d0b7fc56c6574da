import { authed, entitlements, type SandboxContext } from '../../core/context';
import type { SandboxCourse, SandboxUser } from '../../core/directory';
import { notFound } from '../../core/errors';
import { noContent, ok, queryBoolean } from '../../core/http';
import { paged } from '../../core/paging';
import type { Router } from '../../core/router';
import { courseFor, userOfPath } from './access';
import { MEETINGS } from './meeting-routes';
import { RECORD_SORTABLE } from './record-routes';
import { recordView, type AttendanceState } from './state';

/**
 * One user's attendance: their records across a course's meetings, deleting them, and the
 * Swagger's `/all` operation that deletes their records in every course the caller may delete in.
 */
export function installUserRecordRoutes(ctx: SandboxContext, router: Router, state: AttendanceState): void {
  const USER = `${MEETINGS}/users/:userId`;

  // Seed: "List records of one user across the course's meetings". The Swagger text says the
  // list is not filtered by course; the seed, run against a real site, wins (api-notes).
  router.get(
    USER,
    authed(ctx, (req, principal) => {
      const course = courseFor(ctx, principal, req.params.courseId ?? '', ['course.attendance.VIEW']);
      const user = userOfPath(ctx, principal, req.params.userId ?? '');
      queryBoolean(req, 'includePermissions', false);
      const meetingIds = meetingIdsOf(state, course);
      const records = state.recordsOfUser(user.id, meetingIds);
      requireKnownToCourse(ctx, course, user, records.length);
      return ok(paged(records.map((r) => recordView(r)), req, { sortable: RECORD_SORTABLE }));
    }),
  );

  router.delete(
    USER,
    authed(ctx, (req, principal) => {
      const course = courseFor(ctx, principal, req.params.courseId ?? '', ['course.attendance.DELETE']);
      const user = userOfPath(ctx, principal, req.params.userId ?? '');
      const meetingIds = meetingIdsOf(state, course);
      requireKnownToCourse(ctx, course, user, state.recordsOfUser(user.id, meetingIds).length);
      state.deleteRecordsOfUser(user.id, meetingIds);
      return noContent();
    }),
  );

  // Swagger: deletes the user's records "regardless of course"; the path's course is for the
  // permission check. The sandbox deletes only where the caller holds course.attendance.DELETE.
  router.delete(
    `${USER}/all`,
    authed(ctx, (req, principal) => {
      courseFor(ctx, principal, req.params.courseId ?? '', ['course.attendance.DELETE']);
      const user = userOfPath(ctx, principal, req.params.userId ?? '');
      let deleted = 0;
      for (const course of ctx.directory.courses.values()) {
        if (!entitlements(ctx, principal, course.id).has('course.attendance.DELETE')) continue;
        deleted += state.deleteRecordsOfUser(user.id, meetingIdsOf(state, course));
      }
      ctx.log.debug('attendance of a user deleted in every course', { userId: user.id, deleted });
      return noContent();
    }),
  );
}

function meetingIdsOf(state: AttendanceState, course: SandboxCourse): Set<number> {
  return new Set(state.meetingsOf(course.id).map((m) => m.id));
}

/** A user who is neither a member nor has records in the course is a 404 for this course. */
function requireKnownToCourse(ctx: SandboxContext, course: SandboxCourse, user: SandboxUser, recordCount: number): void {
  if (recordCount === 0 && !ctx.directory.membership(course.id, user.id)) {
    throw notFound(`User ${user.userName} (${user.id}) is not enrolled in course ${course.courseId} and has no attendance there`);
  }
}
