import { z } from 'zod';
import { openEnum, DateTime, optional, pagedEnvelope } from './common';

/**
 * Learn resources the seeds do not show but the app needs: the signed-in user, their courses,
 * and a course's roster. Modelled on the Swagger file (release 3900.121.0):
 * `User`, `CourseV2` (served at /v3/courses) and `CourseMembership`.
 */

export const Availability = z.looseObject({ available: optional(z.string()) });
export type Availability = z.infer<typeof Availability>;

export const UserName = z.looseObject({
  given: optional(z.string()),
  family: optional(z.string()),
  middle: optional(z.string()),
  other: optional(z.string()),
  suffix: optional(z.string()),
  title: optional(z.string()),
  preferredDisplayName: optional(z.string()),
});
export type UserName = z.infer<typeof UserName>;

export const User = z.looseObject({
  id: z.string(),
  uuid: optional(z.string()),
  externalId: optional(z.string()),
  dataSourceId: optional(z.string()),
  userName: optional(z.string()),
  studentId: optional(z.string()),
  created: optional(DateTime),
  modified: optional(DateTime),
  lastLogin: optional(DateTime),
  institutionRoleIds: optional(z.array(z.string())),
  systemRoleIds: optional(z.array(z.string())),
  availability: optional(z.looseObject({ available: optional(z.string()) })),
  name: optional(UserName),
  contact: optional(z.looseObject({ email: optional(z.string()) })),
  /** Since 3800.13.0: where Learn serves the avatar; a new link means a new picture (docs/api-notes/users-and-courses.md, "User avatars"). */
  avatar: optional(z.looseObject({ viewUrl: optional(z.string()), source: optional(z.string()) })),
  /** The user's own language in Learn (`id`, e.g. `es_ES`); `{}` when none is set (docs/api-notes/users-and-courses.md). */
  locale: optional(z.looseObject({ id: optional(z.string()) })),
});
export type User = z.infer<typeof User>;

export const CourseRoleId = z.enum(['Instructor', 'BbFacilitator', 'TeachingAssistant', 'CourseBuilder', 'Grader', 'Student', 'Guest']);
export type CourseRoleId = z.infer<typeof CourseRoleId>;

export const UltraStatus = z.enum(['Undecided', 'Classic', 'Ultra', 'Ultrapreview']);
export type UltraStatus = z.infer<typeof UltraStatus>;

export const Course = z.looseObject({
  id: z.string(),
  uuid: optional(z.string()),
  externalId: optional(z.string()),
  dataSourceId: optional(z.string()),
  courseId: optional(z.string()),
  name: optional(z.string()),
  description: optional(z.string()),
  created: optional(DateTime),
  modified: optional(DateTime),
  organization: optional(z.boolean()),
  ultraStatus: optional(openEnum(UltraStatus.options)),
  allowGuests: optional(z.boolean()),
  allowObservers: optional(z.boolean()),
  closedComplete: optional(z.boolean()),
  termId: optional(z.string()),
  availability: optional(z.looseObject({ available: optional(z.string()), duration: optional(z.looseObject({ type: optional(z.string()), start: optional(DateTime), end: optional(DateTime) })) })),
  hasChildren: optional(z.boolean()),
  parentId: optional(z.string()),
  externalAccessUrl: optional(z.string()),
});
export type Course = z.infer<typeof Course>;

/** The availability dates of a course or a term (`DateRange`: start and end; others: none). */
export const Duration = z.looseObject({ type: optional(z.string()), start: optional(DateTime), end: optional(DateTime), daysOfUse: optional(z.number()) });
export type Duration = z.infer<typeof Duration>;

/** A term (`TermV1`, `GET /v1/terms/{termId}`): what the app reads of it is its dates. */
export const Term = z.looseObject({
  id: z.string(),
  externalId: optional(z.string()),
  name: optional(z.string()),
  availability: optional(z.looseObject({ available: optional(z.string()), duration: optional(Duration) })),
});
export type Term = z.infer<typeof Term>;

export const CourseMembership = z.looseObject({
  id: optional(z.string()),
  userId: z.string(),
  user: optional(User),
  courseId: z.string(),
  course: optional(Course),
  childCourseId: optional(z.string()),
  dataSourceId: optional(z.string()),
  created: optional(DateTime),
  modified: optional(DateTime),
  availability: optional(Availability),
  // Tolerant: sites define their own course roles besides the built-in CourseRoleId values.
  courseRoleId: z.string(),
  bypassCourseAvailabilityUntil: optional(DateTime),
  lastAccessed: optional(DateTime),
  displayOrder: optional(z.number().int()),
});
export type CourseMembership = z.infer<typeof CourseMembership>;

/** A membership read with `fields=` (e.g. `userId,user.userName`): any subset, the embedded user's too. */
export const PartialCourseMembership = CourseMembership.partial().extend({ user: optional(User.partial()) });
export type PartialCourseMembership = z.infer<typeof PartialCourseMembership>;

/** `GET /v3/courses`. */
export const PagedCourses = pagedEnvelope(Course);
export type PagedCourses = z.infer<typeof PagedCourses>;
/** `GET /v1/users/{userId}/courses` (expand=course) and `GET /v1/courses/{courseId}/users` (expand=user). */
export const PagedMemberships = pagedEnvelope(CourseMembership);
export type PagedMemberships = z.infer<typeof PagedMemberships>;

/**
 * A course group (`GroupV2`, `GET /v2/courses/{courseId}/groups`): read so that screens name
 * groups (adaptive release lists them by id) instead of showing Learn's ids.
 */
export const CourseGroup = z.looseObject({
  id: z.string(),
  externalId: optional(z.string()),
  groupSetId: optional(z.string()),
  name: optional(z.string()),
  description: optional(z.string()),
  availability: optional(Availability),
});
export type CourseGroup = z.infer<typeof CourseGroup>;
export const PagedCourseGroups = pagedEnvelope(CourseGroup);

/** One member of a group (Swagger `GroupMembership`: `userId`, and `user` with `expand=user`). */
export const GroupMembership = z.looseObject({ userId: z.string() });
export type GroupMembership = z.infer<typeof GroupMembership>;
