import { STATUS_KEYS_AND_ROW } from './paint-probe';

/**
 * In-page scripts of the local-writes benchmark (plain JavaScript source: see paint-probe.ts).
 *
 * WRITES_PROBE (an init script, before the app loads): the time stamp of every status key press,
 * and the moment every read-write transaction of the app's database that covers both the records
 * and the outbox completes (the record and its outbox entry are then committed together). The app
 * is not changed: IDBDatabase.prototype.transaction is wrapped to listen for 'complete'.
 */
export interface WritesProbe {
  keys: number[];
  /** When the app opened each such transaction (key to here: the app's own work before it). */
  starts: number[];
  commits: number[];
  /** Such transactions opened and not yet ended (committed or aborted). */
  inFlight: number;
  /** When the last one opened or ended. */
  lastChange: number;
}

export const WRITES_PROBE = `(() => {
  const probe = { keys: [], starts: [], commits: [], inFlight: 0, lastChange: 0 };
  window.__writesProbe = probe;
  const original = IDBDatabase.prototype.transaction;
  IDBDatabase.prototype.transaction = function (stores) {
    const tx = original.apply(this, arguments);
    const names = typeof stores === 'string' ? [stores] : Array.from(stores);
    if (/^rollbook-/.test(this.name) && !/floor|^rollbook-identities$/.test(this.name) && tx.mode === 'readwrite' && names.includes('attendanceRecords') && names.includes('outbox')) {
      probe.starts.push(performance.now());
      probe.inFlight++;
      probe.lastChange = performance.now();
      const ended = () => { probe.inFlight--; probe.lastChange = performance.now(); };
      tx.addEventListener('complete', () => { probe.commits.push(performance.now()); ended(); });
      tx.addEventListener('abort', ended);
    }
    return tx;
  };
  document.addEventListener('keydown', (e) => {
    if (/^[pale]$/i.test(e.key) && !e.ctrlKey && !e.metaKey && !e.altKey) probe.keys.push(e.timeStamp);
  }, true);
})()`;

export interface FloorResult {
  /** Outbox entries in the app's database, and how many of them have their record with the same status. */
  outbox: number;
  matched: number;
  /** Per row pair: one transaction putting the record and its outbox entry, ms. */
  perPair: number[];
  /** All pairs in one transaction, ms. */
  allInOne: number;
}

/**
 * FLOOR (evaluated after the presses): checks what the app committed (every outbox entry with its
 * record), then puts those same rows, raw, into a scratch database with the same stores and
 * indexes: one transaction per record + outbox pair (the floor of a press), then all in one.
 */
/**
 * The floor's store: the app's two tables with their indexes (rollbook-db.ts, SCHEMA_V5 the
 * latest for the outbox) and nothing else (no Dexie, no validation), page-side source for both
 * floors (writes here, the CSV import's in csv-floor.ts).
 */
export const FLOOR_SCHEMA = `(db) => {
  const r = db.createObjectStore('attendanceRecords', { keyPath: ['meetingKey', 'userId'] });
  r.createIndex('meetingKey', 'meetingKey');
  r.createIndex('courseId', 'courseId');
  const o = db.createObjectStore('outbox', { keyPath: 'opId' });
  o.createIndex('courseId', 'courseId');
  o.createIndex('meetingKey', 'meetingKey');
  o.createIndex('meetingKey+userId', ['meetingKey', 'userId']);
  o.createIndex('state', 'state');
  o.createIndex('size', 'size');
  o.createIndex('recordKeys', 'recordKeys', { multiEntry: true });
}`;

/**
 * Page-script source (an async function of `done`, a request's promise): every outbox entry in the
 * signed-in identity's store (one per identity: rollbook-<key>) and the record each names.
 */
const COMMITTED_ROWS = `async (done) => {
  const names = (await indexedDB.databases()).map((d) => d.name).filter((n) => /^rollbook-/.test(n) && !/floor|^rollbook-identities$/.test(n));
  if (names.length !== 1) throw new Error('expected one identity store, found: ' + names.join(', '));
  const app = await done(indexedDB.open(names[0]));
  const read = app.transaction(['attendanceRecords', 'outbox'], 'readonly');
  const ops = await done(read.objectStore('outbox').getAll());
  const records = await Promise.all(ops.map((op) => done(read.objectStore('attendanceRecords').get([op.meetingKey, op.userId]))));
  app.close();
  return { ops, records };
}`;

export const FLOOR = `(async () => {
  const done = (req) => new Promise((resolve, reject) => { req.onsuccess = () => resolve(req.result); req.onerror = () => reject(req.error); });
  const finished = (tx) => new Promise((resolve, reject) => { tx.oncomplete = () => resolve(); tx.onerror = () => reject(tx.error); tx.onabort = () => reject(tx.error); });
  const { ops, records } = await (${COMMITTED_ROWS})(done);
  // Rows are sealed at rest (renderer/src/db/at-rest.ts): a sealed op and its sealed record count as a pair, as a clear op and its record with its status do.
  const matched = ops.filter((op, i) => records[i] && (op.$sealed && records[i].$sealed ? true : op.op && records[i].status === op.op.status)).length;
  await done(indexedDB.deleteDatabase('rollbook-bench-floor'));
  const open = indexedDB.open('rollbook-bench-floor', 1);
  open.onupgradeneeded = () => (${FLOOR_SCHEMA})(open.result);
  const floor = await done(open);
  const perPair = [];
  for (let i = 0; i < ops.length; i++) {
    const t0 = performance.now();
    const tx = floor.transaction(['attendanceRecords', 'outbox'], 'readwrite');
    tx.objectStore('attendanceRecords').put(records[i]);
    tx.objectStore('outbox').put(ops[i]);
    await finished(tx);
    perPair.push(performance.now() - t0);
  }
  const t0 = performance.now();
  const all = floor.transaction(['attendanceRecords', 'outbox'], 'readwrite');
  for (let i = 0; i < ops.length; i++) {
    all.objectStore('attendanceRecords').put({ ...records[i], userId: records[i].userId + '-all' });
    all.objectStore('outbox').put({ ...ops[i], opId: ops[i].opId + '-all' });
  }
  await finished(all);
  const allInOne = performance.now() - t0;
  floor.close();
  await done(indexedDB.deleteDatabase('rollbook-bench-floor'));
  return { outbox: ops.length, matched, perPair, allInOne };
})()`;

export interface PressFloor {
  /** Per press: key event to the raw transaction's commit, ms. */
  keyToCommit: number[];
}

/**
 * PRESS_FLOOR (evaluated after FLOOR, on the roll call still on screen): the floor of a press as the
 * page sees it. Until `off()`, a status key is taken before the app hears it and does only what a
 * press must: one raw transaction putting the next committed record + outbox pair into a scratch
 * database (same stores and indexes), and the status written into the active row's text, so the
 * frame that paints it sits between the key and the commit as it does for the app (Chromium runs
 * that frame before other tasks). Key time stamp to the transaction's 'complete', per press.
 */
export const PRESS_FLOOR = `(async () => {
  const done = (req) => new Promise((resolve, reject) => { req.onsuccess = () => resolve(req.result); req.onerror = () => reject(req.error); });
  const { ops, records } = await (${COMMITTED_ROWS})(done);
  await done(indexedDB.deleteDatabase('rollbook-bench-floor-press'));
  const open = indexedDB.open('rollbook-bench-floor-press', 1);
  open.onupgradeneeded = () => (${FLOOR_SCHEMA})(open.result);
  const floor = await done(open);
  ${STATUS_KEYS_AND_ROW}
  const result = { keyToCommit: [] };
  let next = 0;
  const onKey = (event) => {
    const status = STATUS[event.key.toLowerCase()];
    if (!status) return;
    event.stopImmediatePropagation();
    event.preventDefault();
    const t0 = event.timeStamp;
    const i = next++ % ops.length;
    const tx = floor.transaction(['attendanceRecords', 'outbox'], 'readwrite');
    tx.objectStore('attendanceRecords').put({ ...records[i], status });
    tx.objectStore('outbox').put(ops[i]);
    tx.oncomplete = () => result.keyToCommit.push(performance.now() - t0);
    const row = activeRow();
    const text = row && row.querySelector('[data-testid="student-status"]')?.firstChild;
    if (text && text.nodeType === Node.TEXT_NODE) text.data = status;
  };
  document.addEventListener('keydown', onKey, { capture: true });
  window.__pressFloor = {
    result,
    async off() {
      document.removeEventListener('keydown', onKey, { capture: true });
      floor.close();
      await done(indexedDB.deleteDatabase('rollbook-bench-floor-press'));
    },
  };
})()`;
