import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { ErrorBody, pagedEnvelope } from '../../../shared/api/common';
import { Course, CourseMembership, PagedCourses, PagedMemberships, PartialCourseMembership, User } from '../../../shared/api/users';
import type { RunningSandbox } from '../../../sandbox/server';
import { call, systemToken, userToken, withSandbox } from '../../support/sandbox';
import { expectLearnShape, solid, swaggerProperties } from './learn-variety';

// The Learn resources the app reads besides the seeds: the user, their courses, courses, rosters.
let sandbox: RunningSandbox;
let instructor: string;
let ta: string;
let student: string;
let crossListed: string;
let guest: string;
let admin: string;
let system: string;
const ids = { instructor: '', student: '', studentName: '', histStudent: '', psyc: '', biol: '', child: '', crossListed: '' };
const USERS = '/learn/api/public/v1/users';
const COURSES = '/learn/api/public/v3/courses';
const ROSTER = '/learn/api/public/v1/courses/courseId:PSYC-101-F26/users';

beforeAll(async () => {
  sandbox = await withSandbox();
  const dir = sandbox.context().directory;
  ids.instructor = dir.user('userName:instructor').id;
  ids.psyc = dir.course('courseId:PSYC-101-F26').id;
  ids.biol = dir.course('courseId:BIOL-220-F26').id;
  ids.child = dir.course('courseId:BIOL-220-F26-X').id;
  const studentOf = (courseId: string, role = 'Student') => dir.courseMemberships(courseId).find((m) => m.courseRoleId === role)!.userId;
  ids.student = studentOf(ids.psyc);
  ids.studentName = dir.users.get(ids.student)!.userName;
  ids.histStudent = studentOf(dir.course('courseId:HIST-310-F26').id);
  ids.crossListed = studentOf(ids.child);
  instructor = userToken(sandbox, 'instructor');
  ta = userToken(sandbox, 'ta');
  admin = userToken(sandbox, 'admin');
  student = userToken(sandbox, ids.studentName);
  crossListed = userToken(sandbox, dir.users.get(ids.crossListed)!.userName);
  guest = userToken(sandbox, dir.users.get(studentOf(dir.course('courseId:HIST-310-F26').id, 'Guest'))!.userName);
  system = await systemToken(sandbox);
});
afterAll(() => sandbox.close());

async function expectStatus<S extends z.ZodType>(token: string | null, path: string, status: number, schema: S): Promise<z.infer<S>> {
  const res = await call(sandbox, token, 'GET', path);
  expect(res.status, `GET ${path}: ${res.text}`).toBe(status);
  return expectLearnShape('GET', path, res, schema);
}
const expectError = (token: string | null, path: string, status: number) => expectStatus(token, path, status, ErrorBody);

/** Follows paging.nextPage literally (a host-relative path with its query) until it is absent. */
async function walk<S extends z.ZodType<{ results: unknown[]; paging?: { nextPage?: string | undefined } | undefined }>>(token: string, first: string, schema: S) {
  const pages: z.infer<S>[] = [];
  for (let path: string | undefined = first; path; ) {
    const page: z.infer<S> = await expectStatus(token, path, 200, schema);
    pages.push(page);
    path = page.paging?.nextPage;
  }
  return pages;
}

describe('users', () => {
  it("reads the token's own user as `me`, without system fields", async () => {
    const me = await expectStatus(instructor, `${USERS}/me`, 200, User);
    expect(me).toMatchObject({ id: ids.instructor, userName: 'instructor', name: { given: 'Maya', family: 'Okafor' } });
    expect(me).not.toHaveProperty('externalId');
    expect(me).not.toHaveProperty('password');
    expect(await expectStatus(instructor, `${USERS}/me?fields=id,userName`, 200, User)).toEqual({ id: ids.instructor, userName: 'instructor' });
  });

  it('gives the system level every field, by primary or secondary id', async () => {
    const byName = await expectStatus(system, `${USERS}/userName:instructor`, 200, User);
    expect(byName).toMatchObject({ id: ids.instructor, externalId: 'NU-instructor', institutionRoleIds: ['FACULTY'] });
    const userFields = swaggerProperties('users.User');
    expect(solid(await expectStatus(admin, `${USERS}/externalId:NU-instructor`, 200, User), userFields)).toEqual(solid(byName, userFields));
    expect(solid(await expectStatus(admin, `${USERS}/uuid:${byName.uuid}`, 200, User), userFields)).toEqual(solid(byName, userFields));
  });

  it("refuses `me` with a system token (400), another user's record (403), unknown users (404), no token (401)", async () => {
    expect((await expectError(system, `${USERS}/me`, 400)).message).toMatch(/user's token/);
    await expectError(instructor, `${USERS}/${ids.student}`, 403);
    await expectError(student, `${USERS}/userName:instructor`, 403);
    await expectError(instructor, `${USERS}/userName:nobody-here`, 404);
    await expectError(instructor, `${USERS}/email:x@y`, 400);
    await expectError(null, `${USERS}/me`, 401);
  });
});

describe("a user's memberships", () => {
  it('lists my courses with the course embedded by expand=course', async () => {
    const page = await expectStatus(instructor, `${USERS}/me/courses?expand=course`, 200, PagedMemberships);
    expect(page.results.map((m) => m.course?.courseId).sort()).toEqual(['BIOL-220-F26', 'BIOL-220-F26-X', 'CHEM-105-F26', 'HIST-310-F26', 'ORG-TLC', 'PSYC-101-F26']);
    expect(page.results.every((m) => m.userId === ids.instructor && m.courseRoleId === 'Instructor')).toBe(true);
    expect(page.results.find((m) => m.courseId === ids.psyc)?.course).toMatchObject({ name: 'Introduction to Psychology', ultraStatus: 'Ultra' });
  });

  it('filters by role and availability, sorts with (desc) and pages', async () => {
    const taStudent = await expectStatus(ta, `${USERS}/me/courses?role=Student&expand=course`, 200, PagedMemberships);
    expect(taStudent.results.map((m) => m.course?.courseId)).toEqual(['ORG-TLC']);
    expect((await expectStatus(ta, `${USERS}/me/courses?availability.available=No`, 200, PagedMemberships)).results).toEqual([]);
    const sorted = await expectStatus(instructor, `${USERS}/me/courses?sort=lastAccessed(desc)`, 200, PagedMemberships);
    const times = sorted.results.map((m) => m.lastAccessed!);
    expect(times).toEqual([...times].sort().reverse());
    const pages = await walk(instructor, `${USERS}/me/courses?limit=4`, PagedMemberships);
    expect(pages.map((p) => p.results.length)).toEqual([4, 2]);
  });

  it('shows a cross-listed student the parent membership through the child (childCourseId)', async () => {
    const page = await expectStatus(crossListed, `${USERS}/me/courses`, 200, PagedMemberships);
    expect(page.results.find((m) => m.courseId === ids.biol)).toMatchObject({ childCourseId: ids.child, courseRoleId: 'Student' });
    expect(page.results.find((m) => m.courseId === ids.child)).not.toHaveProperty('childCourseId');
  });

  it("refuses another user's memberships (403) and bad parameters (400)", async () => {
    await expectError(instructor, `${USERS}/${ids.student}/courses`, 403);
    expect((await expectStatus(system, `${USERS}/${ids.student}/courses`, 200, PagedMemberships)).results.length).toBeGreaterThan(0);
    expect((await expectError(instructor, `${USERS}/me/courses?role=Professor`, 400)).message).toMatch(/Instructor, BbFacilitator/);
    await expectError(instructor, `${USERS}/me/courses?expand=user`, 400);
    await expectError(instructor, `${USERS}/me/courses?sort=name`, 400);
    await expectError(instructor, `${USERS}/me/courses?created=yesterday`, 400);
    await expectError(instructor, `${USERS}/_999999_1/courses`, 404);
  });
});

describe('courses', () => {
  it('lists, filters (contains, any case), sorts with (desc), keeps fields and pages', async () => {
    const all = (await walk(system, `${COURSES}?limit=2`, PagedCourses)).flatMap((p) => p.results);
    expect(all).toHaveLength(6);
    const biol = await expectStatus(system, `${COURSES}?courseId=biol`, 200, PagedCourses);
    expect(biol.results.map((c) => c.courseId).sort()).toEqual(['BIOL-220-F26', 'BIOL-220-F26-X']);
    expect((await expectStatus(system, `${COURSES}?name=CHEMISTRY`, 200, PagedCourses)).results.map((c) => c.courseId)).toEqual(['CHEM-105-F26']);
    expect((await expectStatus(system, `${COURSES}?organization=true`, 200, PagedCourses)).results.map((c) => c.courseId)).toEqual(['ORG-TLC']);
    const sorted = await expectStatus(system, `${COURSES}?sort=courseId(desc)&fields=id,courseId`, 200, PagedCourses);
    expect(sorted.results.map((c) => c.courseId)).toEqual(['PSYC-101-F26', 'ORG-TLC', 'HIST-310-F26', 'CHEM-105-F26', 'BIOL-220-F26-X', 'BIOL-220-F26']);
    expect(Object.keys(sorted.results[0]!)).toEqual(['id', 'courseId']);
    await expectError(system, `${COURSES}?sort=ultraStatus`, 400);
    await expectError(system, `${COURSES}?organization=maybe`, 400);
    await expectError(null, COURSES, 401);
  });

  it('reads a course by courseId:, externalId:, uuid: or primary id; a child carries parentId', async () => {
    const course = await expectStatus(instructor, `${COURSES}/courseId:PSYC-101-F26`, 200, Course);
    expect(course).toMatchObject({ id: ids.psyc, externalId: 'PSYC-101-F26', ultraStatus: 'Ultra', hasChildren: false });
    const courseFields = swaggerProperties('CourseV2');
    for (const id of ['externalId:PSYC-101-F26', `uuid:${course.uuid}`, ids.psyc]) {
      expect(solid(await expectStatus(instructor, `${COURSES}/${id}`, 200, Course), courseFields)).toEqual(solid(course, courseFields));
    }
    expect(await expectStatus(instructor, `${COURSES}/courseId:BIOL-220-F26-X`, 200, Course)).toMatchObject({ parentId: ids.biol });
    expect(await expectStatus(instructor, `${COURSES}/courseId:BIOL-220-F26`, 200, Course)).toMatchObject({ hasChildren: true });
    expect((await expectError(instructor, `${COURSES}/courseId:NOPE-1`, 404)).message).toMatch(/courseId:NOPE-1/);
    await expectError(instructor, `${COURSES}/sisId:PSYC`, 400);
  });

  it('shows students less: members lose system fields, outsiders see only the public cut', async () => {
    const member = await expectStatus(student, `${COURSES}/courseId:PSYC-101-F26`, 200, Course);
    expect(member).toHaveProperty('ultraStatus');
    expect(member).not.toHaveProperty('externalId');
    // Asking for every CourseV2 field (a `fields` answer carries no unknown fields) still gives only the public cut.
    const outsider = await expectStatus(student, `${COURSES}/courseId:HIST-310-F26?fields=${swaggerProperties('CourseV2').join(',')}`, 200, Course);
    expect(Object.keys(outsider).sort()).toEqual(['availability', 'closedComplete', 'courseId', 'description', 'id', 'name', 'organization', 'termId']);
  });
});

describe('course roster', () => {
  it('walks all 300 students in pages of 100 by following paging.nextPage', async () => {
    const pages = await walk(instructor, `${ROSTER}?role=Student&expand=user`, PagedMemberships);
    expect(pages.map((p) => p.results.length)).toEqual([100, 100, 100]);
    const members = pages.flatMap((p) => p.results);
    expect(new Set(members.map((m) => m.userId)).size).toBe(300);
    expect(members.every((m) => m.courseRoleId === 'Student' && m.user?.userName && m.user.name?.family)).toBe(true);
    // Asked for by name (a `fields` answer carries no unknown fields), the system field stays hidden.
    const asked = await expectStatus(instructor, `${ROSTER}?role=Student&fields=userId,dataSourceId&limit=1`, 200, pagedEnvelope(PartialCourseMembership));
    expect(asked.results[0]).not.toHaveProperty('dataSourceId');
    expect(members[0]!.user).not.toHaveProperty('externalId');
    expect(pages[0]!.paging!.nextPage).toMatch(/^\/learn\/api\/public\/v1\/courses\/courseId:PSYC-101-F26\/users\?.*offset=100/);
  });

  it('sorts by lastAccessed (desc), keeps fields, and lists everyone (303) without a role filter', async () => {
    const sorted = await expectStatus(ta, `${ROSTER}?role=Student&sort=lastAccessed(desc)&limit=50`, 200, PagedMemberships);
    const times = sorted.results.map((m) => m.lastAccessed).filter((t): t is string => t !== undefined);
    expect(times.length).toBeGreaterThan(40);
    expect(times).toEqual([...times].sort().reverse());
    const slim = await call(sandbox, instructor, 'GET', `${ROSTER}?expand=user&fields=userId,user.userName&limit=1`);
    expect(slim.status).toBe(200);
    expectLearnShape('GET', ROSTER, slim, pagedEnvelope(PartialCourseMembership));
    expect((slim.json as { results: unknown[] }).results[0]).toEqual({ userId: expect.any(String), user: { userName: expect.any(String) } });
    const everyone = (await walk(system, ROSTER, PagedMemberships)).flatMap((p) => p.results);
    expect(everyone).toHaveLength(303);
    expect(everyone[0]).toHaveProperty('dataSourceId');
  });

  it('marks members enrolled through the cross-listed child with childCourseId', async () => {
    const members = (await walk(instructor, '/learn/api/public/v1/courses/courseId:BIOL-220-F26/users?role=Student', PagedMemberships)).flatMap((p) => p.results);
    expect(members.filter((m) => m.childCourseId === ids.child)).toHaveLength(11);
    expect(members.find((m) => m.userId === ids.crossListed)).toMatchObject({ childCourseId: ids.child });
  });

  it('reads one membership; students see only their own', async () => {
    const one = await expectStatus(instructor, `${ROSTER}/userName:${ids.studentName}?expand=user`, 200, CourseMembership);
    expect(one).toMatchObject({ userId: ids.student, courseId: ids.psyc, user: { userName: ids.studentName } });
    expect(await expectStatus(student, `${ROSTER}/me`, 200, CourseMembership)).toMatchObject({ userId: ids.student, courseRoleId: 'Student' });
    await expectError(student, `${ROSTER}/userName:instructor`, 403);
    await expectError(instructor, `${ROSTER}/${ids.histStudent}`, 404);
  });

  it('refuses students, guests and outsiders (403), unknown courses (404), bad parameters (400)', async () => {
    await expectError(student, ROSTER, 403);
    await expectError(guest, '/learn/api/public/v1/courses/courseId:HIST-310-F26/users', 403);
    await expectError(ta, '/learn/api/public/v1/courses/courseId:HIST-310-F26/users', 403);
    await expectError(instructor, '/learn/api/public/v1/courses/courseId:NOPE-1/users', 404);
    await expectError(null, ROSTER, 401);
    await expectError(instructor, `${ROSTER}?expand=course`, 400);
    await expectError(instructor, `${ROSTER}?availability.available=Maybe`, 400);
    await expectError(instructor, `${ROSTER}?limit=0`, 400);
    await expectError(instructor, `${ROSTER}?sort=userId`, 400);
  });
});
