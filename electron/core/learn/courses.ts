import { Course, CourseGroup, CourseMembership, GroupMembership, Term, User, type CourseRoleId } from '../../../shared/api/users';
import { path, type LearnHttp } from './learn-http';
import { itemSchema, listQuery, toQuery, type FieldsOption, type PageOptions, type Read, type SortOptions } from './paging';

/**
 * Who signed in, their courses and a course's roster (the Swagger's users, /v3/courses and
 * memberships). `userId` takes `me` (the signed-in user; not with a system token), a primary id or
 * `userName:`, `externalId:`, `uuid:`, `studentId:`; `courseId` a primary id or `courseId:`,
 * `externalId:`, `uuid:`.
 */

type Signal = { signal?: AbortSignal };
type Compare = 'lessThan' | 'greaterOrEqual';

/** Filters of the membership lists (a user's courses, a course's roster). */
export interface MembershipFilters {
  role?: CourseRoleId;
  available?: 'Yes' | 'No' | 'Disabled';
  created?: Date;
  createdCompare?: Compare;
  modified?: Date;
  modifiedCompare?: Compare;
  lastAccessed?: Date;
  lastAccessedCompare?: Compare;
  dataSourceId?: string;
}
export type MembershipListOptions = PageOptions<CourseMembership> & SortOptions<'created' | 'lastAccessed'> & MembershipFilters;

/** Filters of the course list: text filters match "contains", any case. */
export interface CourseListOptions extends PageOptions<Course>, SortOptions<'courseId' | 'name' | 'externalId' | 'created' | 'modified'> {
  courseId?: string;
  name?: string;
  description?: string;
  externalId?: string;
  organization?: boolean;
  allowGuests?: boolean;
  available?: 'Yes' | 'No' | 'Disabled' | 'Term';
  termId?: string;
  dataSourceId?: string;
  created?: Date;
  createdCompare?: Compare;
  modified?: Date;
  modifiedCompare?: Compare;
}

function membershipFilters(o: MembershipFilters) {
  return {
    role: o.role,
    'availability.available': o.available,
    created: o.created,
    createdCompare: o.createdCompare,
    modified: o.modified,
    modifiedCompare: o.modifiedCompare,
    lastAccessed: o.lastAccessed,
    lastAccessedCompare: o.lastAccessedCompare,
    dataSourceId: o.dataSourceId,
  };
}

export class CoursesApi {
  constructor(private readonly learn: LearnHttp) {}

  /** A user's record; `me` (the default) is the signed-in user. */
  getUser<O extends FieldsOption<User> & Signal>(userId = 'me', options?: O): Promise<Read<User, O>> {
    return this.learn.read(
      { method: 'GET', path: path`/api/public/v1/users/${userId}`, query: toQuery({ fields: options?.fields }), operation: userId === 'me' ? 'read your Learn profile' : `open user ${userId}`, signal: options?.signal },
      itemSchema(User, options?.fields),
    );
  }

  /** A user's course memberships, each with its course (`expand=course`); all pages. */
  listUserCourses<O extends MembershipListOptions>(userId = 'me', options?: O): AsyncGenerator<Read<CourseMembership, O>> {
    const o: MembershipListOptions = options ?? {};
    return this.learn.list(
      { path: path`/api/public/v1/users/${userId}/courses`, query: listQuery(o, { ...membershipFilters(o), expand: 'course' }), operation: userId === 'me' ? 'list your courses' : `list the courses of ${userId}`, signal: o.signal },
      itemSchema(CourseMembership, o.fields),
    );
  }

  /** Courses the token can see (`/v3/courses`); all pages. */
  listCourses<O extends CourseListOptions>(options?: O): AsyncGenerator<Read<Course, O>> {
    const o: CourseListOptions = options ?? {};
    const filters = {
      courseId: o.courseId,
      name: o.name,
      description: o.description,
      externalId: o.externalId,
      organization: o.organization,
      allowGuests: o.allowGuests,
      'availability.available': o.available,
      termId: o.termId,
      dataSourceId: o.dataSourceId,
      created: o.created,
      createdCompare: o.createdCompare,
      modified: o.modified,
      modifiedCompare: o.modifiedCompare,
    };
    return this.learn.list({ path: '/api/public/v3/courses', query: listQuery(o, filters), operation: 'list courses', signal: o.signal }, itemSchema(Course, o.fields));
  }

  getCourse<O extends FieldsOption<Course> & Signal>(courseId: string, options?: O): Promise<Read<Course, O>> {
    return this.learn.read(
      { method: 'GET', path: path`/api/public/v3/courses/${courseId}`, query: toQuery({ fields: options?.fields }), operation: `open course ${courseId}`, signal: options?.signal },
      itemSchema(Course, options?.fields),
    );
  }

  /** A term (`/v1/terms/{termId}`): its dates say whether the courses that use them are current. */
  getTerm<O extends FieldsOption<Term> & Signal>(termId: string, options?: O): Promise<Read<Term, O>> {
    return this.learn.read(
      { method: 'GET', path: path`/api/public/v1/terms/${termId}`, query: toQuery({ fields: options?.fields }), operation: `open term ${termId}`, signal: options?.signal },
      itemSchema(Term, options?.fields),
    );
  }

  /** The course's roster, each membership with its user (`expand=user`); all pages. */
  listCourseUsers<O extends MembershipListOptions>(courseId: string, options?: O): AsyncGenerator<Read<CourseMembership, O>> {
    const o: MembershipListOptions = options ?? {};
    return this.learn.list(
      { path: path`/api/public/v1/courses/${courseId}/users`, query: listQuery(o, { ...membershipFilters(o), expand: 'user' }), operation: `list the people in ${courseId}`, signal: o.signal },
      itemSchema(CourseMembership, o.fields),
    );
  }

  /** One member of the course, with the user. */
  getCourseUser(courseId: string, userId: string, options: Signal = {}): Promise<CourseMembership> {
    return this.learn.read(
      { method: 'GET', path: path`/api/public/v1/courses/${courseId}/users/${userId}`, query: toQuery({ expand: 'user' }), operation: `open the enrolment of ${userId} in ${courseId}`, signal: options.signal },
      CourseMembership,
    );
  }

  /**
   * The course's top-level groups (`/v2/courses/{courseId}/groups`: the groups in no set, and
   * perhaps the sets themselves, which GroupV2 does not mark); all pages. `inGroupSet` (since
   * 3900.10.0) asks for the groups in a set, or in none; what Learn makes of it is not documented.
   */
  listGroups<O extends PageOptions<CourseGroup> & Signal & { inGroupSet?: boolean }>(courseId: string, options?: O): AsyncGenerator<Read<CourseGroup, O>> {
    const o: PageOptions<CourseGroup> & Signal & { inGroupSet?: boolean } = options ?? {};
    return this.learn.list({ path: path`/api/public/v2/courses/${courseId}/groups`, query: listQuery(o, { inGroupSet: o.inGroupSet }), operation: `list the groups of ${courseId}`, signal: o.signal }, itemSchema(CourseGroup, o.fields));
  }

  /** A group's members (`/v2/courses/{courseId}/groups/{groupId}/users`, "Get Group Memberships"); all pages. */
  listGroupMembers<O extends PageOptions<GroupMembership> & Signal>(courseId: string, groupId: string, options?: O): AsyncGenerator<Read<GroupMembership, O>> {
    const o: PageOptions<GroupMembership> & Signal = options ?? {};
    return this.learn.list(
      { path: path`/api/public/v2/courses/${courseId}/groups/${groupId}/users`, query: listQuery(o), operation: `list the members of group ${groupId} in ${courseId}`, signal: o.signal },
      itemSchema(GroupMembership, o.fields),
    );
  }

  /** The course's group sets (`/v2/courses/{courseId}/groups/sets`); all pages. */
  listGroupSets<O extends PageOptions<CourseGroup> & Signal>(courseId: string, options?: O): AsyncGenerator<Read<CourseGroup, O>> {
    const o: PageOptions<CourseGroup> & Signal = options ?? {};
    return this.learn.list({ path: path`/api/public/v2/courses/${courseId}/groups/sets`, query: listQuery(o), operation: `list the group sets of ${courseId}`, signal: o.signal }, itemSchema(CourseGroup, o.fields));
  }

  /** The groups inside one group set (`/v2/courses/{courseId}/groups/sets/{groupId}/groups`); all pages. */
  listGroupSetGroups<O extends PageOptions<CourseGroup> & Signal>(courseId: string, setId: string, options?: O): AsyncGenerator<Read<CourseGroup, O>> {
    const o: PageOptions<CourseGroup> & Signal = options ?? {};
    return this.learn.list(
      { path: path`/api/public/v2/courses/${courseId}/groups/sets/${setId}/groups`, query: listQuery(o), operation: `list the groups of set ${setId} in ${courseId}`, signal: o.signal },
      itemSchema(CourseGroup, o.fields),
    );
  }
}
