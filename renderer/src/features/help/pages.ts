import type { AppLocale } from '../../../../shared/i18n/locales';
import { appLocale } from '../../ui/i18n';
import type { HelpPage, HelpPageId } from './help-page';

export type { HelpPage, HelpPageId, HelpSection } from './help-page';

/**
 * The in-app Help, as data: one module of pages per language (pages/<locale>.ts), each loaded only
 * when Help opens in that language, so neither the start nor the Help screen carries every
 * language's pages. Task-first and short: what the instructor wants to do or just read on screen,
 * then what to do. The screen's own few words (its title, Back) are messages (area `help`).
 */

/** The pages in a language; the pseudo-locale's are the English ones, accented and lengthened as its messages are. */
export async function loadHelpPages(locale: AppLocale): Promise<readonly HelpPage[]> {
  switch (locale) {
    case 'en':
      return (await import('./pages/en')).default;
    case 'es':
      return (await import('./pages/es')).default;
    case 'fr':
      return (await import('./pages/fr')).default;
    case 'de':
      return (await import('./pages/de')).default;
    case 'nl':
      return (await import('./pages/nl')).default;
    case 'ar':
      return (await import('./pages/ar')).default;
    case 'en-XA': {
      const [{ default: english }, { pseudoMessage }] = await Promise.all([import('./pages/en'), import('../../../../shared/i18n/pseudo')]);
      const pseudo = (text: string): string => pseudoMessage(text);
      return english.map((page) => ({
        ...page,
        title: pseudo(page.title),
        summary: pseudo(page.summary),
        sections: page.sections.map((s) => ({
          ...(s.heading === undefined ? {} : { heading: pseudo(s.heading) }),
          ...(s.paragraphs === undefined ? {} : { paragraphs: s.paragraphs.map(pseudo) }),
          ...(s.steps === undefined ? {} : { steps: s.steps.map(pseudo) }),
        })),
      }));
    }
  }
}

let loading: Promise<readonly HelpPage[]> | undefined;

/**
 * The pages in the screen's language, loaded once: app/lazy-screens.ts asks for them before the
 * Help screen's chunk when the page is idle, so Help opens offline too. One that fails to load is
 * tried again on the next call.
 */
export function helpPagesInLanguage(): Promise<readonly HelpPage[]> {
  loading ??= loadHelpPages(appLocale()).catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}

export function helpPage(pages: readonly HelpPage[], id: HelpPageId): HelpPage {
  const page = pages.find((p) => p.id === id);
  if (!page) throw new Error(`No help page ${id}`);
  return page;
}
