import { describe, expect, it } from 'vitest';
import { collect, HIST, learnAs } from '../integration/learn-support';
import { openContent, showFilters, startApp, WAIT } from '../support/content-ui';
import { sandboxStats, useDemoHost } from '../support/roll-call-ui';
import { checkScreen } from '../support/screen-check';

const CHILDREN = 'GET /learn/api/public/v1/courses/:courseId/contents/:contentId/children';
const childReads = async (demo: ReturnType<typeof useDemoHost>): Promise<number> => (await sandboxStats(demo.host)).byRoute[CHILDREN] ?? 0;

// Content: expand the tree by keyboard, filter, create a folder and an
// assignment with a file, in the demo courses of the sandbox, as the demo instructor.
describe('content tree in browser mode', () => {
  const demo = useDemoHost();

  it('expands folders by keyboard, shows an item, and filters the course', async () => {
    const page = await demo.browser.newPage();
    await startApp(page, demo);
    await openContent(page, 'PSYC-101-F26');

    const tree = page.getByRole('tree', { name: 'PSYC-101-F26 content' });
    const week1 = tree.getByRole('treeitem', { name: /^▸?\s*Week 1 Folder/ });
    await expect.poll(() => week1.getAttribute('aria-expanded')).toBe('false');
    // Keyboard: focus the tree, walk down to Week 1, open it with the right arrow.
    await tree.getByRole('treeitem').first().focus();
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent ?? ''), WAIT).toContain('Week 1');
    // Lazy: the folder's items are read when it first opens, in one request (one page here).
    const before = await childReads(demo);
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => week1.getAttribute('aria-expanded'), WAIT).toBe('true');
    await expect.poll(() => tree.locator('[role=treeitem][aria-level="2"]').count(), WAIT).toBeGreaterThan(0);
    expect((await childReads(demo)) - before).toBe(1);
    // Right again steps into the folder; Enter shows that item's details.
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-level'))).toBe('2');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByRole('heading', { level: 3, name: 'Adaptive release' }).count(), WAIT).toBe(1);
    await checkScreen(page, 'content-item');
    // The details took focus; Escape closes them and gives it back to the item. Left goes back to
    // the folder, Left again closes it.
    await expect.poll(() => page.evaluate(() => document.activeElement?.closest('[data-testid=details-beside]') !== null)).toBe(true);
    await page.keyboard.press('Escape');
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-level'))).toBe('2');
    await page.keyboard.press('ArrowLeft');
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-level'))).toBe('1');
    await page.keyboard.press('ArrowLeft');
    await expect.poll(() => week1.getAttribute('aria-expanded'), WAIT).toBe('false');
    // Opening it again uses what was read: no second request.
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => week1.getAttribute('aria-expanded'), WAIT).toBe('true');
    expect((await childReads(demo)) - before).toBe(1);

    // The document with unsafe markup: its body is shown without the script or the handler.
    await showFilters(page);
    await page.getByLabel('Title contains').fill('Imported notes');
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await page.getByRole('button', { name: /Imported notes/ }).click();
    const body = page.getByLabel(/^Body of Imported notes/);
    await expect.poll(() => body.count(), WAIT).toBe(1);
    await expect.poll(() => body.innerHTML()).not.toMatch(/<script|onerror/i);

    // Filters: type and review status, then a created date compared "before".
    await page.getByLabel('Title contains').fill('');
    await page.getByLabel('Type').selectOption({ label: 'Folder' });
    await page.getByLabel('Review status').selectOption('yes');
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await expect.poll(() => page.getByRole('status').filter({ hasText: /match\.$/ }).textContent(), WAIT).toMatch(/^\d+ items? match\.$/);
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await page.getByLabel('Title contains').fill('week');
    await page.getByLabel('Created', { exact: true }).selectOption('lessThan');
    await page.getByLabel('Created date').fill('2026-08-15');
    await page.getByRole('button', { name: 'Apply filters' }).click();
    const listed = page.getByRole('list', { name: 'Matching items' }).getByRole('button');
    await expect.poll(() => listed.allTextContents(), WAIT).toEqual(expect.arrayContaining(['Week 1', 'Week 6']));
    await expect.poll(() => listed.allTextContents()).not.toContain('Week 2');
    await checkScreen(page, 'content-filtered');
    await page.close();
  });

  it('creates a top-level folder and an assignment with a file in a Classic course', async () => {
    const page = await demo.browser.newPage();
    await startApp(page, demo);
    await openContent(page, 'HIST-310-F26');

    // Classic: only folders at the top level; the form says so before sending.
    await page.getByLabel('What').selectOption('document');
    await expect.poll(() => page.getByRole('button', { name: 'Create document' }).isDisabled(), WAIT).toBe(true);
    await expect.poll(() => page.getByText('In a Classic course only folders can be made at the top level').count()).toBe(1);
    await page.getByLabel('What').selectOption('folder');
    await page.getByLabel('Title', { exact: true }).fill('Exam preparation');
    await page.getByRole('button', { name: 'Create folder' }).click();
    await expect.poll(() => page.getByRole('treeitem', { name: /Exam preparation/ }).count(), WAIT).toBe(1);

    // An assignment inside "Assignments", with instructions, due date, attempts, points and a file.
    await page.getByRole('treeitem', { name: /^▸?\s*Assignments Folder/ }).click();
    await page.getByLabel('What').selectOption('assignment');
    await page.getByLabel('Create in').selectOption({ label: 'Assignments' });
    const form = page.getByRole('form', { name: 'New assignment' });
    await form.getByLabel('Title').fill('Source analysis');
    await form.getByLabel(/^Instructions/).fill('<p>Analyse one primary source.</p>');
    await form.getByLabel('Due').fill('2026-12-01T17:00');
    await form.getByLabel('Attempts', { exact: true }).fill('0');
    await form.getByRole('button', { name: 'Create assignment' }).click();
    await expect.poll(() => form.getByRole('alert').textContent(), WAIT).toContain('whole number from 1 to 100');
    await form.getByLabel('Attempts', { exact: true }).fill('2');
    await form.getByLabel('Points possible').fill('40');
    await form.getByLabel('Files').setInputFiles({ name: 'brief.txt', mimeType: 'text/plain', buffer: Buffer.from('Read the brief carefully.') });
    await form.getByRole('button', { name: 'Create assignment' }).click();
    const created = page.getByRole('status', { name: 'Assignment created' });
    await expect.poll(() => created.textContent(), WAIT).toContain('Created: Source analysis');
    await expect.poll(() => created.textContent()).toContain('brief.txt');

    // Learn holds it: a Classic assignment with its grade column and the file attached.
    const { learn } = learnAs(demo.sandbox, 'instructor');
    const [item] = await collect(learn.content.listContents(HIST, { recursive: true, title: 'Source analysis' }));
    expect(item?.contentHandler).toMatchObject({ id: 'resource/x-bb-assignment', gradeColumnId: expect.any(String) as unknown });
    expect((await collect(learn.content.listAttachments(HIST, item?.id ?? ''))).map((a) => a.fileName)).toEqual(['brief.txt']);
    await expect.poll(() => created.textContent()).toContain(item?.contentHandler?.gradeColumnId ?? 'missing');
    await checkScreen(page, 'content-created');
    await page.close();
  });
});
