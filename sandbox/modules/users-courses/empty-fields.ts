import type { ShapeVariety } from '../../core/shape-variety';
import type { Course, CourseMembership, User } from '../../core/people';

/**
 * Empty optional fields as Learn writes them: `null` or left out (ShapeVariety). Only fields the
 * caller may see are given an empty form, so a field hidden from this caller stays absent.
 */
const USER_EMPTY_FIELDS = ['studentId', 'lastLogin', 'educationLevel', 'gender', 'birthDate'] as const;
const NAME_EMPTY_FIELDS = ['middle', 'other', 'suffix', 'title', 'preferredDisplayName'] as const;
const COURSE_EMPTY_FIELDS = ['description', 'termId', 'parentId', 'externalAccessUrl'] as const;
const MEMBERSHIP_EMPTY_FIELDS = ['childCourseId', 'lastAccessed', 'bypassCourseAvailabilityUntil'] as const;

/** `visible` names the fields this caller may see; an empty one of those is written null or left out. */
export function withEmptyFields<T extends object>(value: T, fields: readonly string[], visible: readonly string[] | 'all', variety: ShapeVariety): T {
  if (!variety.on) return value;
  const out = { ...value } as Record<string, unknown>;
  for (const field of fields) {
    if (out[field] !== undefined && out[field] !== null) continue;
    if (visible !== 'all' && !visible.includes(field)) continue;
    const empty = variety.empty();
    if (empty === null) out[field] = null;
  }
  return out as T;
}

export function userWithEmptyFields(user: User, visible: readonly string[] | 'all', variety: ShapeVariety): User {
  const out = withEmptyFields(user, USER_EMPTY_FIELDS, visible, variety);
  return out.name ? { ...out, name: withEmptyFields(out.name, NAME_EMPTY_FIELDS, 'all', variety) } : out;
}

export function courseWithEmptyFields(course: Course, visible: readonly string[] | 'all', variety: ShapeVariety): Course {
  return withEmptyFields(course, COURSE_EMPTY_FIELDS, visible, variety);
}

export function membershipWithEmptyFields(membership: CourseMembership, variety: ShapeVariety): CourseMembership {
  return withEmptyFields(membership, MEMBERSHIP_EMPTY_FIELDS, 'all', variety);
}
