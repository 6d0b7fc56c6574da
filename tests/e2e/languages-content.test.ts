import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openContent, openItem, startApp, WAIT } from '../support/content-ui';
import { chooseLanguage, go, pageLanguage, screenWords, untranslated, usePseudoLocale } from '../support/language-ui';
import { useDemoHost } from '../support/roll-call-ui';
import { checkScreen } from '../support/screen-check';

/**
 * The Content screen in other languages: the tree, an item's details with its release rules, and
 * the filter form. In the pseudo-locale every word of them comes from the catalogue and fits at
 * 390 px; in Arabic the tree mirrors (indentation from the right, a closed folder's arrow pointing
 * left, the arrow keys swapped) and axe finds nothing, nor in German (each its own test, to stay
 * well inside the time-out on a loaded machine). Left out: why a change is
 * refused (`.reason`), which the host writes in its own words until the host's messages move.
 */
const NOT_MOVED = '.reason';
const ITEM = 'Bonus: memory techniques';

/** The Content screen's address in the page's hash, reached once in English (titles are Learn's, not translated). */
async function contentAddress(page: Page): Promise<string> {
  await openContent(page, 'PSYC-101-F26');
  // The item's release rules are read once in its details, so the student view below has them.
  await openItem(page, ITEM);
  await expect.poll(() => page.getByRole('list', { name: /^Criteria of / }).count(), WAIT).toBe(1);
  return page.evaluate(() => location.hash);
}

async function showTree(page: Page, hash: string): Promise<void> {
  await go(page, hash);
  await expect.poll(() => page.getByRole('treeitem').count(), WAIT).toBeGreaterThan(3);
}

/** Opens Week 5 in the tree by keyboard (`inward`: the arrow pointing into the line) and the item's details, and waits for its release rules. */
async function showItem(page: Page, inward: 'ArrowRight' | 'ArrowLeft' = 'ArrowRight'): Promise<void> {
  // By keyboard: a click would also show the folder's details, which at 390 px take the tree's place.
  await page.getByRole('treeitem').filter({ has: page.locator('.title', { hasText: /^Week 5/ }) }).first().focus();
  await page.keyboard.press(inward);
  const item = page.getByRole('treeitem').filter({ has: page.locator('.title', { hasText: ITEM }) });
  await expect.poll(() => item.count(), WAIT).toBe(1);
  await item.click();
  await expect.poll(() => page.getByRole('heading', { level: 2, name: ITEM }).count(), WAIT).toBe(1);
  await expect.poll(() => page.locator('.release .criteria li').count(), WAIT).toBeGreaterThan(1);
}

async function expectAllTranslated(page: Page, least: number): Promise<void> {
  const words = await screenWords(page, 'main', { notMoved: NOT_MOVED });
  expect(words.length).toBeGreaterThan(least);
  expect(untranslated(words)).toEqual([]);
  expect(words.filter((w) => w.clipped)).toEqual([]);
}

describe('the Content screen in other languages', () => {
  const demo = useDemoHost();

  it('in the pseudo-locale, every word of the tree, an item, its release rules and the filters comes from the catalogue and fits at 390 px', async () => {
    const context = await demo.browser.newContext({ locale: 'en-US', viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await startApp(page, demo);
    const hash = await contentAddress(page);
    await usePseudoLocale(page);
    await showTree(page, hash);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent(), WAIT).toMatch(/^⟦PSYC-101-F26/);
    await expectAllTranslated(page, 10);

    // The course as one student sees it: each row says why not, in the catalogue's words.
    await page.getByTestId('view-as-choice').selectOption({ index: 1 });
    await expect.poll(() => page.getByTestId('item-verdict').count(), WAIT).toBeGreaterThan(3);
    await expectAllTranslated(page, 15);
    await page.getByTestId('view-as-choice').selectOption({ index: 0 });

    await showItem(page);
    await expectAllTranslated(page, 30);
    await page.keyboard.press('Escape');

    await page.locator('[aria-controls="content-filters"]').click();
    await expect.poll(() => page.getByRole('search').isVisible(), WAIT).toBe(true);
    const filterWords = await screenWords(page, '[role="search"]');
    expect(filterWords.length).toBeGreaterThan(5);
    expect(untranslated(filterWords)).toEqual([]);
    expect(filterWords.filter((w) => w.clipped)).toEqual([]);
    await context.close();
  });

  it('in Arabic the tree mirrors (indentation, arrows, arrow keys): axe clean at 1280 and 390 px', async () => {
    const context = await demo.browser.newContext({ locale: 'en-US' });
    const page = await context.newPage();
    await startApp(page, demo);
    const hash = await contentAddress(page);

    await chooseLanguage(page, 'ar');
    await expect.poll(() => pageLanguage(page), WAIT).toEqual({ lang: 'ar', dir: 'rtl' });
    await showTree(page, hash);
    expect(await page.getByRole('heading', { level: 2, name: 'محتوى المقرر' }).count()).toBe(1);
    const week5 = page.getByRole('treeitem').filter({ has: page.locator('.title', { hasText: /^Week 5/ }) }).first();
    // A closed folder's arrow points the way the line reads: to the left.
    expect(await week5.locator('.twisty').evaluate((el) => getComputedStyle(el).transform)).toMatch(/^matrix\(-1,/);
    await showItem(page, 'ArrowLeft');
    // An item inside a folder is indented from the right edge, where the line starts.
    const inside = page.getByRole('treeitem').filter({ has: page.locator('.title', { hasText: ITEM }) });
    const padding = await inside.evaluate((el) => ({ start: parseFloat(getComputedStyle(el).paddingRight), end: parseFloat(getComputedStyle(el).paddingLeft) }));
    expect(padding.start).toBeGreaterThan(padding.end);
    // The arrow keys follow the direction: Right (outward) steps to the folder, then closes it; Left opens it.
    await inside.focus();
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-level')), WAIT).toBe('1');
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => week5.getAttribute('aria-expanded'), WAIT).toBe('false');
    await page.keyboard.press('ArrowLeft');
    await expect.poll(() => week5.getAttribute('aria-expanded'), WAIT).toBe('true');
    expect(await page.getByRole('heading', { level: 3, name: 'الإصدار التكيفي' }).count()).toBe(1);
    await checkScreen(page, 'content-item-arabic');
    await context.close();
  });

  it('in German (the longest) the tree and an item fit: axe clean at 1280 and 390 px', async () => {
    const context = await demo.browser.newContext({ locale: 'en-US' });
    const page = await context.newPage();
    await startApp(page, demo);
    const hash = await contentAddress(page);
    await chooseLanguage(page, 'de');
    await showTree(page, hash);
    expect(await page.getByRole('heading', { level: 2, name: 'Kursinhalte' }).count()).toBe(1);
    await checkScreen(page, 'content-german');
    await showItem(page);
    expect(await page.getByRole('heading', { level: 3, name: 'Adaptive Freigabe' }).count()).toBe(1);
    await checkScreen(page, 'content-item-german');
    await context.close();
  });
});
