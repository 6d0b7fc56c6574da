import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { demoBrowser } from '../../electron/host/demo-browser';
import { startWebHost, type RunningWebHost } from '../../electron/web-host';
import { DEMO_APP } from '../../sandbox/core/context';
import type { RunningSandbox } from '../../sandbox/server';
import { collect, learnAs, PSYC } from '../integration/learn-support';
import { launchChromium, openRollbook, rendererDirOption } from '../support/browser';
import { openContent, openItem, WAIT } from '../support/content-ui';
import { checkScreen } from '../support/screen-check';

// edit a criterion and hit each validation. Learn lets only holders of
// system.course.MODIFY change a criterion (seed table), so this runs as the demo administrator,
// enrolled in the lecture as an instructor, signed in through the real three-legged flow.
describe('changing a release criterion as a Learn administrator', () => {
  let host: RunningWebHost;
  let sandbox: RunningSandbox;
  let browser: Browser;
  const dataDir = mkdtempSync(join(tmpdir(), 'rollbook-content-admin-'));

  beforeAll(async () => {
    // The "system browser" walks the sandbox's login as the administrator (made once its origin is known).
    const admin: { open?: (url: string) => Promise<void> } = {};
    host = await startWebHost({ port: 0, demo: true, dataDir, openExternal: (url) => (admin.open ? admin.open(url) : Promise.reject(new Error('not ready'))), ...rendererDirOption() });
    if (!host.sandbox) throw new Error('demo mode has a sandbox');
    sandbox = host.sandbox;
    admin.open = demoBrowser({ sandboxOrigin: sandbox.origin, userName: 'admin', password: 'demo' });
    // The administrator teaches the lecture too, so it is in their course list.
    const { directory } = sandbox.context();
    const now = new Date().toISOString();
    directory.enrol({ id: directory.newId(), userId: directory.user('userName:admin').id, courseId: directory.course(PSYC).id, dataSourceId: '_2_1', created: now, modified: now, availability: { available: 'Yes' }, courseRoleId: 'Instructor' });
    await host.signIn.signIn({ learnUrl: sandbox.learnUrl, applicationKey: DEMO_APP.key, applicationSecret: DEMO_APP.secret });
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser.close();
    await host.close();
    rmSync(dataDir, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
  });

  it('checks each field before sending, then changes the grade range and the date range', async () => {
    const page = await browser.newPage();
    await openRollbook(page, host);
    await openContent(page, 'PSYC-101-F26');
    await openItem(page, 'Bonus: memory techniques');
    const criteria = page.getByRole('list', { name: /^Criteria of / });
    await expect.poll(() => criteria.getByRole('listitem').count(), WAIT).toBe(2);
    await checkScreen(page, 'content-criteria');

    // The grade range: minScore required, the highest not below the lowest.
    await criteria.getByRole('listitem').filter({ hasText: 'Grade range' }).getByRole('button', { name: 'Change criterion' }).click();
    const form = criteria.getByRole('form', { name: 'Change criterion' });
    await form.getByLabel(/^Lowest score/).fill('');
    await form.getByRole('button', { name: 'Save criterion' }).click();
    await expect.poll(() => form.getByRole('alert').textContent(), WAIT).toContain('Learn requires it');
    await form.getByLabel(/^Lowest score/).fill('9');
    await form.getByLabel(/^Highest score/).fill('4');
    await form.getByRole('button', { name: 'Save criterion' }).click();
    await expect.poll(() => form.getByRole('alert').textContent(), WAIT).toContain('highest score (4) is below the lowest (9)');
    await form.getByLabel(/^Highest score/).fill('');
    await form.getByLabel(/^Lowest score/).fill('7');
    await form.getByRole('button', { name: 'Save criterion' }).click();
    await expect.poll(() => criteria.textContent(), WAIT).toContain('Quiz 5: 7 or more');

    // The date range: at least one date, the end after the start.
    await criteria.getByRole('listitem').filter({ hasText: 'Date range' }).getByRole('button', { name: 'Change criterion' }).click();
    const dates = criteria.getByRole('form', { name: 'Change criterion' });
    await dates.getByLabel(/^Release until/).fill('');
    await dates.getByRole('button', { name: 'Save criterion' }).click();
    await expect.poll(() => dates.getByRole('alert').textContent(), WAIT).toContain('needs at least one');
    await dates.getByLabel(/^Release from/).fill('2026-12-15T09:00');
    await dates.getByLabel(/^Release until/).fill('2026-12-14T09:00');
    await dates.getByRole('button', { name: 'Save criterion' }).click();
    await expect.poll(() => dates.getByRole('alert').textContent(), WAIT).toContain('end must be after the start');
    await dates.getByLabel(/^Release until/).fill('');
    await dates.getByRole('button', { name: 'Save criterion' }).click();
    await expect.poll(() => criteria.textContent(), WAIT).toMatch(/Date range: from Dec 15, 2026/);

    // Learn holds both changes.
    const { learn } = learnAs(sandbox, 'admin');
    const [item] = await collect(learn.content.listContents(PSYC, { recursive: true, title: 'Bonus: memory techniques' }));
    const [rule] = await collect(learn.adaptiveRelease.listRules(PSYC, item?.id ?? ''));
    const held = await collect(learn.adaptiveRelease.listCriteria(PSYC, item?.id ?? '', rule?.id ?? ''));
    expect(held.find((c) => c.type === 'GradeRange')).toMatchObject({ minScore: 7, maxScore: null });
    expect(held.find((c) => c.type === 'DateRange')).toMatchObject({ startDate: new Date('2026-12-15T09:00').toISOString() });
    // No end: Learn writes an open date as null or leaves it out (docs/api-notes/shapes-and-readers.md "Shape variety").
    expect(held.find((c) => c.type === 'DateRange')?.endDate ?? null).toBeNull();
    await page.close();
  });
});
