import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { learnHandlers } from '../../electron/core/app/learn-handlers';
import { call, createDispatcher, type Dispatch, type Handlers } from '../../electron/core/ipc/dispatcher';
import type { RunningSandbox } from '../../sandbox/server';
import { withSandbox } from '../support/sandbox';
import { collect, learnAs, PSYC, routeCount } from './learn-support';

/**
 * A group's members (Learn's Get Group Memberships), read to tell whether a student is in a group
 * a release list names: every member's user id, one request per group of up to 100 members.
 */
let sandbox: RunningSandbox;
let instructor: Dispatch;
const MEMBERS = 'GET /learn/api/public/v2/courses/:courseId/groups/:groupId/users';

beforeAll(async () => {
  sandbox = await withSandbox();
  const learn = () => learnAs(sandbox, 'instructor').learn;
  instructor = createDispatcher({ ...learnHandlers(learn) } as Handlers);
});
afterAll(() => sandbox.close());

describe('a group’s members', () => {
  it('lists each lab section’s students in one request, and no student in two sections', async () => {
    const { learn } = learnAs(sandbox, 'instructor');
    const groups = await collect(learn.courses.listGroups(PSYC));
    const students = new Set((await collect(learn.courses.listCourseUsers(PSYC, { role: 'Student' }))).map((m) => m.userId));
    const members = async (name: string): Promise<string[]> => {
      const group = groups.find((g) => g.name === name);
      if (!group) throw new Error(`no ${name}`);
      const before = await routeCount(sandbox, MEMBERS);
      const answer = await call(instructor, 'learn.groupMembers', { courseId: PSYC, groupId: group.id });
      if (!answer.ok) throw new Error(answer.error.message);
      expect((await routeCount(sandbox, MEMBERS)) - before).toBe(1);
      return answer.value.userIds;
    };
    const lab1 = await members('Lab section 1');
    const lab2 = await members('Lab section 2');
    expect(lab1).toHaveLength(50);
    expect(lab1.every((id) => students.has(id))).toBe(true);
    expect(lab1.filter((id) => lab2.includes(id))).toEqual([]);
  });
});
