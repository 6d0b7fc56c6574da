import type { ContentAccess, Permission } from '../../../shared/ipc/content-channels';
import { ApiError } from '../http/api-error';
import type { LearnClient } from '../learn/learn-client';
import { entitlementInWords } from '../../../shared/domain/entitlement-words';

/**
 * What the signed-in user may do with a course's content and release rules. Learn's public API
 * has no "my entitlements" operation, so the app derives them from what it can read: the user's
 * course role (their enrolment) and system roles (their user record), through the default
 * privileges of Learn's built-in roles. An institution may have changed those defaults, so this is
 * advice for the screen (disable what will surely fail, with the reason); Learn still decides,
 * and its 403 message is shown when it disagrees (docs/api-notes/content-and-release.md, "Content review").
 */

/** Course-role entitlements of the seed's content and adaptive-release rows, per built-in role. */
const WRITER = [
  'course.content.VIEW',
  'course.content.CREATE',
  'course.content.MODIFY',
  'course.content.availability.MODIFY',
  'course.content.assessment.deploy.EXECUTE',
  'course.assessment.CREATE',
  'course.assessment.MODIFY',
  'course.gradebook.MODIFY',
  'course.adaptiverelease.VIEW',
  'course.adaptiverelease.CREATE',
  'course.adaptiverelease.MODIFY',
  'course.adaptiverelease.acl.modify',
];
const BY_ROLE: Record<string, readonly string[]> = {
  Instructor: [...WRITER, 'course.content.DELETE', 'course.adaptiverelease.DELETE'],
  BbFacilitator: [...WRITER, 'course.content.DELETE', 'course.adaptiverelease.DELETE'],
  CourseBuilder: [...WRITER, 'course.content.DELETE', 'course.adaptiverelease.DELETE'],
  // Learn's default TA role may not delete content or release rules.
  TeachingAssistant: WRITER,
  Grader: ['course.content.VIEW', 'course.gradebook.MODIFY'],
};
const ADMIN = [...(BY_ROLE.Instructor ?? []), 'system.course.MODIFY'];

const ALLOWED: Permission = { allowed: true };

/** The entitlements the user holds in the course, and their course role in words. */
export async function heldEntitlements(learn: LearnClient, courseId: string): Promise<{ role: string; held: Set<string> }> {
  const [user, membership] = await Promise.all([learn.courses.getUser('me', { fields: ['systemRoleIds'] }), enrolment(learn, courseId)]);
  const held = new Set<string>(BY_ROLE[membership ?? ''] ?? []);
  if (user.systemRoleIds?.includes('SystemAdmin')) for (const e of ADMIN) held.add(e);
  return { role: membership ?? (held.size > 0 ? 'Administrator' : 'not enrolled'), held };
}

async function enrolment(learn: LearnClient, courseId: string): Promise<string | undefined> {
  try {
    const m = await learn.courses.getCourseUser(courseId, 'me');
    return m.availability?.available === 'No' ? undefined : m.courseRoleId;
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 403)) return undefined;
    throw error;
  }
}

/** Each operation of the screen against the seed's entitlement table. */
export function accessFrom(role: string, held: ReadonlySet<string>, ultra: boolean): ContentAccess {
  const need = (what: string, all: readonly string[]): Permission => {
    const missing = all.filter((e) => !held.has(e));
    if (missing.length === 0) return ALLOWED;
    return { allowed: false, reason: `${what} needs ${missing.map(entitlementInWords).join(' and ')}, which your role (${role}) does not hold.` };
  };
  const assignment = ultra
    ? ['course.content.CREATE', 'course.assessment.CREATE', 'course.content.assessment.deploy.EXECUTE', 'course.gradebook.MODIFY', 'course.assessment.MODIFY']
    : ['course.content.CREATE', 'course.gradebook.MODIFY', 'course.content.MODIFY'];
  const adminOnly = (what: string, all: readonly string[]): Permission => {
    const p = need(what, all);
    // One wording for change and remove: the screen shows it once per rule, not per button.
    return p.allowed || held.has('system.course.MODIFY') ? p : { allowed: false, reason: `Changing or removing a criterion needs ${entitlementInWords('system.course.MODIFY')}: in Learn only an administrator may do that once a criterion is made. Ask your Learn administrator, or delete the whole rule and make it again.` };
  };
  return {
    role,
    createContent: need('Creating content', ['course.content.CREATE']),
    createAssignment: need('Creating an assignment', assignment),
    viewRules: need('Reading release rules', ['course.content.VIEW', 'course.adaptiverelease.VIEW']),
    createRule: need('Adding a release rule', ['course.content.availability.MODIFY', 'course.adaptiverelease.CREATE']),
    renameRule: need('Renaming a release rule', ['course.content.availability.MODIFY', 'course.adaptiverelease.MODIFY']),
    deleteRule: need('Deleting a release rule', ['course.content.availability.MODIFY', 'course.adaptiverelease.DELETE']),
    createCriterion: need('Adding a criterion', ['course.adaptiverelease.CREATE', 'course.content.availability.MODIFY']),
    editCriterion: adminOnly('Changing a criterion', ['system.course.MODIFY', 'course.adaptiverelease.MODIFY', 'course.content.availability.MODIFY']),
    deleteCriterion: adminOnly('Removing a criterion', ['system.course.MODIFY', 'course.adaptiverelease.DELETE', 'course.content.availability.MODIFY']),
    setMembers: need('Changing who an item is released to', ['course.adaptiverelease.acl.modify']),
  };
}
