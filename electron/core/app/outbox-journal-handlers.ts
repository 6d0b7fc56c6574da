import type { Handlers } from '../ipc/dispatcher';
import type { OutboxJournal } from './outbox-journal';

/**
 * The outbox journal's channels. The renderer names the identity of the store it writes: only the
 * identity signed in may be written or read, so a page cannot read another user's waiting marks.
 * Without a data folder (tests of other handlers) the journal lives in a temporary folder of its own.
 */
export function outboxJournalHandlers(deps: { journal: OutboxJournal | undefined; identity: () => string | undefined }): Pick<Handlers, 'outbox.journal' | 'outbox.journaled'> {
  const journalOf = (identity: string): OutboxJournal => {
    if (identity !== deps.identity()) throw new Error('These changes belong to an account that is not signed in, so Rollbook did not keep a copy of them.');
    if (!deps.journal) throw new Error('This copy of Rollbook keeps no safety copy of waiting changes.');
    return deps.journal;
  };
  return {
    'outbox.journal': ({ identity, put, deleted }) => journalOf(identity).apply(identity, { put, deleted }),
    'outbox.journaled': async ({ identity }) => ({ rows: await journalOf(identity).rows(identity) }),
  };
}
