import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadCatalogue } from '../../shared/i18n/catalogues';
import { LOCALES, type Locale } from '../../shared/i18n/locales';
import { en } from '../../shared/i18n/messages/en';
import { loadHelpPages, type HelpPage } from '../../renderer/src/features/help/pages';
import { HELP_PAGE_IDS } from '../../renderer/src/features/help/page-ids';

/**
 * Help stays true to the screens it describes, in every language: every name it quotes (a button,
 * a heading, a status) is one the screen shows in that language, each language has every page with
 * the same parts as the English one, and every file a page names as its source exists. A renamed
 * button, or a screen whose words move into the catalogue, fails here, not in front of an instructor.
 */
const RENDERER = join('renderer', 'src');

function sources(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) {
      if (path !== join(RENDERER, 'features', 'help')) sources(path, out);
    } else if (/\.(ts|svelte)$/.test(name)) out.push(readFileSync(path, 'utf8'));
  }
  return out;
}

/** How each language quotes a name on screen. */
const QUOTES: Record<Locale, RegExp> = {
  en: /"([^"]+)"/g,
  nl: /"([^"]+)"/g,
  es: /«([^»]+)»/g,
  ar: /«([^»]+)»/g,
  fr: /«\s([^»]+?)\s»/g,
  de: /„([^“]+)“/g,
};

const textsOf = (pages: readonly HelpPage[]): string[] =>
  pages.flatMap((p) => [p.title, p.summary, ...p.sections.flatMap((s) => [s.heading ?? '', ...(s.paragraphs ?? []), ...(s.steps ?? [])])]);
const quotedIn = (locale: Locale, pages: readonly HelpPage[]): string[] => textsOf(pages).flatMap((w) => [...w.matchAll(QUOTES[locale])].map((m) => m[1] ?? ''));
/** Figures and times are examples ("3 changes waiting", "until …"): not names to look up. */
const names = (quoted: string[]): string[] => [...new Set(quoted.filter((q) => !/\d|…/.test(q)))];
const shapeOf = (pages: readonly HelpPage[]): unknown => pages.map((p) => [p.id, p.sections.map((s) => [s.heading !== undefined, s.paragraphs?.length ?? 0, s.steps?.length ?? 0])]);

const renderer = sources(RENDERER).join('\n');
const englishMessages = Object.values(en);

describe('the Help pages', () => {
  it('has one page for each address in every language, each with a title of its own and the parts of the English page', async () => {
    const english = await loadHelpPages('en');
    expect(english.map((p) => p.id)).toEqual([...HELP_PAGE_IDS]);
    for (const locale of LOCALES) {
      const pages = await loadHelpPages(locale);
      expect(shapeOf(pages), locale).toEqual(shapeOf(english));
      expect(new Set(pages.map((p) => p.title)).size, locale).toBe(pages.length);
    }
  });

  it('quotes in English only names a screen shows (in its code or, once moved, in the English messages)', async () => {
    const screens = [renderer, ...englishMessages].join('\n');
    const literal = names(quotedIn('en', await loadHelpPages('en')));
    expect(literal.length).toBeGreaterThan(15);
    expect(literal.filter((q) => !screens.includes(q))).toEqual([]);
  });

  for (const locale of LOCALES.filter((l) => l !== 'en')) {
    it(`${locale}: quotes every name the English pages quote, each as the screen shows it in ${locale}`, async () => {
      const pages = await loadHelpPages(locale);
      expect(quotedIn(locale, pages).length).toBe(quotedIn('en', await loadHelpPages('en')).length);
      const messages = Object.values(await loadCatalogue(locale));
      // A name of a screen not yet moved is still English in every language; once the screen moves
      // (its English words become messages), this page must quote the translation instead.
      const notMoved = (q: string): boolean => renderer.includes(q) && !englishMessages.some((m) => m.includes(q));
      const wrong = names(quotedIn(locale, pages)).filter((q) => !messages.some((m) => m.includes(q)) && !notMoved(q));
      expect(wrong).toEqual([]);
    });
  }

  it('names source files that exist', () => {
    const text = readFileSync(join(RENDERER, 'features', 'help', 'pages', 'en.ts'), 'utf8');
    const named = [...text.matchAll(/^\s*\/\/ (.+)$/gm)].flatMap((m) => [...(m[1] ?? '').matchAll(/([\w./-]+\.(?:ts|svelte))/g)].map((f) => f[1] ?? ''));
    expect(named.length).toBeGreaterThan(10);
    expect(named.filter((f) => !existsSync(join(RENDERER, f)) && !existsSync(f))).toEqual([]);
  });
});
