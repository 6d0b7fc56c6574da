import { writeHostWords } from '../../../shared/i18n/host-sentence';
import type { HostWords } from '../../../shared/ipc/host-words';
import { t } from './i18n';

/**
 * A sentence the host sent, in the instructor's language: its catalogue key and values (and its
 * parts, written first) when it sent them and this renderer knows every key, else the host's
 * English text as it came.
 */
export function hostSentence(words: HostWords | undefined, english: string): string {
  return knownSentence(words) ?? english;
}

/** The host's words in the instructor's language, or undefined when it sent none this renderer knows (an older renderer does not know a newer host's). */
export function knownSentence(words: HostWords | undefined): string | undefined {
  return words && writeHostWords(t, words);
}
