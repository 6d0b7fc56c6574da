import { writeHostWords } from '../../shared/i18n/host-sentence';
import { translator } from '../../shared/i18n/translate';
import { en, type MessageKey } from '../../shared/i18n/messages/en';
import type { HostWords, HostWordsPart } from '../../shared/ipc/host-words';

const english = translator('en', en, en);

/** A sentence the host says: its English text and its words (the key and values the renderer writes). */
export interface HostSentence {
  message: string;
  words: HostWords;
}

/**
 * A sentence the host says, as the renderer will write it: its catalogue key and values, and the
 * English text made from the same message (the log's words, and what a renderer that does not
 * know the key shows), so the two can never say different things. `parts` are values that are
 * sentences of their own (another hostWords' words, without parts): written in English here, as
 * the renderer writes them in the instructor's language.
 */
export function hostWords(key: MessageKey, values?: Record<string, string | number>, parts?: Record<string, HostWordsPart>): HostSentence {
  const words: HostWords = { key, ...(values ? { values } : {}), ...(parts ? { parts } : {}) };
  return { message: writeHostWords(english, words) ?? english(key, values), words };
}

/** A sentence's words as a part of another (one level: a sentence with parts of its own has none to give). */
export function asPart(words: HostWords | undefined): HostWordsPart | undefined {
  if (!words || words.parts) return undefined;
  return { key: words.key, ...(words.values ? { values: words.values } : {}) };
}

/** An error whose message is a sentence of the catalogue: the dispatcher passes its words to the screen (IpcError.words). */
export function hostError(name: string, key: MessageKey, values?: Record<string, string | number>): Error & { words: HostWords } {
  const { message, words } = hostWords(key, values);
  return Object.assign(new Error(message), { name, words });
}
