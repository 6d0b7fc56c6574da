import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentHandlers } from '../../electron/core/app/content-handlers';
import { call, createDispatcher, type Dispatch, type Handlers } from '../../electron/core/ipc/dispatcher';
import type { RunningSandbox } from '../../sandbox/server';
import type { IpcResult } from '../../shared/ipc/contract';
import { withSandbox } from '../support/sandbox';
import { collect, HIST, learnAs, PSYC } from './learn-support';

/**
 * The adaptiveRelease.* handlers through the dispatcher against the sandbox: a demo rule read with
 * its criteria and members, a rule built and changed on a new item, each limit refused (by the
 * contract before Learn, or by Learn with its message), and the one-action list replacements.
 */
let sandbox: RunningSandbox;
const as = (who: string): Dispatch => createDispatcher(contentHandlers(() => learnAs(sandbox, who).learn) as Handlers);
let instructor: Dispatch;
let admin: Dispatch;

beforeAll(async () => {
  sandbox = await withSandbox();
  instructor = as('instructor');
  admin = as('admin');
});
afterAll(() => sandbox.close());

function value<T>(result: IpcResult<T>): T {
  if (!result.ok) throw new Error(`${result.error.name}: ${result.error.message}`);
  return result.value;
}
function failure(result: IpcResult<unknown>): { name: string; message: string; detail?: string | undefined } {
  if (result.ok) throw new Error('expected the call to fail');
  return result.error;
}
/** Learn's refusal: the status and Learn's account under Details, and plain words (no status, no id) on the screen. */
function expectPlain(error: { message: string; detail?: string | undefined }, account: RegExp): void {
  expect(error.detail).toMatch(account);
  expect(error.message).toMatch(/^Learn did not do it/);
  expect(error.message).not.toMatch(/\b[45]\d\d\b|_\d+_\d+/);
}
async function itemId(course: string, title: string): Promise<string> {
  const [item] = value(await call(instructor, 'content.search', { courseId: course, filters: { title } })).items.filter((i) => i.title === title);
  if (!item) throw new Error(`no item ${title}`);
  return item.id;
}
async function students(course: string): Promise<string[]> {
  const { learn } = learnAs(sandbox, 'instructor');
  return (await collect(learn.courses.listCourseUsers(course, { role: 'Student' }))).filter((m) => m.courseRoleId === 'Student').map((m) => m.userId);
}

describe('reading rules', () => {
  it('shows a demo rule with its criteria by type, and a Memberships criterion with its groups and users', async () => {
    const bonus = await itemId(PSYC, 'Bonus: memory techniques');
    const [rule] = value(await call(instructor, 'adaptiveRelease.rules', { courseId: PSYC, contentId: bonus })).rules;
    expect(rule?.criteria.map((c) => c.type).sort()).toEqual(['DateRange', 'GradeRange']);
    const grade = rule?.criteria.find((c) => c.type === 'GradeRange');
    expect(grade).toMatchObject({ minScore: 8 });

    const extra = await itemId(PSYC, 'Extra credit: research participation');
    const [who] = value(await call(instructor, 'adaptiveRelease.rules', { courseId: PSYC, contentId: extra })).rules;
    const memberships = who?.criteria.find((c) => c.type === 'Memberships');
    const members = value(await call(instructor, 'adaptiveRelease.members', { courseId: PSYC, contentId: extra, ruleId: who?.id ?? '', criterionId: memberships?.id ?? '' }));
    expect(members.groupIds).toHaveLength(2);
    expect(members.userIds).toHaveLength(2);
  });
});

describe('building a rule', () => {
  it('creates, renames and deletes a rule; refuses a 101-character title before Learn', async () => {
    const { item } = value(await call(instructor, 'content.create', { courseId: PSYC, kind: 'document', title: 'Rule playground' }));
    const ref = { courseId: PSYC, contentId: item.id };
    expect(failure(await call(instructor, 'adaptiveRelease.createRule', { ...ref, title: 'x'.repeat(101) })).name).toBe('InvalidRequest');
    const rule = value(await call(instructor, 'adaptiveRelease.createRule', { ...ref, title: 'After week 3' }));
    expect(rule).toEqual({ id: expect.any(String) as unknown, title: 'After week 3', criteria: [] });
    // Learn allows one rule per item: its 409 message reaches the user.
    expectPlain(failure(await call(instructor, 'adaptiveRelease.createRule', { ...ref, title: 'Second' })), /409|1 rule/);
    expect(value(await call(instructor, 'adaptiveRelease.renameRule', { ...ref, ruleId: rule.id, title: 'After week 4' })).title).toBe('After week 4');
    value(await call(instructor, 'adaptiveRelease.deleteRule', { ...ref, ruleId: rule.id }));
    expect(value(await call(instructor, 'adaptiveRelease.rules', ref)).rules).toEqual([]);
  });

  it('adds criteria of each writable type, with the seed rules checked', async () => {
    const { item } = value(await call(instructor, 'content.create', { courseId: PSYC, kind: 'document', title: 'Criteria playground' }));
    const ref = { courseId: PSYC, contentId: item.id };
    const rule = value(await call(instructor, 'adaptiveRelease.createRule', { ...ref, title: 'Who and when' }));
    const ruleRef = { ...ref, ruleId: rule.id };
    // No date at all: Learn refuses (the form checks first, see tests/unit/content-release-form.test.ts).
    expectPlain(failure(await call(instructor, 'adaptiveRelease.createCriterion', { ...ruleRef, criterion: { type: 'DateRange' } })), /400/);
    const dates = value(await call(instructor, 'adaptiveRelease.createCriterion', { ...ruleRef, criterion: { type: 'DateRange', startDate: '2026-12-01T00:00:00.000Z' } })).criterion;
    expect(dates).toMatchObject({ type: 'DateRange', startDate: '2026-12-01T00:00:00.000Z' });
    // minScore is required: the contract refuses a grade criterion without it.
    expect(failure(await call(instructor, 'adaptiveRelease.createCriterion', { ...ruleRef, criterion: { type: 'GradeRange', gradeColumnId: '_1_1' } as never })).name).toBe('InvalidRequest');
    const memberships = value(await call(instructor, 'adaptiveRelease.createCriterion', { ...ruleRef, criterion: { type: 'Memberships' } })).criterion;
    const rules = value(await call(instructor, 'adaptiveRelease.rules', ref)).rules;
    expect(rules[0]?.criteria.map((c) => c.id).sort()).toEqual([dates.id, memberships.id].sort());
  });
});

describe('changing criteria (system.course.MODIFY)', () => {
  it('lets an administrator change a grade range and a date range, and refuses the instructor with the reason', async () => {
    const bonus = await itemId(PSYC, 'Bonus: memory techniques');
    const [rule] = value(await call(admin, 'adaptiveRelease.rules', { courseId: PSYC, contentId: bonus })).rules;
    const grade = rule?.criteria.find((c) => c.type === 'GradeRange');
    const ref = { courseId: PSYC, contentId: bonus, ruleId: rule?.id ?? '', criterionId: grade?.id ?? '' };
    expect(failure(await call(instructor, 'adaptiveRelease.updateCriterion', { ...ref, change: { minScore: 7 } })).message).toMatch(/the permission to change any course/);
    const changed = value(await call(admin, 'adaptiveRelease.updateCriterion', { ...ref, change: { minScore: 7, maxScore: null } })).criterion;
    expect(changed).toMatchObject({ minScore: 7, maxScore: null });
    const dates = rule?.criteria.find((c) => c.type === 'DateRange');
    const dateRef = { ...ref, criterionId: dates?.id ?? '' };
    expectPlain(failure(await call(admin, 'adaptiveRelease.updateCriterion', { ...dateRef, change: { startDate: null, endDate: null } })), /400/);
    value(await call(admin, 'adaptiveRelease.deleteCriterion', dateRef));
    const after = value(await call(admin, 'adaptiveRelease.rules', { courseId: PSYC, contentId: bonus })).rules;
    expect(after[0]?.criteria.map((c) => c.type)).toEqual(['GradeRange']);
  });
});

describe('replacing a Memberships list in one action', () => {
  it('replaces the users, refuses 101 of them before Learn, and refuses staff with Learn’s message', async () => {
    const extra = await itemId(PSYC, 'Extra credit: research participation');
    const [rule] = value(await call(instructor, 'adaptiveRelease.rules', { courseId: PSYC, contentId: extra })).rules;
    const criterion = rule?.criteria.find((c) => c.type === 'Memberships');
    const ref = { courseId: PSYC, contentId: extra, ruleId: rule?.id ?? '', criterionId: criterion?.id ?? '' };
    const roll = await students(PSYC);
    const chosen = roll.slice(10, 15);
    const puts = await routeCountOf('PUT /learn/api/public/v1/courses/:courseId/contents/:contentId/adaptiveRelease/rules/:ruleId/criteria/:criterionId/users');
    expect(value(await call(instructor, 'adaptiveRelease.setUsers', { ...ref, userIds: chosen })).userIds.sort()).toEqual([...chosen].sort());
    expect((await routeCountOf('PUT /learn/api/public/v1/courses/:courseId/contents/:contentId/adaptiveRelease/rules/:ruleId/criteria/:criterionId/users')) - puts).toBe(1);
    expect(value(await call(instructor, 'adaptiveRelease.members', ref)).userIds.sort()).toEqual([...chosen].sort());

    expect(failure(await call(instructor, 'adaptiveRelease.setUsers', { ...ref, userIds: roll.slice(0, 101) })).name).toBe('InvalidRequest');
    expect(value(await call(instructor, 'adaptiveRelease.setUsers', { ...ref, userIds: roll.slice(0, 100) })).userIds).toHaveLength(100);
    // The TA (an instructor-like role) cannot be a user predicate.
    expectPlain(failure(await call(instructor, 'adaptiveRelease.setUsers', { ...ref, userIds: ['userName:ta'] })), /TeachingAssistant|role/);
    // The list was left as it was.
    expect(value(await call(instructor, 'adaptiveRelease.members', ref)).userIds).toHaveLength(100);
  });

  it('replaces the groups (an empty list clears them)', async () => {
    const pack = await itemId(HIST, 'Presenter briefing pack');
    const [rule] = value(await call(instructor, 'adaptiveRelease.rules', { courseId: HIST, contentId: pack })).rules;
    const criterion = rule?.criteria.find((c) => c.type === 'Memberships');
    const ref = { courseId: HIST, contentId: pack, ruleId: rule?.id ?? '', criterionId: criterion?.id ?? '' };
    expect(value(await call(instructor, 'adaptiveRelease.members', ref)).groupIds).toHaveLength(1);
    expect(value(await call(instructor, 'adaptiveRelease.setGroups', { ...ref, groupIds: [] })).groupIds).toEqual([]);
    expectPlain(failure(await call(instructor, 'adaptiveRelease.setGroups', { ...ref, groupIds: ['_999999_1'] })), /not a group/);
  });
});

async function routeCountOf(route: string): Promise<number> {
  const stats = (await (await sandbox.controlFetch(`/__sandbox/stats`)).json()) as { byRoute: Record<string, number> };
  return stats.byRoute[route] ?? 0;
}
