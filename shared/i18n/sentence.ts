import type { MessageKey } from './messages/en';
import type { MessageValues } from './translate';

/**
 * A sentence as a message of the catalogue and its values, made where no language is known
 * (shared/csv's reasons a row cannot be imported, read in a worker too) and written in the
 * instructor's language where it is shown. Plain data: it crosses a worker's postMessage.
 */
export interface Sentence {
  readonly key: MessageKey;
  readonly values?: MessageValues;
}

export function sentence(key: MessageKey, values?: MessageValues): Sentence {
  return values ? { key, values } : { key };
}
