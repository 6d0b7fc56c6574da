import type { DBCore, DBCoreCursor, DBCoreIndex, DBCoreQueryRequest, DBCoreTable, DBCoreTransaction, Middleware } from 'dexie';
import { createLogger } from '../../../shared/logger';
import { isSealed, openRow, openRowNow, sealRow, sealRowNow, UNREADABLE, type StoreKey } from './sealed-row';

const log = createLogger('db.at-rest');

/**
 * Personal data sealed at rest (docs/decisions/local-data-sealed-at-rest.md), as a Dexie DBCore
 * middleware: every row written is sealed (sealed-row.ts) and every row read is opened, below the
 * repositories, which see the same rows as before. A field stays clear only when a key or an index
 * of its table is made of it (read from the schema, so a new index is clear by itself); a field
 * indexed only to order rows by a person's name (`sortName`) is kept as '' in clear, and the
 * queries on its index are put in order here after opening.
 *
 * WebCrypto answers asynchronously and an IndexedDB transaction ends once it has no request
 * waiting, so while its tables' rows are sealed or opened the transaction is kept alive with cheap reads
 * (`whileAlive`): a repository's transaction that reads, then writes, stays one transaction.
 *
 * A row that does not open (changed outside Rollbook, another key) reads as its clear fields with
 * `$unreadable` saying so in words: it fails its schema, and integrity.ts skips it and tells the
 * user, as for any damaged row. A row from before sealing reads as it is, and is sealed the next
 * time it is written (`sealOldRows` writes them all once).
 */

/** Fields indexed only for an order by people's names: kept '' in clear, sorted after opening. */
const BLINDED: Readonly<Record<string, readonly string[]>> = { rosterMembers: ['sortName'] };
/** Tables kept clear: sync times and cursors, the device's preferences, never about a person. */
const CLEAR_TABLES = new Set<string>(['syncState', 'settings']);
/**
 * Tables sealed at once, by the synchronous engine: the roll call's and the sync's own (marks, the
 * outbox, undo, conflicts, imports, meetings, sync history). A key press and a push's results
 * write them inside transactions that read, then write; sealed with WebCrypto, each waited on a
 * promise inside its transaction (a push's 260 results: 3.9 s became a hang past 300 s under
 * fake-indexeddb). Their rows are small: about 20 µs each to seal or open. Every other table (the
 * roster, photos, Learn's reads kept for review: larger rows, read in bulk) is sealed by WebCrypto,
 * native and off the page's script. A new table is sealed by WebCrypto unless named here.
 */
const SEALED_AT_ONCE = new Set<string>(['meetings', 'attendanceRecords', 'outbox', 'conflicts', 'undoLog', 'imports', 'syncHistory']);

export function atRest(key: StoreKey): Middleware<DBCore> {
  return {
    stack: 'dbcore',
    name: 'atRest',
    create: (down: DBCore): DBCore => {
      // Dexie asks for a table's core for every transaction: each sealed table is made once (its
      // clear fields worked out once), not per key press.
      const made = new Map<string, DBCoreTable>();
      return {
        ...down,
        table: (name: string) => {
          let table = made.get(name);
          if (!table) {
            const below = down.table(name);
            table = CLEAR_TABLES.has(name) ? below : SEALED_AT_ONCE.has(name) ? sealedAtOnce(below, key) : sealedTable(below, key);
            made.set(name, table);
          }
          return table;
        },
      };
    },
  };
}

/** The fields a table keeps clear (its keys and indexes, less the blinded ones) and the blinded ones. */
function fieldsOf(table: DBCoreTable): { clear: Set<string>; blinded: Set<string> } {
  const blinded = new Set(BLINDED[table.name] ?? []);
  const clear = new Set([table.schema.primaryKey, ...table.schema.indexes].flatMap(keyPathFields).filter((f) => !blinded.has(f)));
  return { clear, blinded };
}

/** A row that did not open: its clear fields, with the reason in words (said once a table in the log). */
function unreadableRow(table: string, row: Record<string, unknown>, error: unknown, reported: Set<string>): Record<string, unknown> {
  const { $sealed: _sealed, ...fields } = row;
  const message = error instanceof Error ? error.message : String(error);
  if (!reported.has(message)) {
    reported.add(message);
    log.warn('A sealed row did not open', { table });
  }
  return { ...fields, [UNREADABLE]: message };
}

/** A table sealed by the synchronous engine: every row sealed and opened where it passes, nothing awaited. */
function sealedAtOnce(table: DBCoreTable, key: StoreKey): DBCoreTable {
  const name = table.name;
  const { clear, blinded } = fieldsOf(table);
  const reported = new Set<string>();
  const open = (row: unknown): unknown => {
    if (!isSealed(row)) return row;
    try {
      return openRowNow(key, name, row);
    } catch (error) {
      return unreadableRow(name, row, error, reported);
    }
  };
  return {
    ...table,
    mutate(req) {
      if (req.type !== 'add' && req.type !== 'put') return table.mutate(req);
      return table.mutate({ ...req, values: req.values.map((v: Record<string, unknown>) => sealRowNow(key, name, v, clear, blinded)) });
    },
    // No await here: the rows are opened in the promise chain the store's own promises make, so
    // a transaction's zone goes on as if this table were not sealed.
    get: (req) => table.get(req).then(open),
    getMany: (req) => table.getMany(req).then((rows) => rows.map(open)),
    query: (req) => (req.values === true ? table.query(req).then((res) => ({ ...res, result: res.result.map(open) })) : table.query(req)),
    openCursor: (req) => (req.values === false ? table.openCursor(req) : table.openCursor(req).then((cursor) => cursor && openingCursorNow(cursor, open))),
  };
}

function keyPathFields(index: DBCoreIndex): string[] {
  const path = index.keyPath;
  if (path === null) return [];
  return (Array.isArray(path) ? path : [path]).map((p) => p.split('.')[0]!);
}

/** A table sealed by WebCrypto: the transaction is kept alive while rows are sealed or opened (whileAlive). */
function sealedTable(table: DBCoreTable, key: StoreKey): DBCoreTable {
  const name = table.name;
  const { clear, blinded } = fieldsOf(table);
  const reported = new Set<string>();

  const open = async (row: unknown): Promise<unknown> => {
    if (!isSealed(row)) return row;
    try {
      return await openRow(key, name, row);
    } catch (error) {
      return unreadableRow(name, row, error, reported);
    }
  };
  const openAll = (trans: DBCoreTransaction, rows: readonly unknown[]): Promise<unknown[]> =>
    rows.some(isSealed) ? whileAlive(table, trans, Promise.all(rows.map(open))) : Promise.resolve([...rows]);

  return {
    ...table,
    async mutate(req) {
      if (req.type !== 'add' && req.type !== 'put') return table.mutate(req);
      const values = await whileAlive(table, req.trans, Promise.all(req.values.map((v: Record<string, unknown>) => sealRow(key, name, v, clear, blinded))));
      return table.mutate({ ...req, values });
    },
    async get(req) {
      const row: unknown = await table.get(req);
      return isSealed(row) ? (await openAll(req.trans, [row]))[0] : row;
    },
    async getMany(req) {
      return openAll(req.trans, await table.getMany(req));
    },
    async query(req) {
      const ordered = req.values === true && keyPathFields(req.query.index).some((f) => blinded.has(f));
      // A blinded index holds '' for the name: its order is put right here, so every row is read before the limit.
      const res = await table.query(ordered ? { ...req, limit: undefined } : req);
      if (req.values !== true) return res;
      const rows = await openAll(req.trans, res.result);
      return { ...res, result: ordered ? inIndexOrder(rows, req) : rows };
    },
    async openCursor(req) {
      const cursor = await table.openCursor(req);
      return cursor && req.values !== false ? openingCursor(table, cursor, open) : cursor;
    },
  };
}

/** The rows in the order of the query's index, as IndexedDB would have put them, with its direction and limit. */
function inIndexOrder(rows: unknown[], req: DBCoreQueryRequest): unknown[] {
  const fields = keyPathFields(req.query.index);
  const keyOf = (row: unknown): unknown[] => fields.map((f) => (row as Record<string, unknown>)[f] ?? '');
  const sorted = rows.map((row) => ({ row, key: keyOf(row) })).sort((a, b) => indexedDB.cmp(a.key, b.key));
  if (req.direction === 'prev' || req.direction === 'prevunique') sorted.reverse();
  const out = sorted.map((s) => s.row);
  return req.limit === undefined ? out : out.slice(0, req.limit);
}

/**
 * A cursor whose `value` is the opened row: each step is opened before Dexie's callback sees it,
 * with the transaction kept alive meanwhile.
 */
function openingCursor(table: DBCoreTable, cursor: DBCoreCursor, open: (row: unknown) => Promise<unknown>): DBCoreCursor {
  let value: unknown;
  const start = (onNext: () => void): Promise<unknown> =>
    cursor.start(() => {
      const row: unknown = cursor.value;
      if (!isSealed(row)) {
        value = row;
        onNext();
        return;
      }
      keepAlive(table, cursor.trans, open(row), (o) => {
        if (!o.ok) return cursor.fail(o.error);
        value = o.value;
        onNext();
      });
    });
  return withValue(cursor, () => value, start);
}

/** As `openingCursor`, each step opened at once. */
function openingCursorNow(cursor: DBCoreCursor, open: (row: unknown) => unknown): DBCoreCursor {
  let value: unknown;
  const start = (onNext: () => void): Promise<unknown> =>
    cursor.start(() => {
      value = open(cursor.value);
      onNext();
    });
  return withValue(cursor, () => value, start);
}

/**
 * `cursor` with its `value` and `start` replaced. Dexie's cursor is the browser's IDBCursor
 * itself: its getters must be called on it (never on an object made from it), and its methods are
 * replaced as it runs, so each is read when used.
 */
function withValue(cursor: DBCoreCursor, value: () => unknown, start: DBCoreCursor['start']): DBCoreCursor {
  return new Proxy(cursor, {
    get(target, name) {
      if (name === 'value') return value();
      if (name === 'start') return start;
      const found: unknown = Reflect.get(target, name, target);
      return typeof found === 'function' ? (found as (...args: unknown[]) => unknown).bind(target) : found;
    },
  });
}

type Outcome<T> = { ok: true; value: T } | { ok: false; error: Error };

/**
 * Calls `done` with `work`'s outcome, the transaction kept alive until then: a cheap read is
 * asked for, and again when it answers, until the work is settled. `done` runs inside the last
 * read's success, where the transaction still takes requests (also where promises of the page's
 * own are run only after it: fake-indexeddb, older engines).
 */
function keepAlive<T>(table: DBCoreTable, trans: DBCoreTransaction, work: Promise<T>, done: (outcome: Outcome<T>) => void): void {
  let outcome: Outcome<T> | undefined;
  const settled = work.then(
    (value) => (outcome = { ok: true, value }),
    (error: unknown) => (outcome = { ok: false, error: error instanceof Error ? error : new Error(String(error)) }),
  );
  const spin = (): void => {
    if (outcome) return done(outcome);
    let asked: Promise<unknown>;
    try {
      asked = table.get({ trans, key: KEEP_ALIVE_KEY });
    } catch {
      // A transaction already over (aborted, or ended by its caller) cannot be kept: the work's own outcome is handed on.
      asked = Promise.reject(new Error('transaction over'));
    }
    asked.then(spin, () => void settled.then(() => done(outcome!)));
  };
  spin();
}

/** `work`'s result, with the transaction kept alive until it settles (keepAlive). */
export function whileAlive<T>(table: DBCoreTable, trans: DBCoreTransaction, work: Promise<T>): Promise<T> {
  return new Promise<T>((resolve, reject) => keepAlive(table, trans, work, (o) => (o.ok ? resolve(o.value) : reject(o.error))));
}

/** A key no row has (every key of the store is a string, a number or an array of strings). */
const KEEP_ALIVE_KEY = -Infinity;
