import { describe, expect, it } from 'vitest';
import { answerConfirm } from '../support/design-ui';
import { collect, learnAs, PSYC } from '../integration/learn-support';
import { openContent, openItem, startApp, WAIT } from '../support/content-ui';
import { useDemoHost } from '../support/roll-call-ui';
import { checkScreen } from '../support/screen-check';

// Adaptive release, as the demo instructor: a demo rule read by type, the
// criterion change Learn keeps for administrators disabled with the reason, each form check hit
// before sending, criteria added, and a user list replaced in one action.
describe('adaptive release in browser mode', () => {
  const demo = useDemoHost();

  it('shows a rule by type and says why its criteria cannot be changed by an instructor', async () => {
    const page = await demo.browser.newPage();
    await startApp(page, demo);
    await openContent(page, 'PSYC-101-F26');
    await openItem(page, 'Bonus: memory techniques');
    const criteria = page.getByRole('list', { name: /^Criteria of / });
    await expect.poll(() => criteria.getByRole('listitem').allTextContents(), WAIT).toEqual([
      expect.stringMatching(/^Grade range \(points\): Quiz 5: 8 or more/),
      expect.stringMatching(/^Date range: until /),
    ]);
    const change = criteria.getByRole('button', { name: 'Change criterion' }).first();
    await expect.poll(() => change.isDisabled()).toBe(true);
    await checkScreen(page, 'content-release-rule');
    const reason = await page.locator(`[id="${(await change.getAttribute('aria-describedby')) ?? ''}"]`).textContent();
    expect(reason).toContain('the permission to change any course');
    await page.close();
  });

  it('checks each rule before sending, adds criteria and replaces a user list', async () => {
    const page = await demo.browser.newPage();
    await startApp(page, demo);
    await openContent(page, 'PSYC-101-F26');

    // A fresh item to put a rule on (Ultra: anything may go at the top level).
    await page.getByLabel('What').selectOption('document');
    await page.getByLabel('Title', { exact: true }).fill('Release playground');
    await page.getByRole('button', { name: 'Create document' }).click();
    await expect.poll(() => page.getByRole('heading', { level: 2, name: 'Release playground' }).count(), WAIT).toBe(1);

    const ruleForm = page.getByRole('form', { name: 'Add a release rule' });
    await ruleForm.getByLabel('Rule title').fill('x'.repeat(101));
    await ruleForm.getByRole('button', { name: 'Add rule' }).click();
    await expect.poll(() => page.getByRole('alert').textContent(), WAIT).toContain('101 characters; Learn allows at most 100');
    await ruleForm.getByLabel('Rule title').fill('Lab sections only');
    await ruleForm.getByRole('button', { name: 'Add rule' }).click();
    const rule = page.getByRole('article', { name: 'Rule Lab sections only' });
    await expect.poll(() => rule.count(), WAIT).toBe(1);

    // Each criterion check, in the form.
    const add = rule.getByRole('form', { name: 'Add a criterion' });
    const submit = add.getByRole('button', { name: 'Add criterion' });
    await add.getByLabel('Criterion type').selectOption('DateRange');
    await submit.click();
    await expect.poll(() => add.getByRole('alert').textContent(), WAIT).toContain('needs at least one');
    await add.getByLabel(/^Release from/).fill('2026-12-10T09:00');
    await add.getByLabel(/^Release until/).fill('2026-12-01T09:00');
    await submit.click();
    await expect.poll(() => add.getByRole('alert').textContent(), WAIT).toContain('end must be after the start');
    await add.getByLabel('Criterion type').selectOption('GradeRange');
    await add.getByLabel('Graded item').selectOption({ index: 1 });
    await submit.click();
    await expect.poll(() => add.getByRole('alert').textContent(), WAIT).toContain('Learn requires it');
    await add.getByLabel('Criterion type').selectOption('DateRange');
    await add.getByLabel(/^Release until/).fill('2026-12-20T09:00');
    await submit.click();
    const criteria = rule.getByRole('list', { name: 'Criteria of Lab sections only' });
    await expect.poll(() => criteria.textContent(), WAIT).toContain('Date range: from');
    await add.getByLabel('Criterion type').selectOption('Memberships');
    await submit.click();
    await expect.poll(() => criteria.getByRole('button', { name: 'Edit users' }).count(), WAIT).toBe(1);

    // The user list: over 100, a staff member, then three students in one replace.
    const { learn } = learnAs(demo.sandbox, 'instructor');
    const students = (await collect(learn.courses.listCourseUsers(PSYC, { role: 'Student' }))).filter((m) => m.courseRoleId === 'Student' && m.availability?.available !== 'No');
    const userNames = students.map((m) => m.user?.userName ?? '');
    await criteria.getByRole('button', { name: 'Edit users' }).click();
    const replace = criteria.getByRole('form', { name: 'Replace users' });
    const list = replace.getByLabel(/^Users, one per line/);
    await list.fill(userNames.slice(0, 101).join('\n'));
    await replace.getByRole('button', { name: 'Replace the users list' }).click();
    await expect.poll(() => replace.getByRole('alert').textContent(), WAIT).toContain('101 users listed; a criterion holds at most 100');
    await list.fill(`${userNames[0] ?? ''}\nta`);
    await replace.getByRole('button', { name: 'Replace the users list' }).click();
    await expect.poll(() => replace.getByRole('alert').textContent(), WAIT).toContain('Entry 2, "ta", is not a student of this course');
    await list.fill(userNames.slice(3, 6).join('\n'));
    await replace.getByRole('button', { name: 'Replace the users list' }).click();
    const users = criteria.getByRole('list', { name: 'Users this item is released to' }).getByRole('listitem');
    await expect.poll(() => users.count(), WAIT).toBe(3);
    await expect.poll(() => users.allTextContents()).toEqual(expect.arrayContaining(userNames.slice(3, 6).map((u) => expect.stringContaining(`(${u})`) as unknown)));
    await checkScreen(page, 'content-release-users');

    // The group list, by the names Learn shows (its groups API): a name not among the course's groups is refused.
    await criteria.getByRole('button', { name: 'Edit groups' }).click();
    const groupsForm = criteria.getByRole('form', { name: 'Replace groups' });
    const groupList = groupsForm.getByLabel(/^Groups, one per line/);
    await groupList.fill('Lab section 2\nLab section 9');
    await groupsForm.getByRole('button', { name: 'Replace the groups list' }).click();
    await expect.poll(() => groupsForm.getByRole('alert').textContent(), WAIT).toBe('Entry 2, "Lab section 9", is not a group of this course: write the group\'s name as Learn shows it.');
    await groupList.fill('lab section 2\nLab section 1');
    await groupsForm.getByRole('button', { name: 'Replace the groups list' }).click();
    await expect.poll(() => criteria.textContent(), WAIT).toContain('Groups (2): Lab section 2, Lab section 1');
    expect(await criteria.textContent()).not.toMatch(/_\d+_\d+/);

    // Learn holds exactly those three, set by one request.
    const [item] = await collect(learn.content.listContents(PSYC, { recursive: true, title: 'Release playground' }));
    const [learnRule] = await collect(learn.adaptiveRelease.listRules(PSYC, item?.id ?? ''));
    const memberships = (await collect(learn.adaptiveRelease.listCriteria(PSYC, item?.id ?? '', learnRule?.id ?? ''))).find((c) => c.type === 'Memberships');
    const ref = { courseId: PSYC, contentId: item?.id ?? '', ruleId: learnRule?.id ?? '', criterionId: memberships?.id ?? '' };
    const held = (await collect(learn.adaptiveRelease.listUserPredicates(ref))).map((u) => u.userId).sort();
    expect(held).toEqual(students.slice(3, 6).map((m) => m.userId).sort());

    // Rename (the same title rule applies), then delete the rule after confirming.
    await rule.getByRole('button', { name: 'Rename rule' }).click();
    const rename = rule.getByRole('form', { name: 'Rename rule' });
    await rename.getByLabel('Rule title').fill('y'.repeat(120));
    await rename.getByRole('button', { name: 'Save title' }).click();
    await expect.poll(() => page.getByRole('alert').textContent(), WAIT).toContain('120 characters; Learn allows at most 100');
    await rename.getByLabel('Rule title').fill('Lab sections 1 and 2');
    await rename.getByRole('button', { name: 'Save title' }).click();
    const renamed = page.getByRole('article', { name: 'Rule Lab sections 1 and 2' });
    await expect.poll(() => renamed.count(), WAIT).toBe(1);
    expect((await collect(learn.adaptiveRelease.listRules(PSYC, item?.id ?? ''))).map((r) => r.title)).toEqual(['Lab sections 1 and 2']);
    await renamed.getByRole('button', { name: 'Delete rule' }).click();
    await answerConfirm(page, 'Delete rule');
    await expect.poll(() => page.getByText('No release rule: students see this item according to its availability alone.').count(), WAIT).toBe(1);
    expect(await collect(learn.adaptiveRelease.listRules(PSYC, item?.id ?? ''))).toEqual([]);
    await page.close();
  });
});
