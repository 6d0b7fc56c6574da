import type { Page } from 'playwright-core';

/** The language E2E steps: choosing a language in Settings, the pseudo-locale, and the words a screen shows. */
export const go = (page: Page, hash: string) => page.evaluate((h) => (location.hash = h), hash);
export const pageLanguage = (page: Page) => page.evaluate(() => ({ lang: document.documentElement.lang, dir: document.documentElement.dir }));

/** Chooses a language in Settings; the window reloads in it. */
export async function chooseLanguage(page: Page, value: string): Promise<void> {
  await go(page, '#/settings');
  const choice = page.getByTestId('language-choice');
  await choice.waitFor();
  await Promise.all([page.waitForEvent('load'), choice.selectOption(value)]);
}

/** The pseudo-locale (tests only: not offered in Settings), kept in the preferences and loaded. */
export async function usePseudoLocale(page: Page): Promise<void> {
  await page.evaluate(() => {
    const kept = JSON.parse(localStorage.getItem('rollbook.preferences') ?? '{}') as Record<string, unknown>;
    localStorage.setItem('rollbook.preferences', JSON.stringify({ ...kept, language: 'en-XA' }));
  });
  await page.reload();
}

/**
 * The words a person sees in `root`, with whether each box cuts them off: all but Learn's own
 * (titles, names, messages), dates and times (`<time>`: `Intl` writes them), and what `notMoved`
 * names (words of screens not yet in the catalogue that this one shows, still English until their
 * screen moves). What the host says is checked too: it sends its words as catalogue keys.
 * `withTabs` keeps navigation (the frame's own words) in.
 */
export async function screenWords(page: Page, root: string, options: { withTabs?: boolean; notMoved?: string } = {}): Promise<ScreenWord[]> {
  return page.locator(root).first().evaluate(
    (screen, { withTabs, notMoved }) => {
      const skip = `${withTabs ? '' : 'nav, '}[aria-hidden="true"], input, textarea, select, option, bdi, time, .rich-text, .title, [id^="sa-"], [data-testid="waiting-changes"], [data-testid="learn-site"]${notMoved ? `, ${notMoved}` : ''}`;
      const out: { text: string; clipped: boolean; besideName: boolean }[] = [];
      // A message with a name in it is split by the name's <bdi>: its pieces after the first have no bracket of their own.
      const isName = (n: Node | null): boolean => n instanceof HTMLElement && n.localName === 'bdi';
      const sibling = (n: Node, way: 'previousSibling' | 'nextSibling'): Node | null => {
        let at = n[way];
        while (at && (at.nodeType === Node.COMMENT_NODE || (at.nodeType === Node.TEXT_NODE && !at.textContent?.trim()))) at = at[way];
        return at;
      };
      const walker = document.createTreeWalker(screen, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.textContent?.trim() ?? '';
        const el = node.parentElement;
        if (!text || !el || el.closest(skip) || !el.checkVisibility()) continue;
        // Words hidden on purpose for assistive tech (.visually-hidden, .hidden-when-narrow) are clipped by design.
        const style = getComputedStyle(el);
        const readOnly = style.position === 'absolute' && el.clientWidth <= 1;
        const besideName = (isName(sibling(node, 'previousSibling')) || isName(sibling(node, 'nextSibling'))) && (el.textContent ?? '').includes('⟦');
        out.push({ text, clipped: !readOnly && el.scrollWidth > el.clientWidth + 1 && style.overflowX !== 'visible', besideName });
      }
      return out;
    },
    { withTabs: options.withTabs ?? false, notMoved: options.notMoved ?? '' },
  );
}

/** A piece of visible text; `besideName`: a piece of a bracketed message that a name's `<bdi>` splits. */
export interface ScreenWord {
  text: string;
  clipped: boolean;
  besideName?: boolean;
}

/** Visible words without the pseudo-locale's brackets: English that skipped the catalogue. */
export const untranslated = (words: ScreenWord[]) => words.filter((w) => /[a-z]{2}/i.test(w.text) && !w.text.includes('⟦') && !w.besideName);
