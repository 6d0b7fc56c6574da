import type { HostWords } from '../ipc/host-words';
import { en, type MessageKey } from './messages/en';
import type { MessageValues } from './translate';

/**
 * A sentence the host sent as words (shared/ipc/host-words.ts), written by `translate`: its parts
 * first (a reason, a permission), then the sentence with them as values. Undefined when a key is
 * not in this catalogue (a newer host's), so the caller shows the host's English instead. The host
 * writes its English with it, and the renderer the instructor's language, so they read alike.
 */
export function writeHostWords(translate: (key: MessageKey, values?: MessageValues) => string, words: HostWords): string | undefined {
  const parts = Object.entries(words.parts ?? {});
  if (!known(words.key) || !parts.every(([, part]) => known(part.key))) return undefined;
  const written = Object.fromEntries(parts.map(([name, part]) => [name, translate(part.key as MessageKey, part.values)]));
  return translate(words.key as MessageKey, { ...words.values, ...written });
}

const known = (key: string): boolean => Object.hasOwn(en, key);
