import { en, type MessageKey } from '../../../shared/i18n/messages/en';
import type { HostWords } from '../../../shared/ipc/host-words';
import { t } from './i18n';

/**
 * A sentence the host sent, in the instructor's language: its catalogue key and values when it
 * sent them and this renderer knows the key (and the key of each part), else the host's English
 * text as it came. Parts (a reason, a permission) are written first and passed as values.
 */
export function hostSentence(words: HostWords | undefined, english: string): string {
  if (!words || !known(words.key)) return english;
  const parts = Object.entries(words.parts ?? {});
  if (!parts.every(([, part]) => known(part.key))) return english;
  const written = Object.fromEntries(parts.map(([name, part]) => [name, t(part.key as MessageKey, part.values)]));
  return t(words.key as MessageKey, { ...words.values, ...written });
}

const known = (key: string): boolean => Object.hasOwn(en, key);
