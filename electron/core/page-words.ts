import { en, loadCatalogue } from '../../shared/i18n/catalogues';
import { acceptedLanguages, directionOf, negotiate, type Locale } from '../../shared/i18n/locales';
import { translator, type MessagePart, type Translator } from '../../shared/i18n/translate';

/**
 * The words of a page the host writes itself (the sign-in's "you can close this tab", browser
 * mode's launch pages), in the language the browser asks for (`Accept-Language`), else English.
 * A language is loaded the first time a page is written in it, not at start: the five other
 * catalogues are about half the host's code, and parsing them held its start by about 100 ms.
 */
const translators = new Map<Locale, Promise<Translator>>();

export interface PageLanguage {
  t: Translator;
  /** For `<html lang dir>`. */
  lang: Locale;
  dir: 'ltr' | 'rtl';
}

export async function pageLanguage(acceptLanguage: string | string[] | undefined): Promise<PageLanguage> {
  const wanted = negotiate(acceptedLanguages(Array.isArray(acceptLanguage) ? acceptLanguage.join(',') : acceptLanguage));
  let loading = translators.get(wanted);
  if (!loading) translators.set(wanted, (loading = loadCatalogue(wanted).then((catalogue) => translator(wanted, catalogue, en))));
  // A language that cannot load writes the page in English, never not at all.
  const t = await loading.catch(() => translator('en', en, en));
  const lang = t.locale === wanted ? wanted : 'en';
  return { t, lang, dir: directionOf(lang) };
}

export const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/** A message's pieces as HTML: text escaped, the words it marks (a command, a path) in `<code>`. */
export function partsHtml(parts: readonly MessagePart[]): string {
  return parts.map((p) => (typeof p === 'string' ? escapeHtml(p) : `<code dir="ltr">${escapeHtml(p.strong)}</code>`)).join('');
}
