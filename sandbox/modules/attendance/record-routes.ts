import { authed, type SandboxContext } from '../../core/context';
import { badRequest, conflict, notFound, type SandboxError } from '../../core/errors';
import { created, noContent, ok, queryBoolean } from '../../core/http';
import { applyFields, paged } from '../../core/paging';
import type { Router } from '../../core/router';
import { actorOf, bulkTargetsOf, courseFor, meetingIn, requireOnTheRoll, userOfBody, userOfPath } from './access';
import { MEETINGS } from './meeting-routes';
import { recordView, type AttendanceState } from './state';
import { readBulk, readRecordCreate, readRecordPatch, requireSameMeeting } from './validation';

/**
 * Attendance records of one meeting: create (201; a second record for the same user is refused,
 * see below), get, update, delete, list, delete all, and the bulk status.
 */
export const RECORD_SORTABLE = ['id', 'userId', 'status', 'meetingId', 'createdTime', 'modifiedTime'] as const;

export function installRecordRoutes(ctx: SandboxContext, router: Router, state: AttendanceState): void {
  const RECORDS = `${MEETINGS}/:meetingId/users`;
  const duplicateRecord = duplicateRecordAnswer(ctx);

  router.get(
    RECORDS,
    authed(ctx, (req, principal) => {
      const course = courseFor(ctx, principal, req.params.courseId ?? '', ['course.attendance.VIEW']);
      const meeting = meetingIn(state, course, req.params.meetingId ?? '');
      queryBoolean(req, 'includePermissions', false);
      const records = state.recordsOf(meeting.id).sort((a, b) => a.id - b.id).map((r) => recordView(r));
      return ok(paged(records, req, { sortable: RECORD_SORTABLE }));
    }),
  );

  router.post(
    RECORDS,
    authed(ctx, (req, principal) => {
      const course = courseFor(ctx, principal, req.params.courseId ?? '', ['course.attendance.CREATE']);
      const meeting = meetingIn(state, course, req.params.meetingId ?? '');
      const body = readRecordCreate(req);
      requireSameMeeting(body.meetingId, meeting.id);
      const user = userOfBody(ctx, principal, body.userId);
      requireOnTheRoll(ctx, course, user);
      const existing = state.record(meeting.id, user.id);
      if (existing) throw duplicateRecord(`User ${user.userName} (${user.id}) already has attendance record ${existing.id} (${existing.status}) at meeting ${meeting.id}; change it with PATCH .../meetings/${meeting.id}/users/${user.id}`);
      const { record } = state.setStatus(meeting.id, user.id, body.status, ctx.clock.iso(), actorOf(principal));
      return created(applyFields(recordView(record), req));
    }),
  );

  router.delete(
    RECORDS,
    authed(ctx, (req, principal) => {
      const course = courseFor(ctx, principal, req.params.courseId ?? '', ['course.attendance.DELETE']);
      state.deleteRecordsOf(meetingIn(state, course, req.params.meetingId ?? '').id);
      return noContent();
    }),
  );

  // Swagger: "Creates or updates attendance records for the meeting for all users in the course.
  // User required both of the entitlements ..." Whom it covers is a control (state.bulkCovers).
  router.post(
    `${RECORDS}/bulk`,
    authed(ctx, (req, principal) => {
      const course = courseFor(ctx, principal, req.params.courseId ?? '', ['course.attendance.CREATE', 'course.attendance.MODIFY']);
      const meeting = meetingIn(state, course, req.params.meetingId ?? '');
      const body = readBulk(req);
      requireSameMeeting(body.meetingId, meeting.id);
      const now = ctx.clock.iso();
      for (const member of bulkTargetsOf(ctx, course, state.bulkCovers)) state.setStatus(meeting.id, member.userId, body.status, now, actorOf(principal));
      return noContent();
    }),
  );

  router.get(
    `${RECORDS}/:userId`,
    authed(ctx, (req, principal) => {
      const course = courseFor(ctx, principal, req.params.courseId ?? '', ['course.attendance.VIEW']);
      const meeting = meetingIn(state, course, req.params.meetingId ?? '');
      const user = userOfPath(ctx, principal, req.params.userId ?? '');
      const record = state.record(meeting.id, user.id);
      if (!record) throw notFound(`User ${user.userName} (${user.id}) has no attendance record at meeting ${meeting.id}; create one with POST .../meetings/${meeting.id}/users`);
      return ok(applyFields(recordView(record), req));
    }),
  );

  router.patch(
    `${RECORDS}/:userId`,
    authed(ctx, (req, principal) => {
      const course = courseFor(ctx, principal, req.params.courseId ?? '', ['course.attendance.MODIFY', 'course.attendance.VIEW']);
      const meeting = meetingIn(state, course, req.params.meetingId ?? '');
      const user = userOfPath(ctx, principal, req.params.userId ?? '');
      const body = readRecordPatch(req);
      requireSameMeeting(body.meetingId, meeting.id);
      if (body.userId !== undefined && userOfBody(ctx, principal, body.userId).id !== user.id) {
        throw badRequest(`userId '${body.userId}' in the body is not user ${user.userName} (${user.id}) of the path; send ${user.id}`);
      }
      if (!state.record(meeting.id, user.id)) {
        throw notFound(`User ${user.userName} (${user.id}) has no attendance record at meeting ${meeting.id} to update; create it with POST .../meetings/${meeting.id}/users`);
      }
      const { record } = state.setStatus(meeting.id, user.id, body.status, ctx.clock.iso(), actorOf(principal));
      return ok(applyFields(recordView(record), req));
    }),
  );

  router.delete(
    `${RECORDS}/:userId`,
    authed(ctx, (req, principal) => {
      const course = courseFor(ctx, principal, req.params.courseId ?? '', ['course.attendance.DELETE']);
      const meeting = meetingIn(state, course, req.params.meetingId ?? '');
      const user = userOfPath(ctx, principal, req.params.userId ?? '');
      if (!state.deleteRecord(meeting.id, user.id)) {
        throw notFound(`User ${user.userName} (${user.id}) has no attendance record at meeting ${meeting.id} to delete`);
      }
      return noContent();
    }),
  );
}

/**
 * A second record for the same user and meeting. Neither seed 001 nor the Swagger documents the
 * answer: the Swagger lists only 400 and 403 for the create, so the plain answer is 400; with
 * shape variety on, the sandbox answers 400 or 409 (seeded), so an app's "read the record and
 * PATCH it whatever the refusal" path runs in every tier (docs/api-notes/attendance.md).
 */
function duplicateRecordAnswer(ctx: SandboxContext): (message: string) => SandboxError {
  const rng = ctx.rng.fork('attendance-duplicates');
  return (message) => (ctx.variety.on && rng.chance(0.5) ? conflict(message) : badRequest(message));
}
