import { en } from '../../shared/i18n/messages/en';
import type { Sentence } from '../../shared/i18n/sentence';
import { translator } from '../../shared/i18n/translate';

const english = translator('en', en, en);

/** A sentence shared/csv made (key and values), as the English screen writes it. */
export function inEnglish(words: Sentence): string;
export function inEnglish(words: Sentence | null | undefined): string | null | undefined;
export function inEnglish(words: Sentence | null | undefined): string | null | undefined {
  return words ? english(words.key, words.values) : words;
}
