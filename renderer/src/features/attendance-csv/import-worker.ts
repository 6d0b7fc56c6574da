import '../../zod-config';
import { Dexie, RangeSet } from 'dexie';
// From the store's modules, not its index: the worker's chunk carries only what its jobs run.
import { confirmImport, importsOf, undoImport, type ImportRequest, type ImportStatuses } from '../../db/import-repo';
import { sealedStore } from '../../db/identity-store';
import { RollbookDb } from '../../db/rollbook-db';
import { journalOutboxTo } from '../../db/outbox-journal';
import type { StoreRef, WriterReply, WriterRequest } from './import-writer';

/**
 * The store work of imports, off the window's thread (see import-writer.ts). Each job opens the
 * local store by name, runs the store's own function (confirming an import is one transaction:
 * all or nothing) and closes it, so the worker never holds a connection that would block the app
 * closing or deleting the store. Jobs run one after another, in the order asked.
 *
 * Dexie records every key a transaction writes, so that live queries re-read only what changed,
 * and sends that record to the window: for a 100,000-row import it cost the window's thread about
 * a second of long tasks to receive and match. The worker's store writes without it, and once a
 * job has changed the store the worker says so in one word ("all"): each live query on screen
 * reads again, once.
 */
interface WorkerScope {
  onmessage: ((event: MessageEvent<WriterRequest>) => void) | null;
  postMessage(message: WriterReply): void;
}
const scope = self as unknown as WorkerScope;

let existing = new Map<string, ImportStatuses>();
let created: ImportRequest['created'][number][] = [];
let queue: Promise<void> = Promise.resolve();

scope.onmessage = (event) => {
  const message = event.data;
  if (message.type === 'existing') for (const [key, statuses] of message.meetings) existing.set(key, statuses);
  else if (message.type === 'created') created.push(...message.meetings);
  else {
    const job = jobOf(message);
    queue = queue.then(() => run(message.id, message.store, job));
  }
};

function jobOf(message: Exclude<WriterRequest, { type: 'existing' | 'created' }>): (db: RollbookDb) => Promise<WriterReply> {
  const { id } = message;
  if (message.type === 'write') {
    const request: ImportRequest = { courseId: message.courseId, fileName: message.fileName, existing, created, counts: message.counts, held: new Map(message.held) };
    existing = new Map();
    created = [];
    return async (db) => {
      const result = await confirmImport(db, request, (done, total) => scope.postMessage({ type: 'progress', id, done, total }));
      storeChanged();
      return { type: 'written', id, result };
    };
  }
  if (message.type === 'undo')
    return async (db) => {
      const result = await undoImport(db, message.importId);
      storeChanged();
      return { type: 'undone', id, result };
    };
  return async (db) => ({
    type: 'listed',
    id,
    result: (await importsOf(db, message.courseId)).map(({ changes, ...row }) => ({ ...row, changeCount: changes.length })),
  });
}

async function run(id: number, store: StoreRef, job: (db: RollbookDb) => Promise<WriterReply>): Promise<void> {
  try {
    // Sealed under the window's key, as the window's own connection (docs/decisions/local-data-sealed-at-rest.md).
    const db = store.key ? sealedStore(store.name, store.key) : new RollbookDb(store.name);
    db.unuse({ stack: 'dbcore', name: 'Observability' });
    journalOutboxTo(db, (change) => scope.postMessage({ type: 'journal', id, dbName: store.name, change }));
    await db.open();
    try {
      scope.postMessage(await job(db));
    } finally {
      db.close();
    }
  } catch (error) {
    scope.postMessage({ type: 'failed', id, message: error instanceof Error ? error.message : String(error) });
  }
}

/** Tells every live query, in the window and elsewhere, that the store may have changed anywhere. */
function storeChanged(): void {
  Dexie.on.storagemutated.fire({ all: new RangeSet(-Infinity, [[]]) });
}
