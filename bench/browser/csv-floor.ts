import { FLOOR_SCHEMA } from './idb-probe';

/**
 * In-page scripts of the Chromium CSV import benchmark (plain JavaScript source: see paint-probe.ts).
 *
 * LONG_TASKS (an init script): every main-thread task over 50 ms (Long Tasks API), so the section
 * can read the longest one seen from "Import" until the screen has caught up with the write.
 *
 * CSV_FLOOR (evaluated after the import, papaparse already defined as `window.Papa`): the physical
 * floor of the same import in the same page. Parse the same text with papaparse alone (whole
 * string, no per-row callbacks), then put the records the import committed raw into a scratch
 * database with the same store and indexes, in one transaction. The rows are read back from the
 * app's database as they lie there, sealed (their fields cannot be read from outside the app), so
 * the import's are the rows whose keys were not there before it (CSV_KEYS_BEFORE). As information
 * beside it: the import's own outbox rows (meetings created, record ops in batches) put the same way.
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
  /** The import's outbox rows (its meetings' creations and its batches of record ops), raw put in one transaction, ms. */
  batches: number;
  batchesPutMs: number;
}

/** The primary keys of the app's records and outbox before the import, each as JSON. */
export interface KeysBefore {
  records: string[];
  outbox: string[];
}

/** An async function of `dbName`: the keys now in the app's records and outbox (KeysBefore). */
export const CSV_KEYS_BEFORE = `async (dbName) => {
  const done = (req) => new Promise((resolve, reject) => { req.onsuccess = () => resolve(req.result); req.onerror = () => reject(req.error); });
  const app = await done(indexedDB.open(dbName));
  const read = app.transaction(['attendanceRecords', 'outbox'], 'readonly');
  const [records, outbox] = await Promise.all([done(read.objectStore('attendanceRecords').getAllKeys()), done(read.objectStore('outbox').getAllKeys())]);
  app.close();
  return { records: records.map((k) => JSON.stringify(k)), outbox: outbox.map((k) => JSON.stringify(k)) };
}`;

/** An async function of `(text, dbName, before)`: pass it to page.evaluate with the file's text and CSV_KEYS_BEFORE's answer. */
export const CSV_FLOOR = `async ([text, dbName, before]) => {
  const done = (req) => new Promise((resolve, reject) => { req.onsuccess = () => resolve(req.result); req.onerror = () => reject(req.error); });
  const finished = (tx) => new Promise((resolve, reject) => { tx.oncomplete = () => resolve(); tx.onerror = () => reject(tx.error); tx.onabort = () => reject(tx.error); });
  const t0 = performance.now();
  const parsed = window.Papa.parse(text, { skipEmptyLines: 'greedy' });
  const parseMs = performance.now() - t0;

  const app = await done(indexedDB.open(dbName));
  const read = app.transaction(['attendanceRecords', 'outbox'], 'readonly');
  const added = async (store, keysBefore) => {
    const had = new Set(keysBefore);
    const [keys, rows] = await Promise.all([done(read.objectStore(store).getAllKeys()), done(read.objectStore(store).getAll())]);
    return rows.filter((_, i) => !had.has(JSON.stringify(keys[i])));
  };
  const records = await added('attendanceRecords', before.records);
  const batches = await added('outbox', before.outbox);
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
  floor.close();
  await done(indexedDB.deleteDatabase('rollbook-bench-csv-floor'));
  return { parsedRows: parsed.data.length, parseMs, records: records.length, recordsPutMs, batches: batches.length, batchesPutMs };
}`;
