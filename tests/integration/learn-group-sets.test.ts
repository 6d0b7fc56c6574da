import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentHandlers } from '../../electron/core/app/content-handlers';
import { learnHandlers } from '../../electron/core/app/learn-handlers';
import { call, createDispatcher, type Dispatch, type Handlers } from '../../electron/core/ipc/dispatcher';
import type { RunningSandbox } from '../../sandbox/server';
import type { IpcResult } from '../../shared/ipc/contract';
import { withSandbox } from '../support/sandbox';
import { setGroupListAnswers } from '../support/sandbox-controls';
import { BIOL, collect, learnAs, PSYC } from './learn-support';

/**
 * Groups inside group sets, named like any other: BIOL-220's "Lab pairs" rule releases to two
 * groups of the "Lab pairs" set, which Learn's top-level groups list leaves out. Through the real
 * handlers and client, against each answer the Swagger leaves open (the sets listed among the
 * top-level groups or not; `inGroupSet` honoured or ignored).
 */
let sandbox: RunningSandbox;
let instructor: Dispatch;

beforeAll(async () => {
  sandbox = await withSandbox();
  const learn = () => learnAs(sandbox, 'instructor').learn;
  instructor = createDispatcher({ ...contentHandlers(learn), ...learnHandlers(learn) } as Handlers);
});
afterAll(() => sandbox.close());

function value<T>(result: IpcResult<T>): T {
  if (!result.ok) throw new Error(`${result.error.name}: ${result.error.message}`);
  return result.value;
}

/** The "Lab pairs" item's Memberships criterion. */
async function labPairsCriterion(): Promise<{ courseId: string; contentId: string; ruleId: string; criterionId: string }> {
  const [item] = value(await call(instructor, 'content.search', { courseId: BIOL, filters: { title: 'Lab pairs' } })).items.filter((i) => i.title === 'Lab pairs');
  if (!item) throw new Error('no Lab pairs folder');
  const [rule] = value(await call(instructor, 'adaptiveRelease.rules', { courseId: BIOL, contentId: item.id })).rules;
  const criterion = rule?.criteria.find((c) => c.type === 'Memberships');
  if (!rule || !criterion) throw new Error('no Memberships criterion');
  return { courseId: BIOL, contentId: item.id, ruleId: rule.id, criterionId: criterion.id };
}

/** The names the criterion editor shows for the "Lab pairs" item's group list. */
async function labPairsCriterionNames(): Promise<string[]> {
  const { groupIds } = value(await call(instructor, 'adaptiveRelease.members', await labPairsCriterion()));
  const { groups } = value(await call(instructor, 'learn.groups', { courseId: BIOL }));
  return groupIds.map((id) => groups.find((g) => g.id === id)?.name ?? `unknown group ${id}`).sort();
}

async function requestsFor(read: () => Promise<unknown>): Promise<Record<string, number>> {
  const before = { ...sandbox.stats().byRoute };
  await read();
  const after = { ...sandbox.stats().byRoute };
  return Object.fromEntries(Object.entries(after).filter(([route, n]) => route.includes('/groups') && n !== (before[route] ?? 0)).map(([route, n]) => [route, n - (before[route] ?? 0)]));
}

describe('groups inside group sets', () => {
  it('names the groups a criterion holds when they sit in a group set', async () => {
    expect(await labPairsCriterionNames()).toEqual(['Lab pair A', 'Lab pair B']);
  });

  it.each([
    { setsListed: false, inGroupSet: 'filters' as const },
    { setsListed: true, inGroupSet: 'filters' as const },
    { setsListed: false, inGroupSet: 'ignored' as const },
    { setsListed: true, inGroupSet: 'ignored' as const },
  ])('offers the groups, never the set, whatever Learn lists at the top level (%o)', async (answers) => {
    await setGroupListAnswers(sandbox, answers);
    const { groups } = value(await call(instructor, 'learn.groups', { courseId: BIOL }));
    expect(groups.map((g) => g.name).sort()).toEqual(['Lab pair A', 'Lab pair B']);
    expect(await labPairsCriterionNames()).toEqual(['Lab pair A', 'Lab pair B']);
  });

  it('reads the top-level list, the sets and each set once', async () => {
    await setGroupListAnswers(sandbox, { setsListed: false, inGroupSet: 'filters' });
    const biology = await requestsFor(() => call(instructor, 'learn.groups', { courseId: BIOL }));
    expect(biology).toEqual({
      'GET /learn/api/public/v2/courses/:courseId/groups': 1,
      'GET /learn/api/public/v2/courses/:courseId/groups/sets': 1,
      'GET /learn/api/public/v2/courses/:courseId/groups/sets/:groupId/groups': 1,
    });
    // A course without sets: two requests, its six lab sections named as before.
    const lecture = await requestsFor(async () => expect(value(await call(instructor, 'learn.groups', { courseId: PSYC })).groups).toHaveLength(6));
    expect(Object.values(lecture).reduce((a, b) => a + b, 0)).toBe(2);
  });
});

describe('the sandbox serves group sets as the Swagger describes them', () => {
  it('lists the set, its groups with groupSetId, and keeps them out of the top-level groups', async () => {
    await setGroupListAnswers(sandbox, { setsListed: false, inGroupSet: 'filters' });
    const { learn } = learnAs(sandbox, 'instructor');
    expect(await collect(learn.courses.listGroups(BIOL))).toEqual([]);
    const [set, ...more] = await collect(learn.courses.listGroupSets(BIOL));
    expect(more).toEqual([]);
    expect(set).toMatchObject({ name: 'Lab pairs' });
    expect(set).not.toHaveProperty('groupSetId');
    const pairs = await collect(learn.courses.listGroupSetGroups(BIOL, set?.id ?? '', { pageSize: 1 }));
    expect(pairs.map((g) => [g.name, g.groupSetId])).toEqual([['Lab pair A', set?.id], ['Lab pair B', set?.id]]);
    // `inGroupSet=true`, when honoured, lists the groups in sets; ignored, the top-level ones.
    expect((await collect(learn.courses.listGroups(BIOL, { inGroupSet: true }))).map((g) => g.name)).toEqual(['Lab pair A', 'Lab pair B']);
    await setGroupListAnswers(sandbox, { setsListed: true, inGroupSet: 'ignored' });
    expect((await collect(learn.courses.listGroups(BIOL, { inGroupSet: true }))).map((g) => g.name)).toEqual(['Lab pairs']);
  });

  it('refuses a set as a group to release to (the vendor: "you cannot reference a group set")', async () => {
    const [set] = await collect(learnAs(sandbox, 'instructor').learn.courses.listGroupSets(BIOL));
    const refused = await call(instructor, 'adaptiveRelease.setGroups', { ...(await labPairsCriterion()), groupIds: [set?.id ?? ''] });
    expect(refused.ok).toBe(false);
    if (!refused.ok) expect(refused.error.detail).toMatch(/not a group/);
    expect(await labPairsCriterionNames()).toEqual(['Lab pair A', 'Lab pair B']);
  });

  it("shows a student only the set's group they are in", async () => {
    const directory = sandbox.context().directory;
    const pairA = [...directory.groups.values()].find((g) => g.name === 'Lab pair A');
    const student = directory.users.get(pairA?.memberUserIds[0] ?? '');
    if (!pairA?.groupSetId || !student) throw new Error('Lab pair A sits in a set and has members');
    const { learn } = learnAs(sandbox, student.userName);
    expect((await collect(learn.courses.listGroupSetGroups(BIOL, pairA.groupSetId))).map((g) => g.name)).toEqual(['Lab pair A']);
  });
});
