import '../../zod-config';
import { confirmImport, openRollbookDb, type ImportRequest, type ImportStatuses } from '../../db';
import type { WriterReply, WriterRequest } from './import-writer';

/**
 * Writes a confirmed import off the window's thread (see import-writer.ts): gathers the request's
 * parts, then opens the local store by name, runs `confirmImport` (one transaction: all or
 * nothing) and closes the store, so it never holds a connection that would block the app closing
 * or deleting it.
 */
interface WorkerScope {
  onmessage: ((event: MessageEvent<WriterRequest>) => void) | null;
  postMessage(message: WriterReply): void;
}
const scope = self as unknown as WorkerScope;

let existing = new Map<string, ImportStatuses>();
let created: ImportRequest['created'][number][] = [];

scope.onmessage = (event) => {
  const message = event.data;
  if (message.type === 'existing') for (const [key, statuses] of message.meetings) existing.set(key, statuses);
  else if (message.type === 'created') created.push(...message.meetings);
  else void write(message);
};

async function write({ dbName, courseId, fileName, counts }: Extract<WriterRequest, { type: 'write' }>): Promise<void> {
  const request: ImportRequest = { courseId, fileName, existing, created, counts };
  existing = new Map();
  created = [];
  try {
    const db = await openRollbookDb(dbName);
    try {
      const result = await confirmImport(db, request, (done, total) => scope.postMessage({ type: 'progress', done, total }));
      scope.postMessage({ type: 'done', result });
    } finally {
      db.close();
    }
  } catch (error) {
    scope.postMessage({ type: 'failed', message: error instanceof Error ? error.message : String(error) });
  }
}
