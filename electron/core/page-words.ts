import { acceptedLanguages, directionOf, negotiate, type Locale } from '../../shared/i18n/locales';
import { ar } from '../../shared/i18n/messages/ar';
import { de } from '../../shared/i18n/messages/de';
import { en, type Catalogue } from '../../shared/i18n/messages/en';
import { es } from '../../shared/i18n/messages/es';
import { fr } from '../../shared/i18n/messages/fr';
import { nl } from '../../shared/i18n/messages/nl';
import { translator, type MessagePart, type Translator } from '../../shared/i18n/translate';

/**
 * The words of a page the host writes itself (the sign-in's "you can close this tab", browser
 * mode's launch pages), in the language the browser asks for (`Accept-Language`), else English.
 * The host carries every catalogue (it is not a download), so a page needs no wait.
 */
const CATALOGUES: Record<Locale, Catalogue> = { en, es, fr, de, nl, ar };
const translators = new Map<Locale, Translator>();

export interface PageLanguage {
  t: Translator;
  /** For `<html lang dir>`. */
  lang: Locale;
  dir: 'ltr' | 'rtl';
}

export function pageLanguage(acceptLanguage: string | string[] | undefined): PageLanguage {
  const lang = negotiate(acceptedLanguages(Array.isArray(acceptLanguage) ? acceptLanguage.join(',') : acceptLanguage));
  let t = translators.get(lang);
  if (!t) translators.set(lang, (t = translator(lang, CATALOGUES[lang], en)));
  return { t, lang, dir: directionOf(lang) };
}

export const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/** A message's pieces as HTML: text escaped, the words it marks (a command, a path) in `<code>`. */
export function partsHtml(parts: readonly MessagePart[]): string {
  return parts.map((p) => (typeof p === 'string' ? escapeHtml(p) : `<code dir="ltr">${escapeHtml(p.strong)}</code>`)).join('');
}
