import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { collect, learnAs, PSYC } from '../integration/learn-support';
import { openContent, openItem, startApp, WAIT } from '../support/content-ui';
import { sandboxStats, useDemoHost } from '../support/roll-call-ui';
import { checkScreen } from '../support/screen-check';

/**
 * "See the course as": a student outside a member condition sees the item as not released to
 * them, with the reason; a student in it sees it from its date; a group works the same way; a
 * grade condition is said to be beyond what Rollbook can check. From this device's copies, offline too.
 */
const DAY = 24 * 60 * 60 * 1000;

const verdictOf = (page: Page, title: string) => page.getByRole('treeitem').filter({ has: page.locator('.title', { hasText: title }) }).getByTestId('item-verdict');

describe('the content tree as one student or group sees it', () => {
  const demo = useDemoHost();

  it('says for each item whether the student or group sees it, from when, or why not; offline too', async () => {
    // In Learn: one item released to one student from a date, one to a lab section.
    const { learn } = learnAs(demo.sandbox, 'instructor');
    const students = await collect(learn.courses.listCourseUsers(PSYC, { role: 'Student' }));
    const [named, other] = students.map((s) => s.userId);
    if (!named || !other) throw new Error('the lecture has students');
    const groups = await collect(learn.courses.listGroups(PSYC));
    const lab1 = groups.find((g) => g.name === 'Lab section 1')?.id;
    const lab2 = groups.find((g) => g.name === 'Lab section 2')?.id;
    if (!lab1 || !lab2) throw new Error('the lecture has lab sections');
    const opensAt = new Date(Date.now() + 2 * DAY).toISOString();
    const notes = await learn.content.createContent(PSYC, { title: 'Presenters notes', body: '<p>Notes</p>' });
    const rule = await learn.adaptiveRelease.createRule(PSYC, notes.id, 'Presenter only');
    const who = await learn.adaptiveRelease.createCriterion(PSYC, notes.id, rule.id, { type: 'Memberships' });
    await learn.adaptiveRelease.addUserPredicate({ courseId: PSYC, contentId: notes.id, ruleId: rule.id, criterionId: who.id }, named);
    await learn.adaptiveRelease.createCriterion(PSYC, notes.id, rule.id, { type: 'DateRange', startDate: opensAt });
    const handout = await learn.content.createContent(PSYC, { title: 'Lab section handout', body: '<p>Handout</p>' });
    const labRule = await learn.adaptiveRelease.createRule(PSYC, handout.id, 'Lab section 1 only');
    const lab = await learn.adaptiveRelease.createCriterion(PSYC, handout.id, labRule.id, { type: 'Memberships' });
    await learn.adaptiveRelease.addGroupPredicate({ courseId: PSYC, contentId: handout.id, ruleId: labRule.id, criterionId: lab.id }, lab1);
    const [inLab1] = (await collect(learn.courses.listGroupMembers(PSYC, lab1))).map((m) => m.userId);
    const [inLab2] = (await collect(learn.courses.listGroupMembers(PSYC, lab2))).map((m) => m.userId);
    if (!inLab1 || !inLab2) throw new Error('the lab sections have students');
    const memberReads = async (): Promise<number> => (await sandboxStats(demo.host)).byRoute['GET /learn/api/public/v2/courses/:courseId/groups/:groupId/users'] ?? 0;

    const context = await demo.browser.newContext();
    const page = await context.newPage();
    await startApp(page, demo);
    await openContent(page, 'PSYC-101-F26');
    // The release rules are read as an instructor reviews each item (and kept on this device).
    for (const [title, shows] of [['Presenters notes', 'Presenter only'], ['Lab section handout', 'Lab section 1'], ['Bonus: memory techniques', 'Quiz 5']] as const) {
      await openItem(page, title);
      await expect.poll(() => page.getByText(shows).count(), WAIT).toBeGreaterThan(0);
      await page.getByRole('button', { name: 'Close details' }).click();
    }
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await page.getByRole('treeitem').filter({ hasText: 'Week 5' }).first().click();
    await expect.poll(() => page.getByRole('treeitem').filter({ hasText: 'Bonus: memory techniques' }).count(), WAIT).toBe(1);
    await page.getByRole('button', { name: 'Close details' }).click();

    const choice = page.getByTestId('view-as-choice');
    const check = async (): Promise<void> => {
      await choice.selectOption(`u:${other}`);
      await expect.poll(() => verdictOf(page, 'Presenters notes').textContent(), WAIT).toMatch(/^Does not see it: .+ is not among the members or groups it is released to$/);
      await expect.poll(() => verdictOf(page, 'Bonus: memory techniques').textContent(), WAIT).toMatch(/^Rollbook cannot tell: A grade condition Rollbook cannot check \(Quiz 5: /);
      await expect.poll(() => verdictOf(page, 'Answer key: Quiz 5').textContent(), WAIT).toBe('Does not see it: Hidden from students');
      await choice.selectOption(`u:${named}`);
      // The chosen student's picture beside the name: the kept photo, or initials.
      await expect.poll(() => page.getByTestId('view-as').locator('[data-testid="student-photo"], [data-testid="student-initials"]').count(), WAIT).toBe(1);
      await expect.poll(() => verdictOf(page, 'Presenters notes').textContent(), WAIT).toMatch(/^Sees it from \w{3}, .*\d{1,2}:\d{2}/);
      await choice.selectOption(`g:${lab1}`);
      await expect.poll(() => verdictOf(page, 'Lab section handout').textContent(), WAIT).toMatch(/^Sees it now/);
      await choice.selectOption(`g:${lab2}`);
      await expect.poll(() => verdictOf(page, 'Lab section handout').textContent(), WAIT).toBe('Does not see it: “Lab section 2” is not among the members or groups it is released to');
      await expect.poll(() => page.getByTestId('view-as-reading').textContent()).toMatch(/every condition of a rule, any one rule is enough/);
      // A student's groups: Lab section 1's members, read from Learn once, decide the handout for each student.
      await choice.selectOption(`u:${inLab1}`);
      await expect.poll(() => verdictOf(page, 'Lab section handout').textContent(), WAIT).toMatch(/^Sees it now/);
      await choice.selectOption(`u:${inLab2}`);
      await expect.poll(() => verdictOf(page, 'Lab section handout').textContent(), WAIT).toMatch(/^Does not see it: .+ is not among the members or groups it is released to$/);
    };
    const readsBefore = await memberReads();
    await check();
    expect((await memberReads()) - readsBefore).toBe(1);
    await checkScreen(page, 'content-as-group');

    // Offline: the same verdicts from this device's copies.
    await context.setOffline(true);
    await expect.poll(() => page.getByTestId('connectivity').textContent(), WAIT).toBe('Offline');
    await page.getByRole('button', { name: 'Meetings', exact: true }).click();
    await page.getByRole('button', { name: 'Content', exact: true }).click();
    await expect.poll(() => page.getByTestId('tree-offline').count(), WAIT).toBe(1);
    await page.getByRole('treeitem').filter({ hasText: 'Week 5' }).first().click();
    await expect.poll(() => page.getByRole('treeitem').filter({ hasText: 'Bonus: memory techniques' }).count(), WAIT).toBe(1);
    await page.getByRole('button', { name: 'Close details' }).click();
    await check();
    await choice.selectOption(`u:${named}`);
    await checkScreen(page, 'content-as-student-offline');
    await context.close();
  });
});
