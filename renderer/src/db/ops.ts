import type { LearnStatus } from '../../../shared/api/attendance';
import { OutboxOp, RecordSetOp, type MeetingRef } from '../../../shared/domain/outbox';
import type { RollbookDb } from './rollbook-db';
import type { MeetingRow, OutboxRow } from './rows';

/**
 * Helpers every repository shares: op ids, meeting keys and refs, and the one way an op enters
 * the outbox (validated first, so a malformed op aborts the caller's transaction and with it the
 * record written just before).
 */

let lastMs = 0;
let seq = 0;

/** Time-ordered, unique op id: outbox order is the order of the user's actions. */
export function newOpId(now: number = Date.now()): string {
  const ms = Math.max(now, lastMs); // never go back if the clock does
  seq = ms === lastMs ? seq + 1 : 0;
  lastMs = ms;
  return `${ms.toString(36).padStart(10, '0')}-${seq.toString(36).padStart(4, '0')}-${crypto.randomUUID().slice(0, 8)}`;
}

/** The key other tables use for a meeting: its server id as a string, else its local id. */
export function meetingKeyOf(ref: MeetingRef): string {
  return 'serverId' in ref ? String(ref.serverId) : ref.localId;
}

/** The ref an op should carry for a meeting row: the server id as soon as there is one. */
export function refOf(meeting: MeetingRow): MeetingRef {
  if (meeting.serverId !== undefined) return { serverId: meeting.serverId };
  return { localId: meeting.localId ?? meeting.key };
}

/**
 * Find a meeting by any ref the UI may hold (an old `{ localId }` still finds a synced meeting).
 * Not an async function on purpose: it returns Dexie's own promise, so a liveQuery that awaits it
 * stays in Dexie's zone and its later reads are still observed (a native async function's
 * promise would drop them).
 */
export function findMeeting(db: RollbookDb, ref: MeetingRef): Promise<MeetingRow | undefined> {
  if ('serverId' in ref) return db.meetings.get(String(ref.serverId));
  const { localId } = ref;
  return db.meetings.get(localId).then((m) => m ?? db.meetings.where('localId').equals(localId).first());
}

/** Like findMeeting, for writes: a missing or deleted meeting is a programming error. */
export async function requireMeeting(db: RollbookDb, courseId: string, ref: MeetingRef): Promise<MeetingRow> {
  return checkMeeting(await findMeeting(db, ref), courseId, ref);
}

/** requireMeeting's check, for a caller that read the meeting alongside other rows. */
export function checkMeeting(meeting: MeetingRow | undefined, courseId: string, ref: MeetingRef): MeetingRow {
  if (!meeting || meeting.deleted || meeting.courseId !== courseId) {
    throw new Error(`No meeting ${JSON.stringify(ref)} in course ${courseId}`);
  }
  return meeting;
}

/** The outbox row for an op, validated: throws on an op the sync engine could not read. */
export function outboxRow(op: OutboxOp, meetingKey: string): OutboxRow {
  const valid = OutboxOp.parse(op);
  return { opId: valid.opId, courseId: valid.courseId, meetingKey, userId: valid.kind === 'record.set' || valid.kind === 'record.clear' ? valid.userId : '', op: valid, state: 'pending' };
}

/** What differs between the record ops of one meeting written together: the user and the statuses. */
export type RecordChange = Pick<RecordSetOp, 'userId' | 'status' | 'baseStatus'>;

/**
 * The outbox rows of record.set ops for one meeting, validated exactly as `outboxRow` validates
 * one: the first op whole, then every op's own fields (op id, user, statuses) by the same
 * schema's fields, since the rest (course, time, meeting) is the same for all of them.
 * A whole-op parse per row cost 0.6 to 2 s per 100,000 ops in the import worker (zod without
 * eval); this costs about a tenth of that. Throws on the first invalid op, like `outboxRow`.
 */
export function recordSetRows(meeting: MeetingRow, at: string, changes: readonly RecordChange[]): OutboxRow[] {
  const ref = refOf(meeting);
  const rows: OutboxRow[] = [];
  const field = RecordSetOp.shape;
  for (const [i, { userId, status, baseStatus }] of changes.entries()) {
    // Each op its own ref object, as a parsed op had: no op in memory shares a part with another.
    const op: RecordSetOp = { opId: newOpId(), kind: 'record.set', courseId: meeting.courseId, at, meeting: { ...ref }, userId, status, baseStatus };
    if (i === 0) OutboxOp.parse(op);
    else {
      field.opId.parse(op.opId);
      field.userId.parse(userId);
      field.status.parse(status);
      field.baseStatus.parse(baseStatus);
    }
    rows.push({ opId: op.opId, courseId: op.courseId, meetingKey: meeting.key, userId, op, state: 'pending' });
  }
  return rows;
}

/** Validate and queue one op. Call inside the transaction that writes the data it describes. */
export async function addOp(db: RollbookDb, op: OutboxOp, meetingKey: string): Promise<string> {
  const row = outboxRow(op, meetingKey);
  await db.outbox.add(row);
  return row.opId;
}

/** The outbox rows that take users' records off Learn at one meeting (an undo's clears), validated as `outboxRow` does. */
export function recordClearRows(meeting: MeetingRow, at: string, clears: readonly { userId: string; base: LearnStatus }[]): OutboxRow[] {
  const ref = refOf(meeting);
  return clears.map(({ userId, base }) => outboxRow({ opId: newOpId(), kind: 'record.clear', courseId: meeting.courseId, at, meeting: { ...ref }, userId, baseStatus: base }, meeting.key));
}
