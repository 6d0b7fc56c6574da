/**
 * People, courses and memberships as Learn writes them, from the Swagger definitions `User`
 * (/v1/users), `CourseV2` (served at /v3/courses) and `CourseMembership`, release 3900.121.0.
 * The seeds do not show these resources. The sandbox's own description: it does not borrow the
 * app's readers (docs/architecture.md rule 1). Optional fields are optional; a few nested objects keep an
 * index signature because the Swagger leaves them as free `object`s.
 */

/** Swagger `CourseMembership.courseRoleId` enum: the built-in course roles. */
export const COURSE_ROLE_IDS = ['Instructor', 'BbFacilitator', 'TeachingAssistant', 'CourseBuilder', 'Grader', 'Student', 'Guest'] as const;
export type CourseRoleId = (typeof COURSE_ROLE_IDS)[number];

/** Swagger `CourseV2.ultraStatus` enum. */
export type UltraStatus = 'Undecided' | 'Classic' | 'Ultra' | 'Ultrapreview';

type FreeObject = Record<string, unknown>;

export interface UserName extends FreeObject {
  given?: string;
  family?: string;
  middle?: string;
  other?: string;
  suffix?: string;
  title?: string;
  preferredDisplayName?: string;
}

export interface User {
  id: string;
  uuid?: string;
  externalId?: string;
  dataSourceId?: string;
  userName?: string;
  studentId?: string;
  educationLevel?: string;
  gender?: string;
  birthDate?: string;
  created?: string;
  modified?: string;
  lastLogin?: string;
  institutionRoleIds?: string[];
  systemRoleIds?: string[];
  availability?: { available?: string } & FreeObject;
  name?: UserName;
  job?: FreeObject;
  contact?: { email?: string } & FreeObject;
  address?: FreeObject;
  locale?: FreeObject;
}

export interface Course {
  id: string;
  uuid?: string;
  externalId?: string;
  dataSourceId?: string;
  courseId?: string;
  name?: string;
  description?: string;
  created?: string;
  modified?: string;
  organization?: boolean;
  ultraStatus?: UltraStatus;
  allowGuests?: boolean;
  allowObservers?: boolean;
  closedComplete?: boolean;
  termId?: string;
  availability?: { available?: string; duration?: FreeObject } & FreeObject;
  enrollment?: FreeObject;
  locale?: FreeObject;
  hasChildren?: boolean;
  parentId?: string;
  externalAccessUrl?: string;
}

export interface CourseMembership {
  id?: string;
  userId: string;
  user?: User;
  courseId: string;
  course?: Course;
  childCourseId?: string;
  dataSourceId?: string;
  created?: string;
  modified?: string;
  availability?: { available?: string } & FreeObject;
  courseRoleId: string;
  bypassCourseAvailabilityUntil?: string;
  lastAccessed?: string;
  displayOrder?: number;
}
