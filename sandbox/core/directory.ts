import { badRequest, objectNotFound } from './errors';
import type { Course, CourseMembership, CourseRoleId, User } from './people';

/**
 * The institution the sandbox serves: users, courses (and organizations), memberships and course
 * groups. Every domain module reads people and courses from here; ids are Learn-style (`_12_1`).
 */

export interface SandboxUser extends User {
  id: string;
  userName: string;
  /** Sign-in password for the authorization-code login page (demo only). */
  password: string;
  /** System role: `SystemAdmin` holds every system entitlement; `User` none. */
  systemRoleIds: string[];
}

export interface SandboxCourse extends Course {
  id: string;
  courseId: string;
  name: string;
  ultraStatus: 'Ultra' | 'Classic';
  organization: boolean;
  /** The course calendar can be switched off per course (calendar permission rules). */
  calendarEnabled: boolean;
  /** Cross-listed children (their content is protected unless allowChildCourseContent). */
  childCourseIds: string[];
}

export interface SandboxMembership extends CourseMembership {
  id: string;
  userId: string;
  courseId: string;
  courseRoleId: CourseRoleId;
}

export interface SandboxGroup {
  id: string;
  courseId: string;
  externalId: string;
  name: string;
  memberUserIds: string[];
  /** The group set it belongs to (GroupV2 `groupSetId`); absent for a top-level group. */
  groupSetId?: string;
}

/** A group set: a named container of groups (Learn's v1 Group with `isGroupSet`); never a member list itself. */
export interface SandboxGroupSet {
  id: string;
  courseId: string;
  externalId: string;
  name: string;
}

/**
 * The answers of the groups list the Swagger leaves open (docs/api-notes/groups.md "Group sets"):
 * whether "all top-level groups" lists the sets themselves, and whether `inGroupSet` filters.
 */
export interface GroupListAnswers {
  setsListed: boolean;
  inGroupSet: 'filters' | 'ignored';
}

/** Secondary-id prefixes Learn accepts in a path segment. */
const COURSE_PREFIXES = ['externalId', 'courseId', 'uuid'] as const;
const USER_PREFIXES = ['externalId', 'userName', 'uuid', 'studentId'] as const;

export class Directory {
  readonly users = new Map<string, SandboxUser>();
  readonly courses = new Map<string, SandboxCourse>();
  readonly memberships: SandboxMembership[] = [];
  readonly groups = new Map<string, SandboxGroup>();
  readonly groupSets = new Map<string, SandboxGroupSet>();
  readonly groupListAnswers: GroupListAnswers = { setsListed: false, inGroupSet: 'filters' };
  /**
   * Privileges an administrator took away from a role (system role id or course role id), as
   * Learn's Administrator Panel → Users → System/Course Roles allows: every operation needing one
   * then answers 403 for users whose only source of it was that role.
   */
  readonly revokedPrivileges = new Map<string, Set<string>>();
  /** Services switched off on this site (Learn: Building Blocks turned off), e.g. `attendance`: their paths answer 404. */
  readonly servicesOff = new Set<string>();
  #nextId = 1;

  /** A new Learn-style primary id (`_123_1`), unique across the whole sandbox. */
  newId(): string {
    return `_${this.#nextId++}_1`;
  }

  addUser(user: SandboxUser): SandboxUser {
    this.users.set(user.id, user);
    return user;
  }

  addCourse(course: SandboxCourse): SandboxCourse {
    this.courses.set(course.id, course);
    return course;
  }

  enrol(membership: SandboxMembership): SandboxMembership {
    this.memberships.push(membership);
    return membership;
  }

  /** A course by primary id or `externalId:`/`courseId:`/`uuid:` secondary id, or a 404. */
  course(idOrSecondary: string): SandboxCourse {
    const found = findBy(this.courses.values(), idOrSecondary, COURSE_PREFIXES);
    if (!found) throw objectNotFound(idOrSecondary);
    return found;
  }

  /** A user by primary id, `me` (the token's user) or a secondary id, or a 404. */
  user(idOrSecondary: string, meUserId?: string): SandboxUser {
    if (idOrSecondary === 'me') {
      if (!meUserId) throw badRequest("'me' is only meaningful with a user's token (three-legged OAuth)");
      return this.user(meUserId);
    }
    const found = findBy(this.users.values(), idOrSecondary, USER_PREFIXES);
    if (!found) throw objectNotFound(idOrSecondary);
    return found;
  }

  membership(courseId: string, userId: string): SandboxMembership | undefined {
    return this.memberships.find((m) => m.courseId === courseId && m.userId === userId);
  }

  courseMemberships(courseId: string): SandboxMembership[] {
    return this.memberships.filter((m) => m.courseId === courseId);
  }

  userMemberships(userId: string): SandboxMembership[] {
    return this.memberships.filter((m) => m.userId === userId);
  }

  /** A course group (never a set: the vendor's adaptive release page says a set cannot be named) or a 404. */
  group(courseId: string, idOrSecondary: string): SandboxGroup {
    const found = findBy([...this.groups.values()].filter((g) => g.courseId === courseId), idOrSecondary, ['externalId'] as const);
    if (!found) throw objectNotFound(idOrSecondary);
    return found;
  }

  /** A course's group set by primary id or `externalId:` secondary id, or a 404. */
  groupSet(courseId: string, idOrSecondary: string): SandboxGroupSet {
    const found = findBy([...this.groupSets.values()].filter((s) => s.courseId === courseId), idOrSecondary, ['externalId'] as const);
    if (!found) throw objectNotFound(idOrSecondary);
    return found;
  }

  /** The user as the API shows it (no password). */
  publicUser(user: SandboxUser): User {
    const { password: _password, ...rest } = user;
    return rest;
  }

  /** The course as the API shows it (no sandbox-only fields). */
  publicCourse(course: SandboxCourse): Course {
    const { calendarEnabled: _c, childCourseIds: _k, ...rest } = course;
    return { ...rest, hasChildren: course.childCourseIds.length > 0 };
  }
}

function findBy<T extends { id: string }>(items: Iterable<T>, key: string, prefixes: readonly string[]): T | undefined {
  const colon = key.indexOf(':');
  if (colon > 0) {
    const prefix = key.slice(0, colon);
    const value = key.slice(colon + 1);
    if (prefix === 'primaryId') return findBy(items, value, prefixes);
    if (!prefixes.includes(prefix)) throw badRequest(`Unsupported id type '${prefix}' in ${key}. Use one of: ${prefixes.join(', ')}`);
    for (const item of items) {
      if ((item as Record<string, unknown>)[prefix] === value) return item;
    }
    return undefined;
  }
  for (const item of items) if (item.id === key) return item;
  return undefined;
}
