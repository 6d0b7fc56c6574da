import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { collect, HIST, learnAs, PSYC } from '../integration/learn-support';
import { openContent, startApp } from '../support/content-ui';
import { sandboxStats, useDemoHost, type DemoHost } from '../support/roll-call-ui';
import { checkScreen } from '../support/screen-check';

/**
 * Changes made offline to content and adaptive release, in Chromium against the demo lecture:
 * with the network cut the instructor makes a folder and a document in it, puts a release rule
 * with a date criterion on a Week 1 item and replaces the extra-credit folder's user list. Each
 * shows where it will be, marked waiting, also after leaving the screen; back online, sync sends
 * each once and the screen shows Learn's copy. A rename Learn refuses on replay (the rule was
 * deleted in Learn meanwhile) stays in the waiting list with Learn's reason until discarded. An
 * assignment made offline waits with its file and is made once, file attached.
 */
const WAIT = { timeout: 20_000 };
const EXTRA = 'Extra credit: research participation';

const treeItem = (page: Page, name: RegExp) => page.getByRole('treeitem', { name });
const escape = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** POSTs the sandbox answered on content and release routes (creates of folders, items, rules, criteria). */
async function contentPosts(demo: DemoHost): Promise<number> {
  const { byRoute } = await sandboxStats(demo.host);
  return Object.entries(byRoute)
    .filter(([route]) => route.startsWith('POST ') && route.includes('/contents'))
    .reduce((n, [, count]) => n + count, 0);
}

async function goOffline(page: Page, offline: boolean): Promise<void> {
  await page.context().setOffline(offline);
  await expect.poll(() => page.getByTestId('connectivity').textContent(), WAIT).toBe(offline ? 'Offline' : 'Online');
}

/** Selects an item in the tree (a folder also opens or closes) and waits for its details. */
async function select(page: Page, title: string): Promise<void> {
  await treeItem(page, new RegExp(`^▸?▾?·?\\s*${escape(title)}`)).first().click();
  await expect.poll(() => page.getByRole('heading', { level: 2, name: title, exact: true }).count(), WAIT).toBe(1);
}

describe('content changes made offline in browser mode', () => {
  const demo = useDemoHost();

  it('queues creates, a rule and a user list offline, shows them waiting, and sends each once', async () => {
    const { learn } = learnAs(demo.sandbox, 'instructor');
    const students = (await collect(learn.courses.listCourseUsers(PSYC, { role: 'Student' }))).filter((m) => m.courseRoleId === 'Student' && m.availability?.available !== 'No');
    const chosen = students.slice(5, 8);
    const context = await demo.browser.newContext();
    const page = await context.newPage();
    await startApp(page, demo);
    await openContent(page, 'PSYC-101-F26');

    // Online once: Week 1 and its overview, and the extra-credit folder's members (saved on this device).
    await treeItem(page, /^▸?\s*Week 1 Folder/).click();
    await select(page, 'Week 1 overview');
    await expect.poll(() => page.getByText('No release rule').count(), WAIT).toBe(1);
    await select(page, EXTRA);
    const users = page.getByRole('list', { name: /^Users this item is released to/ });
    await expect.poll(async () => (await users.getByRole('listitem').allTextContents()).join('|'), WAIT).toMatch(/^[^|]+ \(\w+\)\|/);
    await expect.poll(() => users.textContent()).not.toContain('not on the saved roster');
    const postsBefore = await contentPosts(demo);

    await goOffline(page, true);
    // A folder at the top level, then a document inside it (it names the folder by its local id).
    await page.getByLabel('What').selectOption('folder');
    await page.getByLabel('Create in').selectOption({ label: 'Top level' });
    await page.getByLabel('Title', { exact: true }).fill('Offline unit');
    await page.getByRole('button', { name: 'Create folder' }).click();
    const unit = treeItem(page, /^▸?▾?\s*Offline unit Folder/);
    await expect.poll(() => unit.textContent(), WAIT).toContain('waiting to be sent');
    await expect.poll(() => page.getByRole('status').filter({ hasText: 'You are offline. Saved on this device' }).count(), WAIT).toBeGreaterThan(0);
    await page.getByLabel('What').selectOption('document');
    await page.getByLabel('Create in').selectOption({ label: 'Offline unit (waiting to be sent)' });
    await page.getByLabel('Title', { exact: true }).fill('Offline notes');
    await page.getByRole('button', { name: 'Create document' }).click();
    await expect.poll(() => treeItem(page, /^·?\s*Offline notes Document waiting to be sent/).getAttribute('aria-level'), WAIT).toBe('2');
    await expect.poll(() => page.getByRole('heading', { level: 2, name: 'Offline notes' }).count(), WAIT).toBe(1);
    await expect.poll(() => page.getByRole('status').filter({ hasText: 'Waiting to be sent: made on this device' }).count()).toBe(1);
    await checkScreen(page, 'content-item-waiting');
    // The new document can already get a rule (it names the document by its local id).
    const notesRule = page.getByRole('form', { name: 'Add a release rule' });
    await notesRule.getByLabel('Rule title').fill('Notes rule');
    await notesRule.getByRole('button', { name: 'Add rule' }).click();
    await expect.poll(() => page.getByRole('article', { name: 'Rule Notes rule, waiting to be sent' }).count(), WAIT).toBe(1);

    // A rule with a date criterion on the Week 1 overview (the criterion names the rule's local id).
    await select(page, 'Week 1 overview');
    const ruleForm = page.getByRole('form', { name: 'Add a release rule' });
    await ruleForm.getByLabel('Rule title').fill('Offline rule');
    await ruleForm.getByRole('button', { name: 'Add rule' }).click();
    const rule = page.getByRole('article', { name: 'Rule Offline rule, waiting to be sent' });
    await expect.poll(() => rule.count(), WAIT).toBe(1);
    const add = rule.getByRole('form', { name: 'Add a criterion' });
    await add.getByLabel('Criterion type').selectOption('DateRange');
    await add.getByLabel(/^Release until/).fill('2026-12-20T09:00');
    await add.getByRole('button', { name: 'Add criterion' }).click();
    await expect.poll(() => rule.getByRole('list', { name: 'Criteria of Offline rule' }).textContent(), WAIT).toMatch(/Date range: until .*\(waiting to be sent\)/);

    // The extra-credit folder's users, replaced in one action (checked against the saved roster).
    await select(page, EXTRA);
    await page.getByRole('button', { name: 'Edit users' }).click();
    const replace = page.getByRole('form', { name: 'Replace users' });
    await replace.getByLabel(/^Users, one per line/).fill(chosen.map((m) => m.user?.userName ?? '').join('\n'));
    await replace.getByRole('button', { name: 'Replace the users list' }).click();
    await expect.poll(() => users.getAttribute('aria-label'), WAIT).toBe('Users this item is released to, change waiting to be sent');
    await expect.poll(() => users.getByRole('listitem').count()).toBe(3);
    const waitingList = page.getByRole('region', { name: 'Release changes waiting to be sent' });
    await expect.poll(() => waitingList.textContent(), WAIT).toMatch(/Replace the users list of "Extra credit: research participation" \(3 users\)\s*waiting/);
    await checkScreen(page, 'content-waiting-list');

    // Leave the screen and come back: the marks come from the outbox, not from the page's memory.
    await page.getByRole('button', { name: 'Meetings', exact: true }).click();
    await page.getByRole('button', { name: 'Content', exact: true }).click();
    await expect.poll(() => unit.textContent(), WAIT).toContain('waiting to be sent');
    await unit.click();
    await expect.poll(() => treeItem(page, /^·?\s*Offline notes Document waiting to be sent/).count(), WAIT).toBe(1);
    await treeItem(page, /^▸?\s*Week 1 Folder/).click();
    await select(page, 'Week 1 overview');
    await expect.poll(() => page.getByRole('article', { name: 'Rule Offline rule, waiting to be sent' }).count(), WAIT).toBe(1);
    await select(page, EXTRA);
    await expect.poll(() => users.getAttribute('aria-label'), WAIT).toBe('Users this item is released to, change waiting to be sent');
    expect(await contentPosts(demo)).toBe(postsBefore); // nothing left the page

    // Back online: sync sends them in order; the screen reads Learn's copy again.
    await goOffline(page, false);
    await expect.poll(() => users.getAttribute('aria-label'), WAIT).toBe('Users this item is released to');
    await expect.poll(() => page.getByText(/waiting to be sent|not sent to Learn/).allTextContents(), WAIT).toEqual([]);
    await expect.poll(() => unit.count(), WAIT).toBe(1);
    await expect.poll(() => unit.getAttribute('data-id')).toMatch(/^_\d+_\d+$/);
    // The folder made offline was open: Learn's copy is open in its place, with Learn's document.
    const notes = treeItem(page, /^·?\s*Offline notes Document$/);
    await expect.poll(() => notes.getAttribute('data-id'), WAIT).toMatch(/^_\d+_\d+$/);
    await select(page, 'Week 1 overview');
    await expect.poll(() => page.getByRole('article', { name: 'Rule Offline rule', exact: true }).count(), WAIT).toBe(1);

    // Learn holds each exactly once: one folder with the document, the rule and its criterion, the users.
    expect(await contentPosts(demo)).toBe(postsBefore + 5);
    const folders = (await collect(learn.content.listContents(PSYC))).filter((c) => c.title === 'Offline unit');
    expect(folders).toHaveLength(1);
    const inUnit = await collect(learn.content.listChildren(PSYC, folders[0]?.id ?? ''));
    expect(inUnit.map((c) => c.title)).toEqual(['Offline notes']);
    expect((await collect(learn.adaptiveRelease.listRules(PSYC, inUnit[0]?.id ?? ''))).map((r) => r.title)).toEqual(['Notes rule']);
    const [overview] = await collect(learn.content.listContents(PSYC, { recursive: true, title: 'Week 1 overview' }));
    const rules = await collect(learn.adaptiveRelease.listRules(PSYC, overview?.id ?? ''));
    expect(rules.map((r) => r.title)).toEqual(['Offline rule']);
    const criteria = await collect(learn.adaptiveRelease.listCriteria(PSYC, overview?.id ?? '', rules[0]?.id ?? ''));
    expect(criteria.map((c) => c.type)).toEqual(['DateRange']);
    const [extra] = await collect(learn.content.listContents(PSYC, { recursive: true, title: EXTRA }));
    const [extraRule] = await collect(learn.adaptiveRelease.listRules(PSYC, extra?.id ?? ''));
    const memberships = (await collect(learn.adaptiveRelease.listCriteria(PSYC, extra?.id ?? '', extraRule?.id ?? ''))).find((c) => c.type === 'Memberships');
    const ref = { courseId: PSYC, contentId: extra?.id ?? '', ruleId: extraRule?.id ?? '', criterionId: memberships?.id ?? '' };
    expect((await collect(learn.adaptiveRelease.listUserPredicates(ref))).map((u) => u.userId).sort()).toEqual(chosen.map((m) => m.userId).sort());
    await context.close();
  });

  it('keeps a change Learn refuses on replay in the waiting list with the reason, until discarded', async () => {
    const context = await demo.browser.newContext();
    const page = await context.newPage();
    await startApp(page, demo);
    await openContent(page, 'PSYC-101-F26');
    await select(page, 'Final exam review');
    const rule = page.getByRole('article', { name: /^Rule Open in the last week of term/ });
    await expect.poll(() => rule.count(), WAIT).toBe(1);

    await goOffline(page, true);
    await rule.getByRole('button', { name: 'Rename rule' }).click();
    await rule.getByRole('form', { name: 'Rename rule' }).getByLabel('Rule title').fill('Last week only');
    await rule.getByRole('button', { name: 'Save title' }).click();
    await expect.poll(() => page.getByRole('article', { name: 'Rule Last week only, change waiting to be sent' }).count(), WAIT).toBe(1);

    // Meanwhile the rule is deleted in Learn (another session of the instructor).
    const { learn } = learnAs(demo.sandbox, 'instructor');
    const [item] = await collect(learn.content.listContents(PSYC, { recursive: true, title: 'Final exam review' }));
    const [learnRule] = await collect(learn.adaptiveRelease.listRules(PSYC, item?.id ?? ''));
    await learn.adaptiveRelease.deleteRule(PSYC, item?.id ?? '', learnRule?.id ?? '');

    await goOffline(page, false);
    const waitingList = page.getByRole('region', { name: 'Release changes waiting to be sent' });
    const failed = waitingList.getByRole('listitem').filter({ hasText: 'Rename rule "Open in the last week of term" to "Last week only"' });
    // Learn's reason and the fix, as the handler words them online.
    await expect.poll(() => failed.textContent(), WAIT).toMatch(/Not sent: Learn no longer has it: it may have been deleted or moved in Learn\./);
    await expect.poll(() => failed.getByRole('button', { name: 'Try again' }).count()).toBe(1);
    await checkScreen(page, 'content-change-not-sent');
    await expect.poll(() => page.getByText('No release rule').count(), WAIT).toBe(1);

    await failed.getByRole('button', { name: 'Discard' }).click();
    await expect.poll(() => waitingList.count(), WAIT).toBe(0);
    expect(await collect(learn.adaptiveRelease.listRules(PSYC, item?.id ?? ''))).toEqual([]);
    await context.close();
  });

  it('queues an assignment with its file offline in a Classic course and sends it once', async () => {
    const context = await demo.browser.newContext();
    const page = await context.newPage();
    await startApp(page, demo);
    await openContent(page, 'HIST-310-F26');
    await treeItem(page, /^▸?\s*Assignments Folder/).click();
    await expect.poll(() => page.locator('[role=treeitem][aria-level="2"]').count(), WAIT).toBeGreaterThan(0);

    await goOffline(page, true);
    await page.getByLabel('What').selectOption('assignment');
    await page.getByLabel('Create in').selectOption({ label: 'Assignments' });
    const form = page.getByRole('form', { name: 'New assignment' });
    await form.getByLabel('Title').fill('Offline essay');
    await form.getByLabel('Points possible').fill('20');
    await form.getByLabel('Files').setInputFiles({ name: 'brief.txt', mimeType: 'text/plain', buffer: Buffer.from('Read the brief carefully.') });
    await form.getByRole('button', { name: 'Create assignment' }).click();
    await expect.poll(() => page.getByRole('status').filter({ hasText: 'New assignment "Offline essay" in "Assignments" with 1 file: You are offline.' }).count(), WAIT).toBe(1);
    const row = treeItem(page, /^·?\s*Offline essay /);
    await expect.poll(() => row.textContent(), WAIT).toContain('waiting to be sent');
    await expect.poll(() => row.getAttribute('aria-level')).toBe('2');
    await expect.poll(() => page.getByRole('heading', { level: 2, name: 'Offline essay' }).count(), WAIT).toBe(1);
    await expect.poll(() => page.getByText('Waiting to be sent: made on this device').count()).toBe(1);

    await goOffline(page, false);
    await expect.poll(() => row.getAttribute('data-id'), WAIT).toMatch(/^_\d+_\d+$/);
    await expect.poll(() => row.textContent()).not.toContain('waiting');
    // It was selected while waiting: Learn's copy is selected now, read from Learn (its grade column, under Details).
    await expect.poll(() => page.locator('details dd').filter({ hasText: /^_\d+_\d+$/ }).count(), WAIT).toBeGreaterThan(0);
    await expect.poll(() => page.getByText('Waiting to be sent: made on this device').count()).toBe(0);
    const { learn } = learnAs(demo.sandbox, 'instructor');
    const made = await collect(learn.content.listContents(HIST, { recursive: true, title: 'Offline essay' }));
    expect(made.map((c) => c.contentHandler?.id)).toEqual(['resource/x-bb-assignment']);
    expect((await collect(learn.content.listAttachments(HIST, made[0]?.id ?? ''))).map((a) => a.fileName)).toEqual(['brief.txt']);
    await context.close();
  });
});
