import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openContent, startApp, WAIT } from '../support/content-ui';
import { useDemoHost } from '../support/roll-call-ui';
import { checkScreen } from '../support/screen-check';

const folder = (page: Page, title: string) => page.getByRole('treeitem', { name: new RegExp(`^▸?▾?\\s*${title} Folder`) });

// with the network cut, the last-read tree still shows, marked as offline;
// writes stay enabled (they wait in the outbox).
describe('content offline in browser mode', () => {
  const demo = useDemoHost();

  it('shows the last-read tree and item marked offline, with writes still enabled', async () => {
    const context = await demo.browser.newContext();
    const page = await context.newPage();
    await startApp(page, demo);
    await openContent(page, 'PSYC-101-F26');

    // Online once: open Week 1 and one item in it (each read is saved on this device).
    await folder(page, 'Week 1').click();
    const inner = page.locator('[role=treeitem][aria-level="2"]').first();
    await expect.poll(() => inner.count(), WAIT).toBe(1);
    const title = ((await inner.locator('.title').textContent()) ?? '').trim();
    await inner.click();
    await expect.poll(() => page.getByRole('heading', { level: 3, name: 'Adaptive release' }).count(), WAIT).toBe(1);
    await expect.poll(() => page.getByTestId('tree-offline').count()).toBe(0);

    // The network goes. Leave the screen and come back: everything shown comes from IndexedDB.
    await context.setOffline(true);
    await expect.poll(() => page.getByTestId('connectivity').textContent(), WAIT).toBe('Offline');
    await page.getByRole('button', { name: 'Meetings', exact: true }).click();
    await page.getByRole('button', { name: 'Content', exact: true }).click();
    await expect.poll(() => page.getByTestId('tree-offline').textContent(), WAIT).toMatch(/^Offline: as of /);
    await folder(page, 'Week 1').click();
    await expect.poll(() => page.getByRole('treeitem', { name: new RegExp(title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) }).count(), WAIT).toBe(1);
    await page.getByRole('treeitem', { name: new RegExp(title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) }).click();
    await expect.poll(() => page.getByRole('heading', { level: 2, name: title }).count(), WAIT).toBe(1);
    await expect.poll(() => page.getByRole('status').filter({ hasText: /^Offline: as of .* You are offline\.$/ }).count(), WAIT).toBeGreaterThan(0);
    await checkScreen(page, 'content-offline');
    // A folder never opened online says so instead of looking empty.
    await folder(page, 'Week 2').click();
    await expect.poll(() => folder(page, 'Week 2').textContent(), WAIT).toContain('Nothing was saved on this device');
    // Writes are not disabled offline: they wait in the outbox (content-offline-changes.test.ts).
    const create = page.getByRole('button', { name: 'Create folder' });
    await expect.poll(() => create.isDisabled()).toBe(false);
    await expect.poll(() => page.getByText('You are offline: this change is made in Learn').count()).toBe(0);

    // A reload while Learn cannot be reached (the page itself comes from the local host): the
    // screen is kept, and the tree still shows, from the copy saved before.
    await page.route(/\/ipc\/(content|adaptiveRelease)\./, (route) => route.abort('internetdisconnected'));
    await context.setOffline(false);
    await page.reload();
    await expect.poll(() => page.getByRole('heading', { level: 1, name: 'PSYC-101-F26: Content' }).count(), { timeout: 30_000 }).toBe(1);
    await expect.poll(() => page.getByTestId('tree-offline').textContent(), WAIT).toMatch(/^Offline: as of /);
    await expect.poll(() => folder(page, 'Week 14').count()).toBe(1);
    await context.close();
  });
});
