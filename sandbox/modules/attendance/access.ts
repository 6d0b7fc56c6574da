import { entitlements, type BulkCoverage, type SandboxContext } from '../../core/context';
import type { SandboxCourse, SandboxMembership, SandboxUser } from '../../core/directory';
import { requireAll } from '../../core/entitlements';
import { SandboxError, badRequest, notFound } from '../../core/errors';
import type { Principal } from '../../core/tokens';
import type { AttendanceState, StoredMeeting } from './state';

/**
 * Who may do what to whose attendance, and the lookups every route shares. Order of checks, as
 * Learn answers: unknown course 404, then missing entitlement 403, then unknown meeting or user 404.
 */

export type AttendanceEntitlement = 'course.attendance.VIEW' | 'course.attendance.CREATE' | 'course.attendance.MODIFY' | 'course.attendance.DELETE';

/**
 * The course of the path, checked for the caller's entitlements. A cross-listed child course keeps
 * no attendance of its own: its students are marked in the parent (sandbox rule, api-notes).
 */
export function courseFor(ctx: SandboxContext, principal: Principal, courseIdParam: string, needs: readonly AttendanceEntitlement[]): SandboxCourse {
  // A site with the attendance service switched off has no such paths: Learn answers 404 to every one.
  if (ctx.directory.servicesOff.has('attendance')) throw notFound('Not Found');
  const course = ctx.directory.course(courseIdParam);
  requireAll(entitlements(ctx, principal, course.id), needs);
  if (course.parentId) {
    const parent = ctx.directory.courses.get(course.parentId);
    throw badRequest(
      `Course ${course.courseId} is cross-listed into ${parent?.courseId ?? course.parentId}; attendance of its students is taken in that parent course (use courseId:${parent?.courseId ?? course.parentId})`,
    );
  }
  return course;
}

/** The path's meeting id as an integer, or a 400 naming it. */
export function meetingIdOf(raw: string): number {
  if (!/^\d{1,15}$/.test(raw) || Number(raw) === 0) {
    throw badRequest(`Meeting id '${raw}' is not valid; meeting ids are positive integers such as 1001`);
  }
  return Number(raw);
}

/** A meeting of this course, or a 404 that says where to look. */
export function meetingIn(state: AttendanceState, course: SandboxCourse, rawMeetingId: string): StoredMeeting {
  const id = meetingIdOf(rawMeetingId);
  const meeting = state.meeting(id);
  if (!meeting || meeting.courseId !== course.id) {
    throw notFound(`Could not find meeting ${id} in course ${course.courseId}; list the course's meetings to find its id`);
  }
  return meeting;
}

/** A user of the path (primary or secondary id, `me` for a user token), or a 404. */
export function userOfPath(ctx: SandboxContext, principal: Principal, raw: string): SandboxUser {
  return ctx.directory.user(raw, principal.kind === 'user' ? principal.userId : undefined);
}

/** A user named in a request body: an unknown one makes the body invalid (400), not the path. */
export function userOfBody(ctx: SandboxContext, principal: Principal, raw: string): SandboxUser {
  try {
    return userOfPath(ctx, principal, raw);
  } catch (error) {
    if (error instanceof SandboxError && error.status === 404) {
      throw badRequest(`userId '${raw}' in the request body names no user; send the user's primary id (e.g. _123_1) or a prefixed secondary id`);
    }
    throw error;
  }
}

/**
 * Whether attendance is taken for this member: available members with the Student role only.
 * Instructors, TAs, graders and guests are not on the roll (sandbox rule, api-notes).
 */
export function isOnTheRoll(membership: SandboxMembership | undefined): boolean {
  return membership !== undefined && membership.courseRoleId === 'Student' && membership.availability?.available !== 'No';
}

/** Every member attendance is taken for, in roster order. */
export function rollOf(ctx: SandboxContext, course: SandboxCourse): SandboxMembership[] {
  return ctx.directory.courseMemberships(course.id).filter(isOnTheRoll);
}

/** Whom the bulk status writes: every member of the course (the Swagger's words), or the roll alone. */
export function bulkTargetsOf(ctx: SandboxContext, course: SandboxCourse, coverage: BulkCoverage): SandboxMembership[] {
  return coverage === 'course' ? ctx.directory.courseMemberships(course.id) : rollOf(ctx, course);
}

/** A 400 unless the user is on the course's roll. */
export function requireOnTheRoll(ctx: SandboxContext, course: SandboxCourse, user: SandboxUser): void {
  const membership = ctx.directory.membership(course.id, user.id);
  if (!membership) {
    throw badRequest(`User ${user.userName} (${user.id}) is not enrolled in course ${course.courseId}; enrol them before recording attendance`);
  }
  if (!isOnTheRoll(membership)) {
    const why = membership.courseRoleId === 'Student' ? 'their enrolment is unavailable' : `they are enrolled as ${membership.courseRoleId}`;
    throw badRequest(`User ${user.userName} (${user.id}) is not on the attendance roll of course ${course.courseId}: ${why}; attendance is taken for available students only`);
  }
}

/** The user id to stamp as `modifiedByUserId` (a system token acts as no user). */
export function actorOf(principal: Principal): string | undefined {
  return principal.kind === 'user' ? principal.userId : undefined;
}
