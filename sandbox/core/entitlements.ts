import type { Directory } from './directory';
import type { Principal } from './tokens';
import { forbidden } from './errors';

/**
 * Entitlements as Learn grants them: system ones from the user's system role, course ones from
 * the course role of their membership. A basic-flow (system) token acts as a system-level user
 * and holds them all. The lists are what the seed operations name, nothing more.
 */

export const SYSTEM_ADMIN_ENTITLEMENTS = [
  'system.announcements.VIEW',
  'system.announcements.admin.VIEW',
  'system.announcements.CREATE',
  'system.announcements.MODIFY',
  'system.announcements.DELETE',
  'system.calendar-item.EXECUTE',
  'system.course.MODIFY',
] as const;

/** Every signed-in user may read available system announcements. */
const EVERY_USER = ['system.announcements.VIEW'] as const;

const INSTRUCTOR = [
  'course.content.VIEW',
  'course.content.CREATE',
  'course.content.MODIFY',
  'course.content.DELETE',
  'course.content.availability.MODIFY',
  'course.content.assessment.deploy.EXECUTE',
  'course.adaptiverelease.VIEW',
  'course.groups.VIEW',
  'course.adaptiverelease.CREATE',
  'course.adaptiverelease.MODIFY',
  'course.adaptiverelease.DELETE',
  'course.adaptiverelease.acl.CREATE',
  'course.adaptiverelease.acl.MODIFY',
  'course.adaptiverelease.acl.DELETE',
  'course.adaptiverelease.acl.modify',
  'course.adaptiverelease.dates.CREATE',
  'course.adaptiverelease.dates.MODIFY',
  'course.adaptiverelease.dates.DELETE',
  'course.adaptiverelease.performance.CREATE',
  'course.adaptiverelease.performance.MODIFY',
  'course.adaptiverelease.performance.DELETE',
  'course.assessment.CREATE',
  'course.assessment.MODIFY',
  'course.gradebook.MODIFY',
  'course.gradebook-metadata.VIEW',
  'course.calendar-entry.VIEW',
  'course.calendar-entry.CREATE',
  'course.calendar-entry.MODIFY',
  'course.attendance.VIEW',
  'course.attendance.CREATE',
  'course.attendance.MODIFY',
  'course.attendance.DELETE',
  'course.user.VIEW',
  'course.announcements.VIEW',
  'course.announcements.CREATE',
  'course.announcements.MODIFY',
  'course.announcements.DELETE',
] as const;

/** A teaching assistant may take roll, review and post, but not delete rules, whole meetings or announcements. */
const TEACHING_ASSISTANT = INSTRUCTOR.filter(
  (e) => !['course.adaptiverelease.DELETE', 'course.attendance.DELETE', 'course.content.DELETE', 'course.announcements.DELETE'].includes(e),
);

const STUDENT = ['course.calendar-entry.VIEW', 'course.announcements.VIEW'] as const;

const BY_COURSE_ROLE: Record<string, readonly string[]> = {
  Instructor: INSTRUCTOR,
  BbFacilitator: INSTRUCTOR,
  CourseBuilder: INSTRUCTOR.filter((e) => !e.startsWith('course.attendance')),
  TeachingAssistant: TEACHING_ASSISTANT,
  Grader: ['course.content.VIEW', 'course.gradebook.MODIFY', 'course.gradebook-metadata.VIEW', 'course.calendar-entry.VIEW', 'course.announcements.VIEW'],
  Student: STUDENT,
  Guest: [],
};

/** Roles Learn treats as instructors (not allowed as adaptive-release user predicates). */
export const INSTRUCTOR_LIKE_ROLES = ['Instructor', 'BbFacilitator', 'TeachingAssistant', 'CourseBuilder', 'Grader'];

export function entitlementsOf(directory: Directory, principal: Principal, courseId?: string): Set<string> {
  if (principal.kind === 'system') return new Set([...SYSTEM_ADMIN_ENTITLEMENTS, ...INSTRUCTOR]);
  const user = directory.users.get(principal.userId);
  const granted = new Set<string>();
  // Each role grants its privileges less those an administrator took from it; a user holds the union.
  const grant = (roleId: string, privileges: readonly string[]): void => {
    const revoked = directory.revokedPrivileges.get(roleId);
    for (const e of privileges) if (!revoked?.has(e)) granted.add(e);
  };
  grant('User', EVERY_USER);
  if (user?.systemRoleIds.includes('SystemAdmin')) grant('SystemAdmin', [...SYSTEM_ADMIN_ENTITLEMENTS, ...INSTRUCTOR]);
  if (courseId) {
    const membership = directory.membership(courseId, principal.userId);
    if (membership && membership.availability?.available !== 'No') grant(membership.courseRoleId, BY_COURSE_ROLE[membership.courseRoleId] ?? []);
  }
  return granted;
}

/** Throws Learn's 403 naming the first missing entitlement of `all`. */
export function requireAll(granted: ReadonlySet<string>, all: readonly string[]): void {
  const missing = all.find((e) => !granted.has(e));
  if (missing) throw forbidden(`User does not have the entitlement ${missing}`);
}

/** Throws a 403 unless at least one of `any` is held. */
export function requireAny(granted: ReadonlySet<string>, any: readonly string[]): void {
  if (!any.some((e) => granted.has(e))) throw forbidden(`User needs one of the entitlements ${any.join(', ')}`);
}

/** Enrolled in the course, or holding system.course.MODIFY (several seed operations ask this). */
export function isEnrolledOrCourseAdmin(directory: Directory, principal: Principal, courseId: string, granted: ReadonlySet<string>): boolean {
  if (granted.has('system.course.MODIFY')) return true;
  return principal.kind === 'user' && directory.membership(courseId, principal.userId) !== undefined;
}
