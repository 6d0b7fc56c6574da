import { describe, expect, it } from 'vitest';
import { contentStore } from '../../sandbox/modules/content/store';
import { openContent, openItem, startApp, WAIT } from '../support/content-ui';
import { useDemoHost } from '../support/roll-call-ui';

/**
 * Learn HTML written by a course author, naming its elements `rollbook`: in Chromium an element
 * with that id or name becomes `window.rollbook` (named access), which browser mode's bridge used
 * to take for the desktop's preload, so every call after the item was shown failed and the item's
 * release rules read "could not reach Learn". The sanitiser renames ids and names, and the bridge
 * is read once at start.
 */
describe('Learn HTML that names itself rollbook', () => {
  const demo = useDemoHost();

  it('cannot stand in for the bridge: the item and its release rules still show', async () => {
    const item = [...contentStore(demo.sandbox.context()).items.values()].find((c) => c.title === 'Bonus: memory techniques');
    if (!item) throw new Error('The demo has no "Bonus: memory techniques" item');
    item.body = `${item.body ?? ''}<p id="rollbook">Technique 1: spaced practice.</p><a name="rollbook" href="https://ok.example/">More</a><img name="invoke" alt="Chart" src="data:image/png;base64,iVBORw0KGgo=">`;

    const page = await demo.browser.newPage();
    await startApp(page, demo);
    await openContent(page, 'PSYC-101-F26');
    await openItem(page, 'Bonus: memory techniques');
    await expect.poll(() => page.getByText('Technique 1: spaced practice.').count(), WAIT).toBe(1);
    expect(await page.evaluate(() => (window as unknown as Record<string, unknown>)['rollbook'] === undefined)).toBe(true);
    const criteria = page.getByRole('list', { name: /^Criteria of / });
    await expect.poll(() => criteria.getByRole('listitem').allTextContents(), WAIT).toEqual([
      expect.stringMatching(/^Grade range \(points\): Quiz 5: 8 or more/),
      expect.stringMatching(/^Date range: until /),
    ]);
    await expect.poll(() => page.getByText(/could not reach Learn/i).count()).toBe(0);
    await page.close();
  });
});
