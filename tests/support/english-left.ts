import { isLiteralElement, isPluralElement, isSelectElement, isTagElement, parse, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import type { Locale } from '../../shared/i18n/locales';
import { en, type Catalogue, type MessageKey } from '../../shared/i18n/messages/en';
import { es } from '../../shared/i18n/messages/es';
import { fr } from '../../shared/i18n/messages/fr';
import { de } from '../../shared/i18n/messages/de';
import { nl } from '../../shared/i18n/messages/nl';
import { ar } from '../../shared/i18n/messages/ar';
import type { ScreenWord } from './language-ui';

/**
 * English a screen in another language should not show: each English message the language says
 * differently, whole, and its sizeable pieces (the words between two placeholders, a plural's
 * form). A piece the language's own message keeps (a brand, a format's name) is not English left.
 * Learn's own words (titles, names) are left out by `screenWords` before they get here.
 */
const CATALOGUES: Record<Exclude<Locale, 'en'>, Catalogue> = { es, fr, de, nl, ar };

/** A piece is sizeable when it has three words, or two and twelve letters: "of the" is not English left, "changes waiting" is. */
function sizeable(piece: string): boolean {
  const words = piece.match(/[A-Za-z’']{2,}/g) ?? [];
  return words.length >= 3 || (words.length === 2 && words.join('').length >= 12);
}

/** The literal runs of a message: the text between placeholders, in every plural or select form and inside tags. */
function literals(elements: MessageFormatElement[], out: string[] = [], run = { text: '' }): string[] {
  const flush = (): void => {
    if (run.text.trim()) out.push(run.text.trim());
    run.text = '';
  };
  for (const el of elements) {
    if (isLiteralElement(el)) run.text += el.value;
    else if (isTagElement(el)) literals(el.children, out, run); // <b>changes</b> reads as part of its sentence
    else {
      flush();
      if (isPluralElement(el) || isSelectElement(el)) for (const option of Object.values(el.options)) literals(option.value, out);
    }
  }
  flush();
  return out;
}

export interface EnglishOf {
  /** Whole English messages the language translates differently ("Today" where German says "Heute"). */
  whole: Map<string, MessageKey>;
  /** Sizeable English pieces of those messages, with the key they come from. */
  pieces: Map<string, MessageKey>;
}

export function englishOf(locale: Exclude<Locale, 'en'>): EnglishOf {
  const theirs = CATALOGUES[locale];
  const whole = new Map<string, MessageKey>();
  const pieces = new Map<string, MessageKey>();
  for (const key of Object.keys(en) as MessageKey[]) {
    if (theirs[key] === en[key]) continue;
    const own = literals(parse(theirs[key])).join(' ');
    const runs = literals(parse(en[key]));
    if (runs.length === 1 && /[A-Za-z]{2}/.test(runs[0] ?? '') && !own.includes(runs[0] ?? '')) whole.set(runs[0] ?? '', key);
    for (const piece of runs) if (sizeable(piece) && !own.includes(piece)) pieces.set(piece, key);
  }
  return { whole, pieces };
}

/** The visible texts that are an English message, or hold a sizeable piece of one, with the message's key. */
export function englishLeft(words: readonly ScreenWord[], english: EnglishOf): string[] {
  const found: string[] = [];
  for (const { text } of words) {
    const key = english.whole.get(text);
    if (key) {
      found.push(`"${text}" (${key})`);
      continue;
    }
    for (const [piece, from] of english.pieces) {
      if (text.includes(piece)) {
        found.push(`"${text}" holds "${piece}" (${from})`);
        break;
      }
    }
  }
  return found;
}
