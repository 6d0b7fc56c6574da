import { storeKeyOf, type ImportDone, type ImportRequest, type ImportRow, type ImportStanding, type ImportStatuses, type ImportUndone, type RollbookDb, type StoreKey } from '../../db';
import { journalFromElsewhere, type OutboxChange } from '../../db/outbox-journal';

/**
 * The store work of imports, done by a Web Worker (import-worker.ts) so the window's thread never
 * clones or reads 100,000 records, ops and changes: it stays free to paint. The worker opens the
 * same local store by name for each job, runs the store's own functions (`confirmImport`, one
 * transaction as before; `undoImport`; `importsOf`) and closes it again; the window's live
 * queries hear of each change through Dexie's cross-context notice. A request crosses in parts
 * of a few thousand statuses, one per task, so no single message holds the window.
 */

/** A past import as the list shows it: its row without the (possibly 100,000) changes, and where it stands. */
export type PastImport = Omit<ImportRow, 'changes'> & ImportStanding & { changeCount: number };

/** The store a job works on: its name, and the key its rows are sealed under (cloned into the worker, kept in memory). */
export interface StoreRef {
  name: string;
  key: StoreKey | undefined;
}
const refOf = (db: RollbookDb): StoreRef => ({ name: db.name, key: storeKeyOf(db) });

export type WriterRequest =
  | { type: 'existing'; meetings: [string, ImportStatuses][] }
  | { type: 'created'; meetings: ImportRequest['created'][number][] }
  | { type: 'write'; id: number; store: StoreRef; courseId: string; fileName: string; counts: ImportRequest['counts']; held: [string, string][] }
  | { type: 'undo'; id: number; store: StoreRef; importId: string }
  | { type: 'list'; id: number; store: StoreRef; courseId: string };
export type WriterReply =
  | { type: 'progress'; id: number; done: number; total: number }
  | { type: 'written'; id: number; result: ImportDone }
  | { type: 'undone'; id: number; result: ImportUndone }
  | { type: 'listed'; id: number; result: PastImport[] }
  | { type: 'failed'; id: number; message: string }
  /** Outbox writes the worker committed, for the host's journal (db/outbox-journal.ts). */
  | { type: 'journal'; id: number; dbName: string; change: OutboxChange };

/** Statuses per message from the window to the worker (about a millisecond of cloning). */
const PART = 3000;

const spawn = (): Worker => new Worker(new URL('./import-worker.ts', import.meta.url), { type: 'module' });
const nextTask = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));

interface Waiting {
  resolve(reply: WriterReply): void;
  reject(error: Error): void;
  progress?: (done: number, total: number) => void;
}

export class ImportWriter {
  /** Started with the screen, so its script is loaded while the app can still reach its own files. */
  #worker: Worker = this.#spawn();
  #waiting = new Map<number, Waiting>();
  #nextId = 1;

  #spawn(): Worker {
    const worker = spawn();
    worker.onmessage = (event: MessageEvent<WriterReply>) => {
      const reply = event.data;
      if (reply.type === 'journal') return journalFromElsewhere(reply.dbName, reply.change);
      const waiting = this.#waiting.get(reply.id);
      if (!waiting) return;
      if (reply.type === 'progress') return waiting.progress?.(reply.done, reply.total);
      this.#waiting.delete(reply.id);
      if (reply.type === 'failed') waiting.reject(new Error(reply.message));
      else waiting.resolve(reply);
    };
    worker.onerror = (event) => {
      const message = event.message || 'the import worker did not start (is the app still reachable?)';
      for (const w of this.#waiting.values()) w.reject(new Error(message));
      this.#waiting.clear();
      worker.terminate();
      this.#worker = this.#spawn();
    };
    return worker;
  }

  #call(id: number, progress?: (done: number, total: number) => void): Promise<WriterReply> {
    return new Promise((resolve, reject) => this.#waiting.set(id, { resolve, reject, ...(progress ? { progress } : {}) }));
  }

  async write(db: RollbookDb, request: ImportRequest, onProgress: (done: number, total: number) => void): Promise<ImportDone> {
    const worker = this.#worker;
    const id = this.#nextId++;
    const reply = this.#call(id, onProgress);
    // One part per task: sending all of a 100,000-row import at once held the window 300 ms.
    for (const part of parts([...request.existing], ([, statuses]) => statuses.length)) {
      worker.postMessage({ type: 'existing', meetings: part } satisfies WriterRequest);
      await nextTask();
    }
    for (const part of parts(request.created, (m) => m.records.length)) {
      worker.postMessage({ type: 'created', meetings: part } satisfies WriterRequest);
      await nextTask();
    }
    const held = [...(request.held ?? [])];
    worker.postMessage({ type: 'write', id, store: refOf(db), courseId: request.courseId, fileName: request.fileName, counts: request.counts, held } satisfies WriterRequest);
    const done = await reply;
    if (done.type !== 'written') throw new Error('the import worker answered out of turn');
    return done.result;
  }

  async undo(db: RollbookDb, importId: string): Promise<ImportUndone> {
    const id = this.#nextId++;
    const reply = this.#call(id);
    this.#worker.postMessage({ type: 'undo', id, store: refOf(db), importId } satisfies WriterRequest);
    const done = await reply;
    if (done.type !== 'undone') throw new Error('the import worker answered out of turn');
    return done.result;
  }

  async pastImports(db: RollbookDb, courseId: string): Promise<PastImport[]> {
    const id = this.#nextId++;
    const reply = this.#call(id);
    this.#worker.postMessage({ type: 'list', id, store: refOf(db), courseId } satisfies WriterRequest);
    const done = await reply;
    if (done.type !== 'listed') throw new Error('the import worker answered out of turn');
    return done.result;
  }
}

let shared: ImportWriter | undefined;

/**
 * The app's one import worker, started the first time the import screen opens and kept (so an
 * import the user confirmed is never cut short by leaving the screen, either): coming
 * back to the screen (to undo an import) then needs no file of the app, so it works even where
 * the app's own files cannot be fetched any more. Each job names its store, so one worker serves
 * every identity.
 */
export function importWriter(): ImportWriter {
  shared ??= new ImportWriter();
  return shared;
}

/** Whole meetings, grouped until a group holds about PART statuses. */
function parts<T>(items: readonly T[], size: (item: T) => number): T[][] {
  const out: T[][] = [];
  let current: T[] = [];
  let n = 0;
  for (const item of items) {
    current.push(item);
    n += size(item);
    if (n >= PART) {
      out.push(current);
      current = [];
      n = 0;
    }
  }
  if (current.length > 0) out.push(current);
  return out;
}
