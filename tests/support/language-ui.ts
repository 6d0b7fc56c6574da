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
 * (titles, names, messages), dates and times (`<time>`: `Intl` writes them), what the host says in
 * its own words, and what `notMoved` names (words of screens not yet in the catalogue that this one
 * shows, still English until their screen moves). `withTabs` keeps navigation (the frame's own words) in.
 */
export async function screenWords(page: Page, root: string, options: { withTabs?: boolean; notMoved?: string } = {}): Promise<{ text: string; clipped: boolean }[]> {
  return page.locator(root).first().evaluate(
    (screen, { withTabs, notMoved }) => {
      const skip = `${withTabs ? '' : 'nav, '}[aria-hidden="true"], input, textarea, select, option, bdi, time, .rich-text, .title, [id^="sa-"], [data-testid="waiting-changes"], [data-testid="learn-site"], [data-host-words]${notMoved ? `, ${notMoved}` : ''}`;
      const out: { text: string; clipped: boolean }[] = [];
      const walker = document.createTreeWalker(screen, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.textContent?.trim() ?? '';
        const el = node.parentElement;
        if (!text || !el || el.closest(skip) || !el.checkVisibility()) continue;
        // Words hidden on purpose for assistive tech (.visually-hidden, .hidden-when-narrow) are clipped by design.
        const style = getComputedStyle(el);
        const readOnly = style.position === 'absolute' && el.clientWidth <= 1;
        out.push({ text, clipped: !readOnly && el.scrollWidth > el.clientWidth + 1 && style.overflowX !== 'visible' });
      }
      return out;
    },
    { withTabs: options.withTabs ?? false, notMoved: options.notMoved ?? '' },
  );
}

/** Visible words without the pseudo-locale's brackets: English that skipped the catalogue. */
export const untranslated = (words: { text: string }[]) => words.filter((w) => /[a-z]{2}/i.test(w.text) && !w.text.includes('⟦'));
