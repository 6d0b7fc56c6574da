import { en, type MessageKey } from '../../../shared/i18n/messages/en';
import type { HostWords } from '../../../shared/ipc/host-words';
import { t } from './i18n';

/**
 * A sentence the host sent, in the instructor's language: its catalogue key and values when it
 * sent them and this renderer knows the key, else the host's English text as it came.
 */
export function hostSentence(words: HostWords | undefined, english: string): string {
  if (!knowsWords(words)) return english;
  return t(words.key as MessageKey, words.values);
}

/** Whether the host sent its words as a key this renderer knows (an older renderer does not know a newer host's). */
export function knowsWords(words: HostWords | undefined): words is HostWords {
  return words !== undefined && Object.hasOwn(en, words.key);
}
