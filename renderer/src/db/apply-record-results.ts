import type { OpResult, OutboxOp } from '../../../shared/domain/outbox';
import { readValid } from './integrity';
import { isOpRow, putBatch, recordKeyOf } from './outbox-batches';
import type { RollbookDb } from './rollbook-db';
import { StoredOutboxRow, type AttendanceRecordRow, type ConflictRow, type OutboxBatchRow, type OutboxRow } from './rows';

type RecordOp = Extract<OutboxOp, { kind: 'record.set' }>;
type RecordRow = OutboxRow & { op: RecordOp };

/** A result whose op is a record.set waiting in the outbox (not withdrawn), with that op's row. */
export interface RecordResult {
  result: OpResult;
  row: RecordRow;
  /** The op was an import's entry, just taken out of its batch: a row in no table yet. */
  detached: boolean;
}

/** A conflict as the conflicts table keeps it: one per record, both values, until the user chooses. */
export function conflictRow(row: OutboxRow, op: RecordOp, result: Extract<OpResult, { outcome: 'conflict' }>, at: string): ConflictRow {
  return {
    id: `${row.meetingKey}|${op.userId}`,
    courseId: op.courseId,
    meetingKey: row.meetingKey,
    userId: op.userId,
    local: result.local,
    server: result.server,
    ...(result.serverRecordId !== undefined ? { serverRecordId: result.serverRecordId } : {}),
    at,
  };
}

/** An op Learn did not take, kept with why (the status bar lists it, "Retry" sends it again). */
export function failedRow(row: OutboxRow, result: Extract<OpResult, { outcome: 'failed' }>): OutboxRow {
  return { ...row, state: 'failed', error: result.message, retryable: result.retryable, ...(result.detail !== undefined ? { errorDetail: result.detail } : {}), ...(result.words ? { errorWords: result.words } : {}) };
}

/** Learn answered this device's own change to a record: what Learn holds is its base, as of `at`. */
export function withBase(record: AttendanceRecordRow, base: RecordOp['baseStatus'], serverRecordId: number | undefined, at: string): AttendanceRecordRow {
  return { ...record, baseStatus: base, ...(serverRecordId !== undefined ? { serverRecordId } : {}), confirmedAt: at };
}

/** The row of a record.set op that waits (what `applyRecordResults` settles); undefined for any other. */
export function recordRowOf(row: StoredOutboxRow | undefined): RecordRow | undefined {
  if (!row || !isOpRow(row) || row.state === 'withdrawn' || row.op.kind !== 'record.set') return undefined;
  return row as RecordRow;
}

/**
 * Settles a chunk of record results the way `applyOne` (apply-results.ts) settles them one after
 * another, with the chunk's reads and writes in bulk: two reads (its meetings' outbox rows and
 * records), the rules applied in memory in the results' order, then one write a table.
 * One result at a time took about seven requests, each answered in a task of its own, and its
 * Dexie work ran on the main thread beside a roll call's key presses (a sync landing).
 * The caller holds the transaction and has taken the chunk's entries out of their batches.
 */
export async function applyRecordResults(db: RollbookDb, chunk: readonly RecordResult[], at: string): Promise<void> {
  const keys = new Set(chunk.map(({ row }) => recordKeyOf(row.meetingKey, row.userId)));
  const settledKeys = new Set(chunk.filter(({ result }) => result.outcome === 'done' || result.outcome === 'conflict').map(({ row }) => recordKeyOf(row.meetingKey, row.userId)));
  const doneKeys = new Set(chunk.filter(({ result }) => result.outcome === 'done').map(({ row }) => recordKeyOf(row.meetingKey, row.userId)));
  // Two range reads, a meeting's outbox and records (a chunk names one or two meetings): looking
  // up each student's ops, record and import batches by key was a request per key, 600 a chunk.
  const meetingKeys = [...new Set(chunk.map(({ row }) => row.meetingKey))];
  const [outboxRows, recordRows] = await Promise.all([db.outbox.where('meetingKey').anyOf(meetingKeys).toArray(), db.attendanceRecords.where('meetingKey').anyOf(meetingKeys).toArray()]);
  const students = outboxRows.filter((r) => keys.has(recordKeyOf(r.meetingKey, r.userId)));
  const batchRows = outboxRows.filter((r) => 'batch' in r && Array.isArray(r.recordKeys) && r.recordKeys.some((k) => doneKeys.has(k)));

  // The outbox as the results leave it (null: deleted); `touched` says what to write.
  const ops = new Map<string, StoredOutboxRow | null>(students.map((r) => [r.opId, r]));
  // Only these are rows in the store: an import's op just taken out of its batch has none to delete.
  const stored = new Set(ops.keys());
  const recordAt = new Map<string, AttendanceRecordRow>();
  for (const r of recordRows) {
    const key = recordKeyOf(r.meetingKey, r.userId);
    if (settledKeys.has(key)) recordAt.set(key, r);
  }
  const batches = new Map<string, OutboxBatchRow>();
  for (const b of readValid('outbox', StoredOutboxRow, batchRows)) if ('batch' in b) batches.set(b.opId, b);
  const touchedOps = new Set<string>();
  const touchedRecords = new Set<string>();
  const touchedBatches = new Set<string>();
  const conflicts: ConflictRow[] = [];

  // Each student's ops by record key, in the order they were read or first written: looking them
  // up in the whole map was a pass over the chunk's ops for every result.
  const opsOf = new Map<string, string[]>();
  const index = (row: StoredOutboxRow): void => {
    const key = recordKeyOf(row.meetingKey, row.userId);
    const ids = opsOf.get(key);
    if (!ids) opsOf.set(key, [row.opId]);
    else if (!ids.includes(row.opId)) ids.push(row.opId);
  };
  for (const row of students) index(row);
  const ofStudent = (meetingKey: string, userId: string): StoredOutboxRow[] =>
    (opsOf.get(recordKeyOf(meetingKey, userId)) ?? []).map((id) => ops.get(id)).filter((o): o is StoredOutboxRow => o != null);
  const setOp = (opId: string, row: StoredOutboxRow | null): void => {
    ops.set(opId, row);
    if (row) index(row);
    touchedOps.add(opId);
  };
  const setBase = (row: RecordRow, base: RecordOp['baseStatus'], serverRecordId: number | undefined): void => {
    const key = recordKeyOf(row.meetingKey, row.userId);
    const record = recordAt.get(key);
    if (!record) return;
    recordAt.set(key, withBase(record, base, serverRecordId, at));
    touchedRecords.add(key);
  };

  for (const { result, row: read, detached } of chunk) {
    // As `applyOne` would read it now: an earlier result of the chunk may have rebased or removed it.
    const row = detached ? read : recordRowOf(ops.get(read.opId) ?? undefined);
    if (!row) continue;
    const op = row.op;
    switch (result.outcome) {
      case 'done': {
        const learnHas = result.serverStatus ?? op.status;
        setBase(row, learnHas, result.serverRecordId);
        // Later presses of the student carry the base the store knew then (rebaseLaterPresses).
        for (const o of ofStudent(row.meetingKey, op.userId)) {
          if (o.opId > row.opId && isOpRow(o) && o.state !== 'withdrawn' && o.op.kind === 'record.set') setOp(o.opId, { ...o, op: { ...o.op, baseStatus: learnHas } });
        }
        for (const batch of batches.values()) {
          if (batch.opId <= row.opId || batch.meetingKey !== row.meetingKey || !batch.batch.entries.some((e) => e.userId === op.userId)) continue;
          batches.set(batch.opId, { ...batch, batch: { ...batch.batch, entries: batch.batch.entries.map((e) => (e.userId === op.userId ? { ...e, baseStatus: learnHas } : e)) } });
          touchedBatches.add(batch.opId);
        }
        // An older failure of the same record is settled by this newer status.
        for (const o of ofStudent(row.meetingKey, op.userId)) if (o.state === 'failed' && o.opId < row.opId) setOp(o.opId, null);
        setOp(result.opId, null);
        break;
      }
      case 'superseded':
        setOp(result.opId, null);
        break;
      case 'failed':
        setOp(result.opId, failedRow(row, result));
        break;
      case 'conflict':
        setOp(result.opId, null);
        setBase(row, result.server, result.serverRecordId);
        conflicts.push(conflictRow(row, op, result, at));
        break;
    }
  }

  const puts: StoredOutboxRow[] = [];
  const deletes: string[] = [];
  for (const opId of touchedOps) {
    const row = ops.get(opId);
    if (row) puts.push(row);
    else if (stored.has(opId)) deletes.push(opId);
  }
  // One table after another, not all at once: each write's rows are copied for the store on the
  // page's thread as it is asked for, so asked together they made one long task; awaited in turn,
  // each gets a task of its own (the transaction stays open while a request is on its way).
  if (puts.length > 0) await db.outbox.bulkPut(puts);
  if (deletes.length > 0) await db.outbox.bulkDelete(deletes);
  if (touchedRecords.size > 0) await db.attendanceRecords.bulkPut([...touchedRecords].map((k) => recordAt.get(k)!));
  if (conflicts.length > 0) await db.conflicts.bulkPut(conflicts);
  await Promise.all(
    [...touchedBatches].map((id) => {
      const batch = batches.get(id)!;
      return putBatch(db, batch, batch.batch.entries);
    }),
  );
}
