import { FLOOR_SCHEMA } from './idb-probe';

/**
 * In-page scripts of the Chromium CSV import benchmark (plain JavaScript source: see paint-probe.ts).
 *
 * LONG_TASKS (an init script): every main-thread task over 50 ms (Long Tasks API), so the section
 * can read the longest one seen from "Import" until the screen has caught up with the write.
 *
 * CSV_FLOOR (evaluated after the import, papaparse already defined as `window.Papa`): the physical
 * floor of the same import in the same page. Parse the same text with papaparse alone (whole
 * string, no per-row callbacks), then put the records the import committed (read back from the
 * app's database: every record saved at the import's time) raw into a scratch database with the
 * same store and indexes, in one transaction. As information beside it (the floor the issue names
 * is parse + records): the import's own outbox rows (one batch a meeting) put the same way, and the
 * outbox entries one op per record would be (the batches' ops, each a row), put the same way.
 */
export interface LongTasks {
  entries: { start: number; duration: number }[];
}

export const LONG_TASKS = `(() => {
  const probe = { entries: [] };
  window.__longTasks = probe;
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) probe.entries.push({ start: e.startTime, duration: e.duration });
  }).observe({ type: 'longtask', buffered: false });
})()`;

export interface CsvFloor {
  /** papaparse's rows (header included) and parse time, ms. */
  parsedRows: number;
  parseMs: number;
  /** Records the import committed, and their raw put in one transaction, ms. */
  records: number;
  recordsPutMs: number;
  /** The import's outbox rows (a batch of record ops a meeting), raw put in one transaction, ms. */
  batches: number;
  batchesPutMs: number;
  /** The same ops one row each (as before batches), raw put in one transaction, ms. */
  outbox: number;
  outboxPutMs: number;
}

/** An async function of `(text, dbName)`: pass it to page.evaluate with the file's text. */
export const CSV_FLOOR = `async ([text, dbName]) => {
  const done = (req) => new Promise((resolve, reject) => { req.onsuccess = () => resolve(req.result); req.onerror = () => reject(req.error); });
  const finished = (tx) => new Promise((resolve, reject) => { tx.oncomplete = () => resolve(); tx.onerror = () => reject(tx.error); tx.onabort = () => reject(tx.error); });
  const t0 = performance.now();
  const parsed = window.Papa.parse(text, { skipEmptyLines: 'greedy' });
  const parseMs = performance.now() - t0;

  const app = await done(indexedDB.open(dbName));
  const read = app.transaction(['imports', 'attendanceRecords', 'outbox'], 'readonly');
  const imports = await done(read.objectStore('imports').getAll());
  const at = imports.map((i) => i.at).sort().pop();
  const records = (await done(read.objectStore('attendanceRecords').getAll())).filter((r) => r.savedAt === at);
  const batches = (await done(read.objectStore('outbox').getAll())).filter((o) => o.batch && o.batch.at === at);
  const ops = batches.flatMap((b) => b.batch.entries.map((e) => {
    const opId = b.opId + '.' + e.n.toString(36).padStart(5, '0');
    return { opId, courseId: b.courseId, meetingKey: b.meetingKey, userId: e.userId, state: 'pending', op: { opId, kind: 'record.set', courseId: b.courseId, at, meeting: b.batch.meeting, userId: e.userId, status: e.status, baseStatus: e.baseStatus } };
  }));
  app.close();

  await done(indexedDB.deleteDatabase('rollbook-bench-csv-floor'));
  const open = indexedDB.open('rollbook-bench-csv-floor', 1);
  open.onupgradeneeded = () => (${FLOOR_SCHEMA})(open.result);
  const floor = await done(open);
  const putAll = async (store, rows) => {
    const t = performance.now();
    const tx = floor.transaction([store], 'readwrite');
    const s = tx.objectStore(store);
    for (const row of rows) s.put(row);
    await finished(tx);
    return performance.now() - t;
  };
  const recordsPutMs = await putAll('attendanceRecords', records);
  const batchesPutMs = await putAll('outbox', batches);
  const outboxPutMs = await putAll('outbox', ops);
  floor.close();
  await done(indexedDB.deleteDatabase('rollbook-bench-csv-floor'));
  return { parsedRows: parsed.data.length, parseMs, records: records.length, recordsPutMs, batches: batches.length, batchesPutMs, outbox: ops.length, outboxPutMs };
}`;
