import { IntlMessageFormat } from 'intl-messageformat';
import type { AppLocale } from './locales';
import type { Catalogue, MessageKey } from './messages/en';

/** What a message's placeholders take: names and titles as text, counts as numbers, dates as Dates. */
export type MessageValues = Record<string, string | number | Date>;

/** A piece of a message with markup: text, or words the message puts in `<b>…</b>` (shown strong). */
export type MessagePart = string | { strong: string };

export interface Translator {
  (key: MessageKey, values?: MessageValues): string;
  /** The message in pieces, for one whose translation marks words `<b>` (a name to stand out). */
  parts(key: MessageKey, values?: MessageValues): MessagePart[];
  readonly locale: AppLocale;
}

/**
 * Formats messages of one catalogue in one locale (ICU MessageFormat: plurals, selects, numbers and
 * dates by `Intl`). Each message is parsed once, on first use. A message that cannot be parsed or
 * formatted (a translation with broken syntax or a wrong placeholder) falls back to English rather
 * than showing nothing, and the catalogue test names it before it ships.
 */
export function translator(locale: AppLocale, catalogue: Catalogue, english: Catalogue): Translator {
  const parsed = new Map<MessageKey, IntlMessageFormat>();
  function run<T>(key: MessageKey, values: Record<string, unknown> | undefined): T | string | (T | string)[] {
    try {
      let message = parsed.get(key);
      if (!message) parsed.set(key, (message = new IntlMessageFormat(catalogue[key], locale)));
      return message.format<T>(values as never);
    } catch {
      return new IntlMessageFormat(english[key], 'en').format<T>(values as never);
    }
  }
  // As plain text, the words a message marks `<b>` are just words (an accessible name, a toast).
  const plain = (chunks: string[]): string => chunks.join('');
  const format = (key: MessageKey, values?: MessageValues): string => {
    const out = run<string>(key, { ...values, b: plain });
    return Array.isArray(out) ? out.join('') : String(out);
  };
  const strong = (chunks: MessagePart[]): MessagePart => ({ strong: chunks.map((c) => (typeof c === 'string' ? c : c.strong)).join('') });
  function parts(key: MessageKey, values?: MessageValues): MessagePart[] {
    const out = run<MessagePart>(key, { ...values, b: strong });
    return (Array.isArray(out) ? out : [out]).filter((p) => p !== '');
  }
  return Object.assign(format, { parts, locale });
}
