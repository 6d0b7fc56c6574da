import { IntlMessageFormat } from 'intl-messageformat';
import type { AppLocale } from './locales';
import type { Catalogue, MessageKey } from './messages/en';

/** What a message's placeholders take: names and titles as text, counts as numbers, dates as Dates. */
export type MessageValues = Record<string, string | number | Date>;

export interface Translator {
  (key: MessageKey, values?: MessageValues): string;
  readonly locale: AppLocale;
}

/**
 * Formats messages of one catalogue in one locale (ICU MessageFormat: plurals, selects, numbers and
 * dates by `Intl`). Each message is parsed once, on first use. A message that cannot be formatted
 * (a translation with a broken placeholder) falls back to English rather than showing nothing, and
 * the catalogue test names it before it ships.
 */
export function translator(locale: AppLocale, catalogue: Catalogue, english: Catalogue): Translator {
  const parsed = new Map<MessageKey, IntlMessageFormat>();
  const intlLocale = locale;
  function format(key: MessageKey, values?: MessageValues): string {
    let message = parsed.get(key);
    if (!message) parsed.set(key, (message = new IntlMessageFormat(catalogue[key], intlLocale)));
    try {
      return String(message.format(values));
    } catch {
      return String(new IntlMessageFormat(english[key], 'en').format(values));
    }
  }
  return Object.assign(format, { locale });
}
