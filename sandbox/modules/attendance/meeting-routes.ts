import { authed, type SandboxContext } from '../../core/context';
import type { SandboxCourse } from '../../core/directory';
import { SandboxError, badRequest } from '../../core/errors';
import { noContent, ok, queryBoolean } from '../../core/http';
import { applyFields, paged } from '../../core/paging';
import type { Router } from '../../core/router';
import { courseFor, meetingIn } from './access';
import { meetingView, type AttendanceState } from './state';
import { readMeetingCreate, readMeetingPatch, requireStartBeforeEnd } from './validation';

/**
 * Meeting operations of seed 001: create, get, update, delete, list, delete all; and the CSV
 * export link the Swagger file lists but the seed reports as not working.
 */
export const MEETINGS = '/learn/api/public/v1/courses/:courseId/meetings';

const SORTABLE = ['id', 'start', 'end', 'title'] as const;

export function installMeetingRoutes(ctx: SandboxContext, router: Router, state: AttendanceState): void {
  router.get(
    MEETINGS,
    authed(ctx, (req, principal) => {
      const course = courseFor(ctx, principal, req.params.courseId ?? '', ['course.attendance.VIEW']);
      queryBoolean(req, 'includePermissions', false);
      const meetings = state.meetingsOf(course.id).sort((a, b) => a.id - b.id).map((m) => meetingView(m));
      return ok(paged(meetings, req, { sortable: SORTABLE }));
    }),
  );

  // Seed: "Create meeting ... 200, meeting" (the Swagger file says 201; the seed and the vendor's
  // attendance page, both run against a real site, say 200).
  router.post(
    MEETINGS,
    authed(ctx, (req, principal) => {
      const course = courseFor(ctx, principal, req.params.courseId ?? '', ['course.attendance.CREATE']);
      const body = readMeetingCreate(req);
      requireBodyCourse(ctx, body.courseId, course);
      const meeting = state.addMeeting({
        courseId: course.id,
        title: body.title,
        ...(body.description !== undefined ? { description: body.description } : {}),
        start: iso(body.start),
        end: body.end !== undefined ? iso(body.end) : null,
        ...(body.externalLink !== undefined ? { externalLink: body.externalLink } : {}),
        origin: 'api',
      });
      ctx.log.debug('meeting created', { courseId: course.id, meetingId: meeting.id });
      return ok(applyFields(meetingView(meeting), req));
    }),
  );

  router.delete(
    MEETINGS,
    authed(ctx, (req, principal) => {
      const course = courseFor(ctx, principal, req.params.courseId ?? '', ['course.attendance.DELETE']);
      for (const meeting of state.meetingsOf(course.id)) state.deleteMeeting(meeting.id);
      return noContent();
    }),
  );

  // The seed: the CSV export "is described as not working, so nothing is stated". The sandbox
  // checks what the Swagger file checks (course, entitlement), then says so with a 501.
  router.get(
    `${MEETINGS}/downloadUrl`,
    authed(ctx, (req, principal) => {
      const course = courseFor(ctx, principal, req.params.courseId ?? '', ['course.attendance.CREATE']);
      throw new SandboxError(
        501,
        `The attendance CSV export of course ${course.courseId} does not work on this Learn release; read the meetings and their records instead`,
      );
    }),
  );

  router.get(
    `${MEETINGS}/:meetingId`,
    authed(ctx, (req, principal) => {
      const course = courseFor(ctx, principal, req.params.courseId ?? '', ['course.attendance.VIEW']);
      return ok(applyFields(meetingView(meetingIn(state, course, req.params.meetingId ?? '')), req));
    }),
  );

  router.patch(
    `${MEETINGS}/:meetingId`,
    authed(ctx, (req, principal) => {
      const course = courseFor(ctx, principal, req.params.courseId ?? '', ['course.attendance.MODIFY', 'course.attendance.VIEW']);
      const meeting = meetingIn(state, course, req.params.meetingId ?? '');
      const change = readMeetingPatch(req);
      if (change.courseId !== undefined) requireBodyCourse(ctx, change.courseId, course);
      const start = change.start !== undefined ? iso(change.start) : meeting.start;
      const end = change.end !== undefined ? iso(change.end) : meeting.end;
      requireStartBeforeEnd(start, end);
      Object.assign(meeting, {
        start,
        end,
        ...(change.title !== undefined ? { title: change.title } : {}),
        ...(change.description !== undefined ? { description: change.description } : {}),
        ...(change.externalLink !== undefined ? { externalLink: change.externalLink } : {}),
      });
      return ok(applyFields(meetingView(meeting), req));
    }),
  );

  router.delete(
    `${MEETINGS}/:meetingId`,
    authed(ctx, (req, principal) => {
      const course = courseFor(ctx, principal, req.params.courseId ?? '', ['course.attendance.DELETE']);
      state.deleteMeeting(meetingIn(state, course, req.params.meetingId ?? '').id);
      return noContent();
    }),
  );
}

/** The body's courseId must name the path's course (primary or secondary id). */
function requireBodyCourse(ctx: SandboxContext, bodyCourseId: string, course: SandboxCourse): void {
  let named: SandboxCourse | undefined;
  try {
    named = ctx.directory.course(bodyCourseId);
  } catch (error) {
    if (!(error instanceof SandboxError)) throw error;
  }
  if (named?.id !== course.id) {
    throw badRequest(`courseId '${bodyCourseId}' in the body is not course ${course.courseId} of the path; send ${course.id}`);
  }
}

/** Date-times are stored and answered in UTC with milliseconds, as Learn writes them. */
function iso(value: string): string {
  return new Date(value).toISOString();
}
