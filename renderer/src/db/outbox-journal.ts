import type { DBCore, DBCoreMutateRequest, DBCoreMutateResponse, DBCoreTable, DBCoreTransaction, Dexie, Middleware } from 'dexie';
import type { StoredOutboxRow } from './rows';

/**
 * The renderer's half of the outbox journal (docs/decisions/outbox-journal-kept-by-the-host.md):
 * every committed write to the outbox table is handed to a sink (the host, through
 * `outbox.journal`), and a store found new at start gets back the rows the host still holds.
 * A DBCore middleware, so every path that writes the outbox (taps, imports, results, discards) is
 * mirrored without each having to remember it.
 */
/** Committed outbox writes: rows put whole, op ids deleted. */
export interface OutboxChange {
  put: StoredOutboxRow[];
  deleted: string[];
}
export type OutboxJournalSink = (change: OutboxChange) => void;

const sinks = new WeakMap<Dexie, OutboxJournalSink>();
/** The window's sink of each store, by name: the import worker's own connection hands its writes here. */
const sinksByName = new Map<string, OutboxJournalSink>();

/** Where `db`'s committed outbox writes go from now on (none: not mirrored, as for a store only read). */
export function journalOutboxTo(db: Dexie, sink: OutboxJournalSink | undefined): void {
  if (sink) {
    sinks.set(db, sink);
    sinksByName.set(db.name, sink);
  } else sinks.delete(db);
}

/** Committed outbox writes made by another connection to the store `dbName` (the import worker's). */
export function journalFromElsewhere(dbName: string, change: OutboxChange): void {
  sinksByName.get(dbName)?.(change);
}

/** The middleware RollbookDb installs on itself: it costs nothing while no sink is set. */
export function outboxJournal(db: Dexie): Middleware<DBCore> {
  return {
    stack: 'dbcore',
    name: 'OutboxJournal',
    // Above the sealing (at-rest.ts, the default level 10): it mirrors the rows as the app wrote
    // them, and a row replayed from the journal is sealed on its way into the store.
    level: 20,
    create: (down) => {
      // Made once: Dexie asks for the table's core for every transaction.
      let outbox: DBCoreTable | undefined;
      return {
        ...down,
        table(name) {
          if (name !== 'outbox') return down.table(name);
          return (outbox ??= mirrored(down.table(name), () => sinks.get(db)));
        },
      };
    },
  };
}

function mirrored(table: DBCoreTable, sinkOf: () => OutboxJournalSink | undefined): DBCoreTable {
  const pending = new WeakMap<DBCoreTransaction, Map<string, StoredOutboxRow | null>>();
  // Sent once the transaction commits: an aborted write never reaches the journal.
  const changesOf = (trans: DBCoreTransaction, sink: OutboxJournalSink): Map<string, StoredOutboxRow | null> => {
    let changes = pending.get(trans);
    if (!changes) {
      const collected = new Map<string, StoredOutboxRow | null>();
      changes = collected;
      pending.set(trans, collected);
      (trans as unknown as IDBTransaction).addEventListener('complete', () => sink(changeOf(collected)));
    }
    return changes;
  };
  return {
    ...table,
    mutate(req: DBCoreMutateRequest) {
      const sink = sinkOf();
      // Not mirrored: the write as it was, with no promise of this middleware in between.
      return sink ? mirror(req, sink) : table.mutate(req);
    },
  };
  // Chained on the write's own promise (no async function): Dexie keeps its transaction across it.
  function mirror(req: DBCoreMutateRequest, sink: OutboxJournalSink): Promise<DBCoreMutateResponse> {
    // A range delete names no keys: they are read first, in the same transaction.
    const keysOfRange = req.type === 'deleteRange' ? table.query({ trans: req.trans, values: false, query: { index: table.schema.primaryKey, range: req.range } }).then((found): unknown[] => found.result as unknown[]) : undefined;
    const written = keysOfRange ? keysOfRange.then((keys) => table.mutate(req).then((res) => ({ res, keys }))) : table.mutate(req).then((res) => ({ res, keys: [] as unknown[] }));
    return written.then(({ res, keys }) => {
      const changes = changesOf(req.trans, sink);
      if (req.type === 'add' || req.type === 'put') {
        req.values.forEach((row: StoredOutboxRow, i) => {
          if (!res.failures[i]) changes.set(row.opId, row);
        });
      } else {
        for (const key of req.type === 'delete' ? req.keys : keys) changes.set(String(key), null);
      }
      return res;
    });
  }
}

function changeOf(changes: Map<string, StoredOutboxRow | null>): OutboxChange {
  const change: OutboxChange = { put: [], deleted: [] };
  for (const [opId, row] of changes) {
    if (row) change.put.push(row);
    else change.deleted.push(opId);
  }
  return change;
}

/**
 * A sink that sends changes one call at a time: changes made while a call is under way are merged
 * (the last write of an op wins) and go in the next, so a roll call's taps cost a few calls, not one each.
 * A call that fails and `failed` says may succeed later (the host out of reach for a moment) keeps
 * its changes, under any newer ones, and is tried again after a pause that grows to 15 s.
 */
export function serialSink(send: (change: OutboxChange) => Promise<unknown>, failed: (error: unknown) => boolean): OutboxJournalSink {
  let waiting: Map<string, StoredOutboxRow | null> | undefined;
  let sending = false;
  let attempts = 0;
  const next = async (): Promise<void> => {
    while (waiting) {
      const taken = waiting;
      waiting = undefined;
      try {
        await send(changeOf(taken));
        attempts = 0;
      } catch (error) {
        if (failed(error)) {
          waiting = new Map([...taken, ...(waiting ?? [])]);
          setTimeout(kick, Math.min(1000 * 2 ** attempts++, 15_000));
          break;
        }
      }
    }
    sending = false;
  };
  function kick(): void {
    if (sending || !waiting) return;
    sending = true;
    void next();
  }
  return (change) => {
    waiting ??= new Map();
    for (const row of change.put) waiting.set(row.opId, row);
    for (const opId of change.deleted) waiting.set(opId, null);
    kick();
  };
}
