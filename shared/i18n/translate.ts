import { parse, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { formatToParts, IntlMessageFormat, type Formatters } from 'intl-messageformat';
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
 * A message with nothing for ICU to read (no placeholder, tag or quote) is its own text. Most are:
 * they need no parser.
 */
const PLAIN = /^[^{}<']*$/;

/**
 * One `Intl` object per locale and options for every message of a translator, each made when a
 * message first writes a number, a date or a plural: a window's first `Intl` object costs tens of
 * milliseconds, and a screen of names and placeholders needs none.
 */
function sharedFormatters(): Formatters {
  const kept = <A extends unknown[], R>(make: (...args: A) => R): ((...args: A) => R) => {
    const made = new Map<string, R>();
    return (...args) => {
      const name = JSON.stringify(args);
      let one = made.get(name);
      if (one === undefined) made.set(name, (one = make(...args)));
      return one;
    };
  };
  return {
    getNumberFormat: kept((...args: ConstructorParameters<typeof Intl.NumberFormat>) => new Intl.NumberFormat(...args)),
    getDateTimeFormat: kept((...args: ConstructorParameters<typeof Intl.DateTimeFormat>) => new Intl.DateTimeFormat(...args)),
    getPluralRules: kept((...args: ConstructorParameters<typeof Intl.PluralRules>) => new Intl.PluralRules(...args)),
  };
}

/**
 * Formats messages of one catalogue in one locale (ICU MessageFormat: plurals, selects, numbers and
 * dates by `Intl`). Each message is parsed once, on first use, and formatted by intl-messageformat's
 * own `formatToParts`: its `IntlMessageFormat` class would resolve the locale through `Intl` for
 * every message, plain names included. A message that cannot be parsed or formatted (a translation
 * with broken syntax or a wrong placeholder) falls back to English rather than showing nothing,
 * and the catalogue test names it before it ships.
 */
export function translator(locale: AppLocale, catalogue: Catalogue, english: Catalogue): Translator {
  const parsed = new Map<string, MessageFormatElement[]>();
  const formatters = sharedFormatters();
  function write<T>(text: string, lang: string, values: Record<string, unknown>): (T | string)[] {
    if (PLAIN.test(text)) return [text];
    let elements = parsed.get(text);
    if (!elements) parsed.set(text, (elements = parse(text)));
    const out: (T | string)[] = [];
    for (const { value } of formatToParts<T>(elements, lang, formatters, IntlMessageFormat.formats, values as never, undefined, text)) {
      const last = out.length - 1;
      if (typeof value === 'string' && typeof out[last] === 'string') out[last] += value;
      else out.push(value);
    }
    return out;
  }
  function run<T>(key: MessageKey, values: Record<string, unknown>): (T | string)[] {
    try {
      return write<T>(catalogue[key], locale, values);
    } catch {
      return write<T>(english[key], 'en', values);
    }
  }
  // As plain text, the words a message marks `<b>` are just words (an accessible name, a toast).
  const plain = (chunks: string[]): string => chunks.join('');
  const format = (key: MessageKey, values?: MessageValues): string => run<string>(key, { ...values, b: plain }).join('');
  const strong = (chunks: MessagePart[]): MessagePart => ({ strong: chunks.map((c) => (typeof c === 'string' ? c : c.strong)).join('') });
  function parts(key: MessageKey, values?: MessageValues): MessagePart[] {
    return run<MessagePart>(key, { ...values, b: strong }).filter((p) => p !== '');
  }
  return Object.assign(format, { parts, locale });
}
