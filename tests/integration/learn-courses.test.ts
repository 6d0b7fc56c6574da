import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningSandbox } from '../../sandbox/server';
import { withSandbox } from '../support/sandbox';
import { PSYC, collect, learnAs } from './learn-support';

/**
 * Who signed in, their courses, and rosters. The demo site has six courses, so the course lists
 * are read in pages of two; the largest roster is the lecture's 303 members.
 */

let sandbox: RunningSandbox;
beforeAll(async () => {
  sandbox = await withSandbox();
});
afterAll(async () => {
  await sandbox.close();
});

describe('users and courses', () => {
  it('reads the signed-in instructor and their courses', async () => {
    const { learn } = learnAs(sandbox, 'instructor');
    expect(await learn.courses.getUser()).toMatchObject({ userName: 'instructor' });
    expect(await learn.courses.getUser('me', { fields: ['userName'] })).toEqual({ userName: 'instructor' });
    const mine = await collect(learn.courses.listUserCourses('me', { pageSize: 2, sort: ['created'] }));
    expect(mine.length).toBeGreaterThanOrEqual(5);
    expect(mine.every((m) => m.course?.id === m.courseId)).toBe(true);
    expect(mine.map((m) => m.course?.courseId)).toContain('PSYC-101-F26');
    const teaching = await collect(learn.courses.listUserCourses('userName:instructor', { role: 'Instructor', available: 'Yes' }));
    expect(teaching.every((m) => m.courseRoleId === 'Instructor')).toBe(true);
  });

  it('lists a course\'s groups in pages, by name, and only her own groups to a student', async () => {
    const { learn } = learnAs(sandbox, 'instructor');
    const groups = await collect(learn.courses.listGroups(PSYC));
    expect(groups.map((g) => g.name).sort()).toEqual(['Lab section 1', 'Lab section 2', 'Lab section 3', 'Lab section 4', 'Lab section 5', 'Lab section 6']);
    const directory = sandbox.context().directory;
    const lab = [...directory.groups.values()].find((g) => g.name === 'Lab section 2');
    const student = directory.users.get(lab?.memberUserIds[0] ?? '');
    if (!student) throw new Error('Lab section 2 has members');
    const { learn: asStudent } = learnAs(sandbox, student.userName);
    expect((await collect(asStudent.courses.listGroups(PSYC))).map((g) => g.name)).toEqual(['Lab section 2']);
  });

  it('lists courses with filters and opens one by its course id', async () => {
    const { learn } = learnAs(sandbox, 'system');
    const courses = await collect(learn.courses.listCourses({ pageSize: 2, sort: ['courseId(desc)'] }));
    expect(courses.length).toBeGreaterThanOrEqual(6);
    const ids = courses.map((c) => c.courseId!);
    expect(ids).toEqual([...ids].sort((a, b) => b.localeCompare(a, 'en', { sensitivity: 'base', numeric: true })));
    expect((await collect(learn.courses.listCourses({ organization: true }))).map((c) => c.courseId)).toEqual(['ORG-TLC']);
    expect((await collect(learn.courses.listCourses({ name: 'biology', fields: ['courseId'] }))).map((c) => c.courseId).sort()).toEqual(['BIOL-220-F26', 'BIOL-220-F26-X']);
    const course = await learn.courses.getCourse(PSYC);
    expect(course).toMatchObject({ courseId: 'PSYC-101-F26', name: 'Introduction to Psychology' });
    expect(await learn.courses.getCourse(course.id, { fields: ['name'] })).toEqual({ name: 'Introduction to Psychology' });
  });

  it('reads the whole roster of the lecture, each member with the user', async () => {
    const { learn } = learnAs(sandbox, 'instructor');
    const roster = await collect(learn.courses.listCourseUsers(PSYC));
    expect(roster).toHaveLength(303); // 300 students, two instructors, a TA
    expect(roster.every((m) => m.user?.userName)).toBe(true);
    const students = await collect(learn.courses.listCourseUsers(PSYC, { role: 'Student', fields: ['userId', 'user.userName'] }));
    expect(students).toHaveLength(300);
    const one = await learn.courses.getCourseUser(PSYC, `userName:${students[0]!.user!.userName!}`);
    expect(one).toMatchObject({ courseRoleId: 'Student', userId: students[0]!.userId });
  });
});
