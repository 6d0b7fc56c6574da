import { hostError } from '../host-words';
import type { Handlers } from '../ipc/dispatcher';
import type { OutboxJournal } from './outbox-journal';

/**
 * The outbox journal's channels. The renderer names the identity of the store it writes: only the
 * identity signed in may be written or read, so a page cannot read another user's waiting marks.
 * Without a data folder (tests of other handlers) the journal lives in a temporary folder of its own.
 */
export function outboxJournalHandlers(deps: { journal: OutboxJournal | undefined; identity: () => string | undefined }): Pick<Handlers, 'outbox.journal' | 'outbox.journaled'> {
  const journalOf = (identity: string): OutboxJournal => {
    if (identity !== deps.identity()) throw hostError('Error', 'hostnotes.journal.otherAccount');
    if (!deps.journal) throw hostError('Error', 'hostnotes.journal.none');
    return deps.journal;
  };
  return {
    'outbox.journal': ({ identity, put, deleted }) => journalOf(identity).apply(identity, { put, deleted }),
    'outbox.journaled': async ({ identity }) => ({ rows: await journalOf(identity).rows(identity) }),
  };
}
