import { isKnownStatus, type AttendanceStatus } from '../../../shared/api/attendance';
import type { MeetingRef } from '../../../shared/domain/outbox';
import { checkMeeting, findMeeting, meetingKeyOf, recordClearRows, recordSetRows, requireMeeting, type RecordChange } from './ops';
import { importedOps, isOpRow } from './outbox-batches';
import { undoOf } from './undo-choice';
import type { RollbookDb } from './rollbook-db';
import type { AttendanceRecordRow, MeetingRow, OutboxRow, UndoChange, UndoEntryRow } from './rows';

/** What an undo did: statuses put back, changes Learn cannot take back, and ones changed since (see undoLast). */
export interface UndoOutcome {
  restored: number;
  notUndoable: number;
  changedSince: number;
  /** Of `restored`, the records taken off Learn too (or to be, at the next sync). */
  cleared: number;
  /** The statuses taken back, per student: what redo() sets again (the undo's own undo). */
  undone: Press[];
}

/** What the screen last read of the meeting and the student's record (see setStatus). */
export interface KnownRecord {
  meeting: MeetingRow;
  record: AttendanceRecordRow | undefined;
}

/** What the screen last knows of the meeting and of each student's record (see setStatuses). */
export interface KnownRecords {
  meeting: MeetingRow;
  record(userId: string): AttendanceRecordRow | undefined;
}

/** One key press: one status for one student, one undo step. */
export interface Press {
  userId: string;
  status: AttendanceStatus;
}

export interface AttendanceRepo {
  setStatus(courseId: string, meetingRef: MeetingRef, userId: string, status: AttendanceStatus, known?: KnownRecord): Promise<void>;
  /**
   * Several presses in one transaction (group commit), in order, each its own undo step;
   * a press of the status the student already has writes nothing. Resolves to the records as
   * written, by user id (what the screen knows next); rejects, writing nothing, if any part fails.
   */
  setStatuses(courseId: string, meetingRef: MeetingRef, presses: readonly Press[], known?: KnownRecords): Promise<Map<string, AttendanceRecordRow>>;
  markAllNotYetMarked(courseId: string, meetingRef: MeetingRef, userIds: readonly string[], status: AttendanceStatus): Promise<number>;
  undoLast(courseId: string, meetingRef: MeetingRef): Promise<UndoOutcome | null>;
  /** Sets again what an undo took back, as one step (Ctrl+Z takes it back whole). Resolves to how many were set. */
  redo(courseId: string, meetingRef: MeetingRef, undone: readonly Press[]): Promise<number>;
}

/**
 * The records one status change per user writes, and what each one's op carries: the status, and
 * as its base the server's status the record had (`existing`: the records before, in order).
 */
export function recordRows(
  meeting: MeetingRow,
  changes: readonly { userId: string; status: AttendanceStatus }[],
  at: string,
  existing: readonly (AttendanceRecordRow | undefined)[],
): { records: AttendanceRecordRow[]; opChanges: RecordChange[] } {
  const records: AttendanceRecordRow[] = [];
  const opChanges: RecordChange[] = [];
  for (const [i, { userId, status }] of changes.entries()) {
    const old = existing[i];
    const baseStatus = old?.baseStatus ?? null;
    records.push({
      courseId: meeting.courseId,
      meetingKey: meeting.key,
      userId,
      status,
      baseStatus,
      ...(old?.serverRecordId !== undefined ? { serverRecordId: old.serverRecordId } : {}),
      savedAt: at,
    });
    opChanges.push({ userId, status, baseStatus });
  }
  return { records, opChanges };
}

/** The rows one status change per user writes (records, their validated ops, the undo step's changes). */
export function statusRows(
  meeting: MeetingRow,
  changes: readonly { userId: string; status: AttendanceStatus }[],
  at: string,
  existing: readonly (AttendanceRecordRow | undefined)[],
): { records: AttendanceRecordRow[]; ops: OutboxRow[]; undo: UndoChange[] } {
  const { records, opChanges } = recordRows(meeting, changes, at, existing);
  const ops = recordSetRows(meeting, at, opChanges);
  const undo = changes.map(({ userId, status }, i) => ({ userId, before: existing[i]?.status ?? null, opId: ops[i]!.opId, after: status }));
  return { records, ops, undo };
}

/**
 * Set users' statuses: the records, then their ops (validated; an invalid one throws and the
 * caller's transaction rolls back the records with it). In bulk, so a mark-all over 1,000
 * students is three IndexedDB requests, not 3,000. Caller holds the transaction. Also used by
 * CSV import (import-repo.ts), so an imported status is written exactly like a tapped one.
 */
export async function writeStatuses(
  db: RollbookDb,
  meeting: MeetingRow,
  changes: readonly { userId: string; status: AttendanceStatus }[],
  at: string,
  /** The changes' current records, when the caller has read them already (CSV import reads a course at once). */
  known?: readonly (AttendanceRecordRow | undefined)[],
): Promise<UndoChange[]> {
  const existing = known ?? (await db.attendanceRecords.bulkGet(changes.map((c) => [meeting.key, c.userId] as [string, string])));
  const { records, ops, undo } = statusRows(meeting, changes, at, existing);
  await Promise.all([db.attendanceRecords.bulkPut(records), db.outbox.bulkAdd(ops)]);
  return undo;
}

/** Undo goes at least this far back per meeting; older steps are dropped so the log stays small. */
export const UNDO_DEPTH = 100;
/** Older steps go in batches: the log is pruned on a meeting's first step of a session, then every PRUNE_BATCH steps. */
const PRUNE_BATCH = 20;
/** Steps logged per (store, meeting) since its last prune, this session. */
const sincePrune = new Map<string, number>();

async function logUndo(db: RollbookDb, entries: readonly UndoEntryRow[]): Promise<void> {
  const [first] = entries;
  if (!first) return;
  const meeting = `${db.name}|${first.courseId}|${first.meetingKey}`;
  const steps = (sincePrune.get(meeting) ?? PRUNE_BATCH) + entries.length;
  sincePrune.set(meeting, steps > PRUNE_BATCH ? 0 : steps);
  // Most presses write no prune at all: its cursor was the slowest request of the tap's transaction.
  if (steps <= PRUNE_BATCH) return void (await db.undoLog.bulkAdd(entries));
  // The prune's read goes first, so it counts the steps before these.
  await Promise.all([pruneUndo(db, first.courseId, first.meetingKey, Math.max(0, UNDO_DEPTH - entries.length)), db.undoLog.bulkAdd(entries)]);
}

/**
 * Drop a meeting's undo steps beyond the newest `keep`: one read of the keys past them, issued
 * beside the caller's other requests (no count first). Undo goes back at least UNDO_DEPTH steps,
 * at most UNDO_DEPTH + PRUNE_BATCH.
 */
async function pruneUndo(db: RollbookDb, courseId: string, meetingKey: string, keep: number): Promise<void> {
  const old = await db.undoLog.where('[courseId+meetingKey]').equals([courseId, meetingKey]).reverse().offset(keep).primaryKeys();
  if (old.length > 0) await db.undoLog.bulkDelete(old);
}

/** Thrown inside the fast tap's transaction to roll it back when what the screen read has changed. */
class StaleGuess extends Error {}

function sameMeeting(found: MeetingRow | undefined, known: MeetingRow, courseId: string): boolean {
  return found !== undefined && !found.deleted && found.courseId === courseId && found.key === known.key && found.serverId === known.serverId;
}

/** Same in everything a tap's rows are made from. */
function sameRecord(a: AttendanceRecordRow | undefined, b: AttendanceRecordRow | undefined): boolean {
  if (!a || !b) return a === b;
  return a.status === b.status && a.baseStatus === b.baseStatus && a.serverRecordId === b.serverRecordId;
}

/**
 * The rows of presses in order, from each student's current record (`current`, updated as it goes,
 * so a second press on one student builds on the first): records by user, ops, one undo step each.
 */
function pressRows(
  courseId: string,
  meeting: MeetingRow,
  presses: readonly Press[],
  current: Map<string, AttendanceRecordRow | undefined>,
): { records: Map<string, AttendanceRecordRow>; ops: OutboxRow[]; steps: UndoEntryRow[] } {
  const at = new Date().toISOString();
  const records = new Map<string, AttendanceRecordRow>();
  const ops: OutboxRow[] = [];
  const steps: UndoEntryRow[] = [];
  for (const press of presses) {
    const old = current.get(press.userId);
    if (old?.status === press.status) continue;
    const rows = statusRows(meeting, [press], at, [old]);
    const record = rows.records[0]!;
    current.set(press.userId, record);
    records.set(press.userId, record);
    ops.push(rows.ops[0]!);
    steps.push({ courseId, meetingKey: meeting.key, at, changes: rows.undo });
  }
  return { records, ops, steps };
}

export function attendanceRepo(db: RollbookDb): AttendanceRepo {
  // Every write below touches the record, its outbox op and the undo log in ONE transaction: if
  // any part fails (an op failing validation, quota, a crash) none of it lands, so the screen
  // never shows a status the outbox will not send, and no op exists for a status never shown.
  const tables = [db.meetings, db.attendanceRecords, db.outbox, db.undoLog];

  /** Puts the presses' rows; the caller holds the transaction. */
  function writePresses(rows: ReturnType<typeof pressRows>): Promise<unknown> {
    return Promise.all([db.attendanceRecords.bulkPut([...rows.records.values()]), db.outbox.bulkAdd(rows.ops), logUndo(db, rows.steps)]);
  }

  /** The one-round-trip write: undefined when `known` was out of date (then nothing was written). */
  async function writeKnown(courseId: string, meetingRef: MeetingRef, presses: readonly Press[], known: KnownRecords): Promise<Map<string, AttendanceRecordRow> | undefined> {
    const { meeting } = known;
    const users = [...new Set(presses.map((p) => p.userId))];
    const guessed = users.map((u) => known.record(u));
    const rows = pressRows(courseId, meeting, presses, new Map(users.map((u, i) => [u, guessed[i]])));
    // Nothing to write, as far as the screen knows: the careful path reads and decides.
    if (rows.ops.length === 0) return undefined;
    try {
      return await db.transaction('rw', tables, async () => {
        // The checks are issued first, so they read the store as it was before these writes.
        const [[found, existing]] = await Promise.all([
          Promise.all([findMeeting(db, meetingRef), db.attendanceRecords.bulkGet(users.map((u) => [meeting.key, u] as [string, string]))]),
          writePresses(rows),
        ]);
        if (!sameMeeting(found, meeting, courseId) || existing.some((r, i) => !sameRecord(r, guessed[i]))) throw new StaleGuess();
        return rows.records;
      });
    } catch (error) {
      if (error instanceof StaleGuess) return undefined;
      throw error;
    }
  }

  async function setStatuses(courseId: string, meetingRef: MeetingRef, presses: readonly Press[], known?: KnownRecords): Promise<Map<string, AttendanceRecordRow>> {
    if (presses.length === 0) return new Map();
    const fast = known ? await writeKnown(courseId, meetingRef, presses, known) : undefined;
    if (fast) return fast;
    // The careful path: the reads go out together, then the writes together (two round trips).
    return db.transaction('rw', tables, async () => {
      const guess = meetingKeyOf(meetingRef);
      const users = [...new Set(presses.map((p) => p.userId))];
      const [found, guessed] = await Promise.all([findMeeting(db, meetingRef), db.attendanceRecords.bulkGet(users.map((u) => [guess, u] as [string, string]))]);
      const meeting = checkMeeting(found, courseId, meetingRef);
      const existing = meeting.key === guess ? guessed : await db.attendanceRecords.bulkGet(users.map((u) => [meeting.key, u] as [string, string]));
      const rows = pressRows(courseId, meeting, presses, new Map(users.map((u, i) => [u, existing[i]])));
      if (rows.ops.length > 0) await writePresses(rows);
      return rows.records;
    });
  }

  return {
    // One tap is the hot path (key to committed within 3x one raw transaction). With
    // `known` (what the screen read), the rows are written at once beside reads that check it is
    // still so: one round trip, and a stale guess aborts the lot and takes the careful path.
    async setStatus(courseId, meetingRef, userId, status, known) {
      await setStatuses(courseId, meetingRef, [{ userId, status }], known && { meeting: known.meeting, record: () => known.record });
    },

    setStatuses,

    async markAllNotYetMarked(courseId, meetingRef, userIds, status) {
      return db.transaction('rw', tables, async () => {
        const meeting = await requireMeeting(db, courseId, meetingRef);
        const existing = await db.attendanceRecords.bulkGet(userIds.map((u) => [meeting.key, u] as [string, string]));
        const at = new Date().toISOString();
        // The rule users rely on: a status already set, by hand or from Learn, is never overwritten.
        const unmarked = [...new Set(userIds.filter((_, i) => existing[i]?.status == null))];
        const changes = await writeStatuses(db, meeting, unmarked.map((userId) => ({ userId, status })), at);
        if (changes.length > 0) await logUndo(db, [{ courseId, meetingKey: meeting.key, at, changes }]);
        return changes.length;
      });
    },

    /**
     * Revert the meeting's last action, per user changed by it as undo-choice.ts decides (put back,
     * sent back, not undoable, or changed since). A later change the roll call's own undo log does
     * not hold is an import's op still waiting (`importedOps`).
     */
    async redo(courseId, meetingRef, undone) {
      if (undone.length === 0) return 0;
      return db.transaction('rw', tables, async () => {
        const meeting = await requireMeeting(db, courseId, meetingRef);
        const existing = await db.attendanceRecords.bulkGet(undone.map((p) => [meeting.key, p.userId] as [string, string]));
        const at = new Date().toISOString();
        // A student already at the status (marked again by hand since) writes nothing.
        const again = undone.filter((p, i) => existing[i]?.status !== p.status);
        const changes = await writeStatuses(db, meeting, again, at, again.map((p) => existing[undone.indexOf(p)]));
        if (changes.length > 0) await logUndo(db, [{ courseId, meetingKey: meeting.key, at, changes }]);
        return changes.length;
      });
    },

    async undoLast(courseId, meetingRef) {
      return db.transaction('rw', tables, async () => {
        const meeting = await requireMeeting(db, courseId, meetingRef);
        const entry = await db.undoLog.where('[courseId+meetingKey]').equals([courseId, meeting.key]).last();
        if (!entry) return null;
        const at = new Date().toISOString();
        const outcome: UndoOutcome = { restored: 0, notUndoable: 0, changedSince: 0, cleared: 0, undone: [] };
        const imported = await importedOps(db, meeting.key);
        for (const change of entry.changes) {
          const record = await db.attendanceRecords.get([meeting.key, change.userId]);
          if (!record) continue;
          const stored = await db.outbox.get(change.opId);
          const op = stored && isOpRow(stored) ? stored : undefined; // a tap's op is a row of its own
          const undo = undoOf(change, record, op, (imported.get(change.userId) ?? '') > change.opId, at);
          if (undo.kind !== 'changed since' && undo.kind !== 'not undoable' && isKnownStatus(record.status)) outcome.undone.push({ userId: change.userId, status: record.status });
          // Withdrawn, not deleted: a push may have it on the way already (see apply-results.ts).
          if (undo.withdraw) await db.outbox.update(change.opId, { state: 'withdrawn' });
          if (undo.kind === 'put back') {
            if (undo.record) await db.attendanceRecords.put(undo.record);
            else await db.attendanceRecords.delete([meeting.key, change.userId]);
            outcome.restored++;
          } else if (undo.kind === 'send back') {
            await writeStatuses(db, meeting, [{ userId: change.userId, status: undo.status }], at, [undo.known]);
            outcome.restored++;
          } else if (undo.kind === 'clear') {
            await db.attendanceRecords.delete([meeting.key, change.userId]);
            await db.outbox.bulkAdd(recordClearRows(meeting, at, [{ userId: change.userId, base: undo.base }]));
            outcome.restored++;
            outcome.cleared++;
          } else if (undo.kind === 'changed since') {
            outcome.changedSince++;
          } else {
            outcome.notUndoable++;
          }
        }
        await db.undoLog.delete(entry.seq!);
        return outcome;
      });
    },
  };
}
