import { createLogger } from '../../../shared/logger';
import type { RollbookDb } from './rollbook-db';
import { StoredOutboxRow } from './rows';

/** A store found new at start gets back what the host's outbox journal holds (docs/decisions/outbox-journal-kept-by-the-host.md). */
const log = createLogger('db.outbox-journal');

/** The settings key a store has from its first start with the journal: a store without it is new. */
const JOURNAL_MARK = 'outboxJournal.since';

/**
 * Puts back what the journal holds and a new store lacks (the browser cleared the old one): each
 * row whole, by op id, with `add`, so a row already there is never put back twice. A store that is
 * not new is the journal's truth instead: its rows missing from the store were sent or discarded
 * while the host could not be told, and go from the journal (returned as `stale`), never to Learn again.
 * `recovered` counts the changes, a batch row counting each of its entries.
 */
export async function recoverOutbox(db: RollbookDb, journaled: readonly unknown[]): Promise<{ recovered: number; stale: string[] }> {
  const rows = journaled.flatMap((row) => {
    const parsed = StoredOutboxRow.safeParse(row);
    if (!parsed.success) log.warn('Skipped a journaled outbox row that is not one', { opId: String((row as { opId?: unknown }).opId) });
    return parsed.success ? [parsed.data] : [];
  });
  return db.transaction('rw', db.outbox, db.settings, async () => {
    const isNew = !(await db.settings.get(JOURNAL_MARK));
    if (isNew) await db.settings.put({ key: JOURNAL_MARK, value: new Date().toISOString() });
    const present = new Set((await db.outbox.bulkGet(rows.map((row) => row.opId))).flatMap((row) => (row ? [row.opId] : [])));
    const missing = rows.filter((row) => !present.has(row.opId));
    if (!isNew) return { recovered: 0, stale: missing.map((row) => row.opId) };
    await db.outbox.bulkAdd(missing);
    return { recovered: missing.reduce((n, row) => n + ('size' in row ? row.size : 1), 0), stale: [] };
  });
}
