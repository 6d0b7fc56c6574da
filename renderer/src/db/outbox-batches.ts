import type { RecordSetOp } from '../../../shared/domain/outbox';
import { readValid } from './integrity';
import { newOpId, refOf, type RecordChange } from './ops';
import type { RollbookDb } from './rollbook-db';
import { OutboxBatchRow, StoredOutboxRow, type MeetingRow, type OutboxRow } from './rows';

/**
 * An import's record ops, stored in batch rows of a meeting's (rows.ts `OutboxBatchRow`; docs/decisions/outbox-batch-rows.md).
 * Everything that reads the outbox reads it through `expandOutbox`, so a batch is never seen as
 * anything but the ops it holds; everything that settles, withdraws or rebases one of those ops
 * takes it out of its batch first (`detachEntries`), so an op in any state but pending is a row of
 * its own, exactly as a tap's.
 */

/** Entry `n`'s op id: sorts right after its batch's id, in entry order, and before any later op. */
export function entryOpId(batchId: string, n: number): string {
  return `${batchId}.${n.toString(36).padStart(5, '0')}`;
}

/** The batch and place an entry's op id names; undefined for any other op id (newOpId has no dot). */
function entryOf(opId: string): { batchId: string; n: number } | undefined {
  const dot = opId.lastIndexOf('.');
  if (dot < 1) return undefined;
  const n = Number.parseInt(opId.slice(dot + 1), 36);
  return Number.isInteger(n) ? { batchId: opId.slice(0, dot), n } : undefined;
}

/**
 * Ops per batch row. Each result a push brings back rewrites its batch without the op (ten results
 * a transaction, apply-results.ts), so the row's size is what every ten results cost to write
 * again; 50 keeps an import at a few hundred puts.
 */
export const BATCH_SIZE = 50;

/** One record's key, meeting and student: what `recordKeys` indexes, and what an import's maps are keyed by. */
export const recordKeyOf = (meetingKey: string, userId: string): string => `${meetingKey}\u0000${userId}`;

/** A batch holding these entries: its size and record keys follow them. */
function withEntries(row: Omit<OutboxBatchRow, 'size' | 'recordKeys'>, entries: OutboxBatchRow['batch']['entries']): OutboxBatchRow {
  return { ...row, size: entries.length, recordKeys: entries.map((e) => recordKeyOf(row.meetingKey, e.userId)), batch: { ...row.batch, entries } };
}

/**
 * One meeting's imported statuses as batch rows of at most BATCH_SIZE ops, each validated whole
 * by its schema (the fields an op's schema checks, checked once per entry); `opIds` in the order
 * of `changes`.
 */
export function batchRows(meeting: MeetingRow, at: string, changes: readonly RecordChange[], heldUntil?: string): { rows: OutboxBatchRow[]; opIds: string[] } {
  const rows: OutboxBatchRow[] = [];
  const opIds: string[] = [];
  for (let start = 0; start < changes.length; start += BATCH_SIZE) {
    const opId = newOpId();
    const entries = changes.slice(start, start + BATCH_SIZE).map(({ userId, status, baseStatus }, n) => ({ n, userId, status, baseStatus }));
    const row = withEntries(
      { opId, courseId: meeting.courseId, meetingKey: meeting.key, userId: '', state: 'pending', ...(heldUntil !== undefined ? { heldUntil } : {}), batch: { at, meeting: refOf(meeting), entries } },
      entries,
    );
    rows.push(OutboxBatchRow.parse(row));
    for (const e of entries) opIds.push(entryOpId(opId, e.n));
  }
  return { rows, opIds };
}

/** The ops a batch holds, each as the row it would have been on its own. */
export function entryRows(row: OutboxBatchRow): OutboxRow[] {
  const { at, meeting, entries } = row.batch;
  return entries.map((e) => {
    const opId = entryOpId(row.opId, e.n);
    const op: RecordSetOp = { opId, kind: 'record.set', courseId: row.courseId, at, meeting: { ...meeting }, userId: e.userId, status: e.status, baseStatus: e.baseStatus };
    return { opId, courseId: row.courseId, meetingKey: row.meetingKey, userId: e.userId, op, state: 'pending', ...(row.heldUntil !== undefined ? { heldUntil: row.heldUntil } : {}) };
  });
}

/** The op ids a batch row as read holds (none for any other row), without checking or expanding its entries. */
export function batchEntryIds(row: unknown): string[] {
  if (typeof row !== 'object' || row === null || !('batch' in row)) return [];
  const { opId, batch } = row as { opId?: unknown; batch?: { entries?: unknown } };
  if (typeof opId !== 'string' || !Array.isArray(batch?.entries)) return [];
  return batch.entries.flatMap((e: unknown) => (typeof e === 'object' && e !== null && typeof (e as { n?: unknown }).n === 'number' ? [entryOpId(opId, (e as { n: number }).n)] : []));
}

/** Outbox rows as read from the store: validated (a damaged one skipped and logged), each batch replaced by its ops. */
export function expandOutbox(rows: readonly unknown[]): OutboxRow[] {
  const out: OutboxRow[] = [];
  for (const row of readValid('outbox', StoredOutboxRow, rows)) {
    if ('batch' in row) for (const entry of entryRows(row)) out.push(entry);
    else out.push(row);
  }
  return out;
}

/** The batches holding an op of this record (by the `recordKeys` index). */
export async function batchesHolding(db: RollbookDb, meetingKey: string, userId: string): Promise<OutboxBatchRow[]> {
  const rows = await db.outbox.where('recordKeys').equals(recordKeyOf(meetingKey, userId)).toArray();
  return readValid('outbox', StoredOutboxRow, rows).filter((r): r is OutboxBatchRow => 'batch' in r);
}

/** Write a batch back with only `keep` (deleted when none is left). The caller holds the transaction. */
export function putBatch(db: RollbookDb, row: OutboxBatchRow, keep: OutboxBatchRow['batch']['entries']): Promise<unknown> {
  if (keep.length === 0) return db.outbox.delete(row.opId);
  return db.outbox.put(withEntries(row, keep));
}

/** A batch of a meeting that got a new key (its Learn id): the ref its ops carry and its record keys follow. */
export function remappedBatch(row: OutboxBatchRow, meetingKey: string, serverId: number): OutboxBatchRow {
  return withEntries({ ...row, meetingKey, batch: { ...row.batch, meeting: { serverId } } }, row.batch.entries);
}

/**
 * Take the entries these op ids name out of their batches, each batch rewritten once. Returns
 * the taken entries' rows (pending, not written: the caller settles them or writes them back as
 * rows of their own). Op ids of no batch, or of an entry already gone, are left out.
 */
export async function detachEntries(db: RollbookDb, opIds: Iterable<string>): Promise<Map<string, OutboxRow>> {
  const wanted = new Map<string, Set<number>>();
  for (const opId of opIds) {
    const entry = entryOf(opId);
    if (entry) wanted.set(entry.batchId, (wanted.get(entry.batchId) ?? new Set()).add(entry.n));
  }
  const taken = new Map<string, OutboxRow>();
  if (wanted.size === 0) return taken;
  const ids = [...wanted.keys()];
  const found = readValid('outbox', StoredOutboxRow, (await db.outbox.bulkGet(ids)).filter((r) => r !== undefined));
  const writes: Promise<unknown>[] = [];
  for (const row of found) {
    if (!('batch' in row)) continue;
    const ns = wanted.get(row.opId)!;
    const rows = entryRows(row);
    for (const [i, entry] of row.batch.entries.entries()) if (ns.has(entry.n)) taken.set(rows[i]!.opId, rows[i]!);
    writes.push(putBatch(db, row, row.batch.entries.filter((e) => !ns.has(e.n))));
  }
  await Promise.all(writes);
  return taken;
}

/**
 * Per student, the latest op an import wrote for them at this meeting that still waits (in its
 * batch, or out of it after a refusal): changes of the roll that are not in the roll call's undo
 * log. One read of the meeting's ops.
 */
export async function importedOps(db: RollbookDb, meetingKey: string): Promise<Map<string, string>> {
  const latest = new Map<string, string>();
  for (const op of expandOutbox(await db.outbox.where('meetingKey').equals(meetingKey).toArray())) {
    if (op.state === 'withdrawn' || entryOf(op.opId) === undefined) continue;
    if (op.opId > (latest.get(op.userId) ?? '')) latest.set(op.userId, op.opId);
  }
  return latest;
}

/**
 * Ops waiting to reach Learn (pending or failed), a batch counting as the entries it holds: one
 * index count and the batches' sizes read from their index, no row read (the status bar asks
 * after every key press of a roll call).
 */
export async function waitingOpCount(db: Pick<RollbookDb, 'outbox'>): Promise<number> {
  const [rows, sizes] = await Promise.all([db.outbox.where('state').between('failed', 'pending', true, true).count(), db.outbox.where('size').above(0).keys()]);
  return sizes.reduce<number>((n, size) => n + Number(size) - 1, rows);
}

/** A row of one op (not a batch): what every table read outside the record ops' paths holds. */
export function isOpRow(row: StoredOutboxRow): row is OutboxRow {
  return 'op' in row;
}
