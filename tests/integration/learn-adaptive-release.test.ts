import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningSandbox } from '../../sandbox/server';
import type { CriterionRef } from '../../electron/core/learn/adaptive-release';
import { withSandbox } from '../support/sandbox';
import { PSYC, collect, first, learnAs } from './learn-support';

/**
 * Every adaptive-release operation through the client. A criterion holds at most 100 users, so
 * that is the largest list here (read in pages of 30); updating or deleting a criterion needs
 * system.course.MODIFY, which the demo instructor lacks, so those run as the system.
 */

let sandbox: RunningSandbox;
beforeAll(async () => {
  sandbox = await withSandbox();
});
afterAll(async () => {
  await sandbox.close();
});

describe('adaptive release', () => {
  it('reads a demo rule with its criteria, groups and users', async () => {
    const { learn } = learnAs(sandbox, 'instructor');
    const item = await first(learn.content.listContents(PSYC, { recursive: true, title: 'Extra credit: research participation' }));
    const [rule, ...more] = await collect(learn.adaptiveRelease.listRules(PSYC, item.id, { sort: ['title'] }));
    expect(more).toEqual([]);
    expect(await learn.adaptiveRelease.getRule(PSYC, item.id, rule!.id, { fields: ['title'] })).toEqual({ title: rule!.title });
    const criteria = await collect(learn.adaptiveRelease.listCriteria(PSYC, item.id, rule!.id, { sort: ['type'], pageSize: 1 }));
    const memberships = criteria.find((c) => c.type === 'Memberships')!;
    const ref: CriterionRef = { courseId: PSYC, contentId: item.id, ruleId: rule!.id, criterionId: memberships.id };
    expect(await learn.adaptiveRelease.getCriterion(ref)).toMatchObject({ id: memberships.id, type: 'Memberships' });
    const groups = await collect(learn.adaptiveRelease.listGroupPredicates(ref, { pageSize: 1, sort: ['groupId'] }));
    expect(groups).toHaveLength(2); // lab sections 1 and 2
    const users = await collect(learn.adaptiveRelease.listUserPredicates(ref, { fields: ['userId'], pageSize: 1 }));
    expect(users).toHaveLength(2);
    expect(Object.keys(users[0]!)).toEqual(['userId']);
  });

  it('builds, changes and removes a rule on a new item', async () => {
    const { learn } = learnAs(sandbox, 'instructor');
    const { learn: system } = learnAs(sandbox, 'system');
    const item = await learn.content.createContent(PSYC, { title: 'Bonus reading' });
    const rule = await learn.adaptiveRelease.createRule(PSYC, item.id, 'Bonus for participants');
    expect(await learn.adaptiveRelease.updateRule(PSYC, item.id, rule.id, { title: 'Bonus: participants only' })).toMatchObject({ title: 'Bonus: participants only' });
    await expect(learn.adaptiveRelease.createRule(PSYC, item.id, 'A second rule')).rejects.toMatchObject({ status: 409 });

    const dates = await learn.adaptiveRelease.createCriterion(PSYC, item.id, rule.id, { type: 'DateRange', startDate: '2026-12-01T00:00:00Z' });
    const dateRef: CriterionRef = { courseId: PSYC, contentId: item.id, ruleId: rule.id, criterionId: dates.id };
    expect(await system.adaptiveRelease.updateCriterion(dateRef, { endDate: '2026-12-20T00:00:00Z' })).toMatchObject({ type: 'DateRange', endDate: '2026-12-20T00:00:00.000Z' });
    await system.adaptiveRelease.deleteCriterion(dateRef);

    const who = await learn.adaptiveRelease.createCriterion(PSYC, item.id, rule.id, { type: 'Memberships' });
    const ref: CriterionRef = { courseId: PSYC, contentId: item.id, ruleId: rule.id, criterionId: who.id };
    const students = (await collect(learn.courses.listCourseUsers(PSYC, { role: 'Student' }))).slice(0, 100).map((m) => m.userId);
    expect(await learn.adaptiveRelease.setUserPredicates(ref, students)).toHaveLength(100);
    expect(await collect(learn.adaptiveRelease.listUserPredicates(ref, { pageSize: 30 }))).toHaveLength(100);
    await learn.adaptiveRelease.removeUserPredicate(ref, students[0]!);
    expect(await learn.adaptiveRelease.addUserPredicate(ref, students[0]!)).toMatchObject({ userId: students[0], criterionId: who.id });

    const demoItem = await first(learn.content.listContents(PSYC, { recursive: true, title: 'Extra credit: research participation' }));
    const demoRule = await first(learn.adaptiveRelease.listRules(PSYC, demoItem.id));
    const demoMemberships = (await collect(learn.adaptiveRelease.listCriteria(PSYC, demoItem.id, demoRule.id))).find((c) => c.type === 'Memberships')!;
    const [lab1, lab2] = await collect(learn.adaptiveRelease.listGroupPredicates({ courseId: PSYC, contentId: demoItem.id, ruleId: demoRule.id, criterionId: demoMemberships.id }));
    expect(await learn.adaptiveRelease.setGroupPredicates(ref, [lab1!.groupId])).toMatchObject([{ groupId: lab1!.groupId }]);
    expect(await learn.adaptiveRelease.addGroupPredicate(ref, lab2!.groupId)).toMatchObject({ groupId: lab2!.groupId });
    await learn.adaptiveRelease.removeGroupPredicate(ref, lab1!.groupId);
    expect((await collect(learn.adaptiveRelease.listGroupPredicates(ref))).map((g) => g.groupId)).toEqual([lab2!.groupId]);

    await system.adaptiveRelease.deleteRule(PSYC, item.id, rule.id);
    expect(await collect(learn.adaptiveRelease.listRules(PSYC, item.id))).toEqual([]);
  });
});
