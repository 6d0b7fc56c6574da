import type { AttendanceStatus, LearnStatus } from '../../../shared/api/attendance';
import { bulkOptions, reassertsFor, type RollAfter } from '../../../shared/domain/bulk-choice';
import type { OutboxOp, RecordSetOp } from '../../../shared/domain/outbox';
import { addOp, newOpId } from './ops';
import { expandOutbox } from './outbox-batches';
import type { RollbookDb } from './rollbook-db';

/**
 * Before a push: where Learn's bulk "set everyone" would be the cheapest way to send a meeting's
 * marks (shared/domain/bulk-choice.ts, the rule the engine decides with) but would move students
 * whose status is already on Learn and who have nothing waiting (the absences that landed before
 * "Mark everyone not yet marked Present"), an op re-asserting each one's status is queued first,
 * in one transaction per meeting with nothing else changing. So the PATCH that puts them back
 * after the bulk always has an outbox op behind it: sent, failed and retried, or replayed after a
 * crash. The op says `status` = their status on Learn, `baseStatus` = the bulk's status, so
 * after the bulk a re-assert whose PATCH failed is a plain write next time, not a conflict.
 *
 * Only a proposal: the engine checks it against what Learn holds now and keeps refusing a bulk
 * that would move anyone without an op. Where it does not bulk, a re-assert costs nothing (Learn
 * already holds its status: done without a request). Re-asserts have no undo step (the
 * instructor did not make them) and leave the record as it is.
 *
 * Returns how many ops it queued.
 */
export async function queueReasserts(db: RollbookDb, ops: readonly OutboxOp[]): Promise<number> {
  const meetings = new Map<number, { courseId: string; users: Map<string, RecordSetOp[]> }>();
  for (const op of ops) {
    if (op.kind !== 'record.set' || !('serverId' in op.meeting)) continue;
    const m = meetings.get(op.meeting.serverId) ?? { courseId: op.courseId, users: new Map<string, RecordSetOp[]>() };
    m.users.set(op.userId, [...(m.users.get(op.userId) ?? []), op]);
    meetings.set(op.meeting.serverId, m);
  }
  let queued = 0;
  for (const [serverId, m] of meetings) {
    if (m.users.size < 2) continue;
    queued += await db.transaction('rw', [db.outbox, db.attendanceRecords, db.rosterMembers], () => planMeeting(db, serverId, m.courseId, m.users));
  }
  return queued;
}

async function planMeeting(db: RollbookDb, serverId: number, courseId: string, users: ReadonlyMap<string, RecordSetOp[]>): Promise<number> {
  const meetingKey = String(serverId);
  const students = (await db.rosterMembers.where('courseId').equals(courseId).primaryKeys()).map(([, userId]) => userId);
  // Everyone on the roll has a change in the push (an import, a new roll): nothing to re-assert, nothing more to read.
  if (students.length === 0 || students.every((u) => users.has(u))) return 0;
  const records = new Map((await db.attendanceRecords.where('meetingKey').equals(meetingKey).toArray()).map((r) => [r.userId, r]));
  const waiting = new Set(expandOutbox(await db.outbox.where('meetingKey').equals(meetingKey).toArray()).map((r) => r.userId));
  const final = new Map<string, LearnStatus>();
  const writers = new Set<string>();
  for (const [userId, r] of records) if (r.baseStatus !== null) final.set(userId, r.baseStatus);
  for (const [userId, list] of users) {
    const last = list[list.length - 1]!;
    final.set(userId, last.status);
    if (last.status !== (records.get(userId)?.baseStatus ?? null)) writers.add(userId);
  }
  const roll: RollAfter = { students, final, writers };
  for (const option of bulkOptions(roll)) {
    const needed: { userId: string; status: AttendanceStatus }[] = [];
    let fits = true;
    for (const r of reassertsFor(option, roll)) {
      const own = users.get(r.userId);
      if (own) {
        // An op of this push already stands behind them if it accepts the bulk's status (an earlier re-assert).
        fits = own.some((op) => op.baseStatus === option.status);
      } else {
        const record = records.get(r.userId);
        fits = !waiting.has(r.userId) && record !== undefined && record.status === record.baseStatus;
        needed.push(r);
      }
      if (!fits) break;
    }
    if (!fits) continue;
    const at = new Date().toISOString();
    for (const { userId, status } of needed) {
      await addOp(db, { opId: newOpId(), kind: 'record.set', courseId, at, meeting: { serverId }, userId, status, baseStatus: option.status }, meetingKey);
    }
    return needed.length;
  }
  return 0;
}
