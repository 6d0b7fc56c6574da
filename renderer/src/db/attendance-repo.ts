import type { AttendanceStatus } from '../../../shared/api/attendance';
import type { MeetingRef } from '../../../shared/domain/outbox';
import { newOpId, outboxRow, refOf, requireMeeting } from './ops';
import type { RollbookDb } from './rollbook-db';
import type { AttendanceRecordRow, MeetingRow, OutboxRow, UndoChange, UndoEntryRow } from './rows';

/** What an undo did: statuses put back, and changes Learn cannot take back (see undoLast). */
export interface UndoOutcome {
  restored: number;
  notUndoable: number;
}

export interface AttendanceRepo {
  setStatus(courseId: string, meetingRef: MeetingRef, userId: string, status: AttendanceStatus): Promise<void>;
  markAllNotYetMarked(courseId: string, meetingRef: MeetingRef, userIds: readonly string[], status: AttendanceStatus): Promise<number>;
  undoLast(courseId: string, meetingRef: MeetingRef): Promise<UndoOutcome | null>;
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
  await db.attendanceRecords.bulkPut(records);
  await db.outbox.bulkAdd(ops);
  return undo;
}

/**
 * The rows writeStatuses puts, built without touching the store: a CSV import builds them for
 * many meetings and writes them in large chunks (import-repo.ts), still exactly as a tap would.
 */
export function statusRows(
  meeting: MeetingRow,
  changes: readonly { userId: string; status: AttendanceStatus }[],
  at: string,
  existing: readonly (AttendanceRecordRow | undefined)[],
): { records: AttendanceRecordRow[]; ops: OutboxRow[]; undo: UndoChange[] } {
  const records: AttendanceRecordRow[] = [];
  const ops: OutboxRow[] = [];
  const undo: UndoChange[] = [];
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
    const op = outboxRow(
      { opId: newOpId(), kind: 'record.set', courseId: meeting.courseId, at, meeting: refOf(meeting), userId, status, baseStatus },
      meeting.key,
    );
    ops.push(op);
    undo.push({ userId, before: old?.status ?? null, opId: op.opId });
  }
  return { records, ops, undo };
}

/** Undo goes this far back per meeting; older steps are dropped so the log stays small. */
export const UNDO_DEPTH = 100;

async function logUndo(db: RollbookDb, entry: UndoEntryRow): Promise<void> {
  await db.undoLog.add(entry);
  const steps = db.undoLog.where('[courseId+meetingKey]').equals([entry.courseId, entry.meetingKey]);
  const extra = (await steps.count()) - UNDO_DEPTH;
  if (extra > 0) await db.undoLog.bulkDelete((await steps.primaryKeys()).slice(0, extra));
}

export function attendanceRepo(db: RollbookDb): AttendanceRepo {
  // Every write below touches the record, its outbox op and the undo log in ONE transaction: if
  // any part fails (an op failing validation, quota, a crash) none of it lands, so the screen
  // never shows a status the outbox will not send, and no op exists for a status never shown.
  const tables = [db.meetings, db.attendanceRecords, db.outbox, db.undoLog];

  return {
    async setStatus(courseId, meetingRef, userId, status) {
      await db.transaction('rw', tables, async () => {
        const meeting = await requireMeeting(db, courseId, meetingRef);
        const existing = await db.attendanceRecords.get([meeting.key, userId]);
        if (existing?.status === status) return;
        const at = new Date().toISOString();
        const changes = await writeStatuses(db, meeting, [{ userId, status }], at);
        await logUndo(db, { courseId, meetingKey: meeting.key, at, changes });
      });
    },

    async markAllNotYetMarked(courseId, meetingRef, userIds, status) {
      return db.transaction('rw', tables, async () => {
        const meeting = await requireMeeting(db, courseId, meetingRef);
        const existing = await db.attendanceRecords.bulkGet(userIds.map((u) => [meeting.key, u] as [string, string]));
        const at = new Date().toISOString();
        // The rule users rely on: a status already set, by hand or from Learn, is never overwritten.
        const unmarked = [...new Set(userIds.filter((_, i) => existing[i]?.status == null))];
        const changes = await writeStatuses(db, meeting, unmarked.map((userId) => ({ userId, status })), at);
        if (changes.length > 0) await logUndo(db, { courseId, meetingKey: meeting.key, at, changes });
        return changes.length;
      });
    },

    /**
     * Revert the meeting's last action. Per user changed by it:
     * - its op is still in the outbox (not yet applied by Learn): the op is withdrawn and the record
     *   put back, so nothing is sent for the undone tap (if a push already carried it, the results
     *   of that push queue the status the user went back to);
     * - its op was already applied: a new op restores the previous status (base = the server's);
     * - it was applied and the user had no status before: Learn's records cannot be "unmarked" by
     *   an outbox op, so the server value stays and it counts as `notUndoable` (the UI says so).
     */
    async undoLast(courseId, meetingRef) {
      return db.transaction('rw', tables, async () => {
        const meeting = await requireMeeting(db, courseId, meetingRef);
        const entry = await db.undoLog.where('[courseId+meetingKey]').equals([courseId, meeting.key]).last();
        if (!entry) return null;
        const at = new Date().toISOString();
        const outcome: UndoOutcome = { restored: 0, notUndoable: 0 };
        for (const change of entry.changes) {
          const record = await db.attendanceRecords.get([meeting.key, change.userId]);
          if (!record) continue;
          const op = await db.outbox.get(change.opId);
          if (op && op.state !== 'withdrawn') {
            // Withdrawn, not deleted: a push may have it on the way already (see apply-results.ts).
            await db.outbox.update(change.opId, { state: 'withdrawn' });
            if (change.before === null && record.baseStatus === null && record.serverRecordId === undefined) {
              await db.attendanceRecords.delete([meeting.key, change.userId]);
            } else {
              await db.attendanceRecords.put({ ...record, status: change.before, savedAt: at });
            }
            outcome.restored++;
          } else if (change.before !== null) {
            await writeStatuses(db, meeting, [{ userId: change.userId, status: change.before }], at);
            outcome.restored++;
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
