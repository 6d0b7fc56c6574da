import { z } from 'zod';
import { DateTime, pagedEnvelope } from './common';

/**
 * Learn resources the seeds do not show but the app needs: the signed-in user, their courses,
 * and a course's roster. Modelled on the Swagger file (release 3900.121.0):
 * `User`, `CourseV2` (served at /v3/courses) and `CourseMembership`.
 */

export const Availability = z.looseObject({ available: z.string().optional() });
export type Availability = z.infer<typeof Availability>;

export const UserName = z.looseObject({
  given: z.string().optional(),
  family: z.string().optional(),
  middle: z.string().optional(),
  other: z.string().optional(),
  suffix: z.string().optional(),
  title: z.string().optional(),
  preferredDisplayName: z.string().optional(),
});
export type UserName = z.infer<typeof UserName>;

export const User = z.looseObject({
  id: z.string(),
  uuid: z.string().optional(),
  externalId: z.string().optional(),
  dataSourceId: z.string().optional(),
  userName: z.string().optional(),
  studentId: z.string().optional(),
  created: DateTime.optional(),
  modified: DateTime.optional(),
  lastLogin: DateTime.optional(),
  institutionRoleIds: z.array(z.string()).optional(),
  systemRoleIds: z.array(z.string()).optional(),
  availability: z.looseObject({ available: z.string().optional() }).optional(),
  name: UserName.optional(),
  contact: z.looseObject({ email: z.string().optional() }).optional(),
});
export type User = z.infer<typeof User>;

export const CourseRoleId = z.enum(['Instructor', 'BbFacilitator', 'TeachingAssistant', 'CourseBuilder', 'Grader', 'Student', 'Guest']);
export type CourseRoleId = z.infer<typeof CourseRoleId>;

export const UltraStatus = z.enum(['Undecided', 'Classic', 'Ultra', 'Ultrapreview']);
export type UltraStatus = z.infer<typeof UltraStatus>;

export const Course = z.looseObject({
  id: z.string(),
  uuid: z.string().optional(),
  externalId: z.string().optional(),
  dataSourceId: z.string().optional(),
  courseId: z.string().optional(),
  name: z.string().optional(),
  description: z.string().optional(),
  created: DateTime.optional(),
  modified: DateTime.optional(),
  organization: z.boolean().optional(),
  ultraStatus: UltraStatus.optional(),
  allowGuests: z.boolean().optional(),
  allowObservers: z.boolean().optional(),
  closedComplete: z.boolean().optional(),
  termId: z.string().optional(),
  availability: z.looseObject({ available: z.string().optional(), duration: z.looseObject({ type: z.string().optional() }).optional() }).optional(),
  hasChildren: z.boolean().optional(),
  parentId: z.string().optional(),
  externalAccessUrl: z.string().optional(),
});
export type Course = z.infer<typeof Course>;

export const CourseMembership = z.looseObject({
  id: z.string().optional(),
  userId: z.string(),
  user: User.optional(),
  courseId: z.string(),
  course: Course.optional(),
  childCourseId: z.string().optional(),
  dataSourceId: z.string().optional(),
  created: DateTime.optional(),
  modified: DateTime.optional(),
  availability: Availability.optional(),
  // Tolerant: sites define their own course roles besides the built-in CourseRoleId values.
  courseRoleId: z.string(),
  bypassCourseAvailabilityUntil: DateTime.optional(),
  lastAccessed: DateTime.optional(),
  displayOrder: z.number().int().optional(),
});
export type CourseMembership = z.infer<typeof CourseMembership>;

/** A membership read with `fields=` (e.g. `userId,user.userName`): any subset, the embedded user's too. */
export const PartialCourseMembership = CourseMembership.partial().extend({ user: User.partial().optional() });
export type PartialCourseMembership = z.infer<typeof PartialCourseMembership>;

/** `GET /v3/courses`. */
export const PagedCourses = pagedEnvelope(Course);
export type PagedCourses = z.infer<typeof PagedCourses>;
/** `GET /v1/users/{userId}/courses` (expand=course) and `GET /v1/courses/{courseId}/users` (expand=user). */
export const PagedMemberships = pagedEnvelope(CourseMembership);
export type PagedMemberships = z.infer<typeof PagedMemberships>;
