import { translator } from '../../shared/i18n/translate';
import { en, type MessageKey } from '../../shared/i18n/messages/en';
import type { HostWords } from '../../shared/ipc/host-words';

const english = translator('en', en, en);

/**
 * A sentence the host says, as the renderer will write it: its catalogue key and values, and the
 * English text made from the same message (the log's words, and what a renderer that does not
 * know the key shows), so the two can never say different things.
 */
export function hostWords(key: MessageKey, values?: Record<string, string | number>): { message: string; words: HostWords } {
  return { message: english(key, values), words: { key, ...(values ? { values } : {}) } };
}

/** An error whose message is a sentence of the catalogue: the dispatcher passes its words to the screen (IpcError.words). */
export function hostError(name: string, key: MessageKey, values?: Record<string, string | number>): Error & { words: HostWords } {
  const { message, words } = hostWords(key, values);
  return Object.assign(new Error(message), { name, words });
}
