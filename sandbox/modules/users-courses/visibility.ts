import { entitlements, type SandboxContext } from '../../core/context';
import type { SandboxCourse, SandboxMembership, SandboxUser } from '../../core/directory';
import { forbidden } from '../../core/errors';
import type { Course, CourseMembership, User } from '../../core/people';
import type { Principal } from '../../core/tokens';
import { avatarStore } from '../avatars/avatar-store';

/**
 * What a caller may see of people, courses and memberships, after the Swagger descriptions of
 * GET /v1/users/{userId}, /v3/courses and /v1/courses/{courseId}/users (release 3900.121).
 * A system token and a system administrator see everything; everyone else sees a cut.
 */

/** A basic-flow token or a user with the SystemAdmin system role. */
export function isSystemLevel(ctx: SandboxContext, principal: Principal): boolean {
  if (principal.kind === 'system') return true;
  return ctx.directory.users.get(principal.userId)?.systemRoleIds.includes('SystemAdmin') ?? false;
}

// "Callers asking for their own user record get all fields listed above, plus locale.*"
const OWN_RECORD = ['id', 'avatar', 'userName', 'educationLevel', 'gender', 'birthDate', 'name', 'job', 'contact', 'address', 'locale', 'systemRoleIds'];
// Course staff reading a roster: the core set plus what the demo site's display settings show
// (userName, e-mail, and the student id course staff match CSV imports on).
const TO_COURSE_STAFF = ['id', 'avatar', 'userName', 'studentId', 'name', 'contact', 'systemRoleIds'];

/**
 * `avatar` (Swagger 3800.13.0: viewUrl, source): the link names the picture's version, so it
 * changes when the picture does (docs/api-notes/users-and-courses.md, "User avatars").
 */
function avatarOf(ctx: SandboxContext, user: SandboxUser): { viewUrl: string; source: 'User' | 'Default' } {
  const store = avatarStore(ctx);
  return { viewUrl: `/learn/api/public/v1/users/${user.id}/avatar?version=${store.versionOf(user.id)}`, source: store.pictureOf(user.id) ? 'User' : 'Default' };
}

export type UserAudience = 'everything' | 'self' | 'courseStaff';

export function userView(ctx: SandboxContext, user: SandboxUser, audience: UserAudience): User {
  const all = { ...ctx.directory.publicUser(user), avatar: avatarOf(ctx, user) };
  if (audience === 'everything') return all;
  return pick(all, audience === 'self' ? OWN_RECORD : TO_COURSE_STAFF) as User;
}

// "Users enrolled in the course have read access to all properties except ..."
const HIDDEN_FROM_MEMBERS = ['uuid', 'externalId', 'dataSourceId', 'created', 'allowGuests', 'enrollment'];
// "Users who are not enrolled ... only have read access to the following properties"
const VISIBLE_TO_OTHERS = ['id', 'courseId', 'name', 'description', 'organization', 'readOnly', 'closedComplete', 'termId', 'availability', 'parentId'];
/** Roles that hold course.configure-properties.EXECUTE on the demo site and so see every property. */
const CONFIGURING_ROLES = ['Instructor', 'BbFacilitator', 'CourseBuilder'];

/**
 * The course as this caller may see it. An empty optional field is left out, as in every user and
 * course the vendor's walkthroughs show (curl-demo.md); no document shows one written `null`.
 */
export function courseView(ctx: SandboxContext, principal: Principal, course: SandboxCourse): Course {
  return courseCut(ctx, principal, course);
}

/** Child courses always carry parentId ("parent course data is also returned"). */
function courseCut(ctx: SandboxContext, principal: Principal, course: SandboxCourse): Course {
  const all = ctx.directory.publicCourse(course);
  if (isSystemLevel(ctx, principal)) return all;
  const membership = principal.kind === 'user' ? ctx.directory.membership(course.id, principal.userId) : undefined;
  if (membership && CONFIGURING_ROLES.includes(membership.courseRoleId)) return all;
  if (membership) return omit(all, HIDDEN_FROM_MEMBERS) as Course;
  const visible = pick(all, VISIBLE_TO_OTHERS) as Course;
  if (visible.availability) {
    const { available, duration } = visible.availability as { available?: string; duration?: Record<string, unknown> };
    visible.availability = { ...(available ? { available } : {}), ...(duration ? { duration: pick(duration, ['type', 'start', 'end', 'daysOfUse']) } : {}) };
  }
  return visible;
}

/** Disabled courses exist only for callers with system.course.VIEW (here: system level). */
export function canSeeCourse(ctx: SandboxContext, principal: Principal, course: SandboxCourse): boolean {
  return course.availability?.available !== 'Disabled' || isSystemLevel(ctx, principal);
}

/**
 * "For callers enrolled in the course as well as those with course.user.VIEW, system fields such
 * as dataSourceId will not be visible." `childCourseId` is there only for a member enrolled through
 * a cross-listed child course (Swagger: "the child, cross-listed course, in which the user is
 * directly enrolled"); an ordinary member's membership has no such key.
 */
export function membershipView(ctx: SandboxContext, principal: Principal, membership: SandboxMembership): CourseMembership {
  const { ...all } = membership;
  return isSystemLevel(ctx, principal) ? all : (omit(all, ['dataSourceId']) as CourseMembership);
}

/**
 * A course's roster is open to the system level and to members holding course.user.VIEW
 * (instructors, TAs); students, graders, guests and outsiders get a 403.
 */
export function requireRosterAccess(ctx: SandboxContext, principal: Principal, course: SandboxCourse): void {
  if (isSystemLevel(ctx, principal)) return;
  if (principal.kind === 'user' && ctx.directory.membership(course.id, principal.userId) && entitlements(ctx, principal, course.id).has('course.user.VIEW')) return;
  throw forbidden(`The roster of course ${course.courseId} is open to its instructors and teaching assistants (entitlement course.user.VIEW); this user holds neither`);
}

function pick<T extends object>(value: T, keys: readonly string[]): Partial<T> {
  const source = value as Record<string, unknown>;
  return Object.fromEntries(keys.filter((k) => source[k] !== undefined).map((k) => [k, source[k]])) as Partial<T>;
}

function omit<T extends object>(value: T, keys: readonly string[]): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([k]) => !keys.includes(k))) as Partial<T>;
}
