import type { ImportDone, ImportRequest, ImportStatuses } from '../../db';

/**
 * Writes a confirmed import from a Web Worker (import-worker.ts), so the window's thread never
 * clones 100,000 records and ops into IndexedDB requests: it stays free to paint the progress
 * bar. The worker opens the same local store by name, runs the store's own `confirmImport` (one
 * transaction, as before) and closes it again; the window's live queries hear of the change
 * through Dexie's cross-context notice. The request crosses in parts of a few thousand statuses,
 * so no one message takes the window long to send.
 */
export type WriterRequest =
  | { type: 'existing'; meetings: [string, ImportStatuses][] }
  | { type: 'created'; meetings: ImportRequest['created'][number][] }
  | { type: 'write'; dbName: string; courseId: string; fileName: string; counts: ImportRequest['counts'] };
export type WriterReply = { type: 'progress'; done: number; total: number } | { type: 'done'; result: ImportDone } | { type: 'failed'; message: string };

/** Statuses per message from the window to the worker (about a millisecond of cloning). */
const PART = 3000;

const spawn = (): Worker => new Worker(new URL('./import-worker.ts', import.meta.url), { type: 'module' });

export class ImportWriter {
  /** Started with the screen, so its script is loaded while the app can still reach its own files. */
  #worker: Worker = spawn();
  #writing: Promise<unknown> | null = null;

  write(dbName: string, request: ImportRequest, onProgress: (done: number, total: number) => void): Promise<ImportDone> {
    const worker = this.#worker;
    const writing = new Promise<ImportDone>((resolve, reject) => {
      worker.onmessage = (event: MessageEvent<WriterReply>) => {
        const reply = event.data;
        if (reply.type === 'progress') onProgress(reply.done, reply.total);
        else if (reply.type === 'done') resolve(reply.result);
        else reject(new Error(reply.message));
      };
      worker.onerror = (event) => {
        this.#restart();
        reject(new Error(event.message || 'the import writer did not start (is the app still reachable?)'));
      };
      const send = (message: WriterRequest): void => worker.postMessage(message);
      for (const part of parts([...request.existing], ([, statuses]) => statuses.length)) send({ type: 'existing', meetings: part });
      for (const part of parts(request.created, (m) => m.records.length)) send({ type: 'created', meetings: part });
      send({ type: 'write', dbName, courseId: request.courseId, fileName: request.fileName, counts: request.counts });
    });
    this.#writing = writing.finally(() => (this.#writing = null));
    return writing;
  }

  #restart(): void {
    this.#worker.terminate();
    this.#worker = spawn();
  }

  /** An import being written is finished first: the user confirmed it, leaving the screen does not cancel it. */
  dispose(): void {
    const worker = this.#worker;
    if (this.#writing) void this.#writing.catch(() => undefined).then(() => worker.terminate());
    else worker.terminate();
  }
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
