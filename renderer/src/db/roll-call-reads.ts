import { Dexie } from 'dexie';
import type { LearnStatus } from '../../../shared/api/attendance';
import { byName } from '../../../shared/domain/name-order';
import type { MeetingRef } from '../../../shared/domain/outbox';
import { readValid } from './integrity';
import { findMeeting, meetingKeyOf } from './ops';
import type { RollbookDb } from './rollbook-db';
import { expandOutbox } from './outbox-batches';
import { AttendanceRecordRow, ConflictRow, MeetingRow, RosterMemberRow } from './rows';

/**
 * The roll call's reads, narrow on purpose: each reads only index ranges of one course
 * or one meeting, so a liveQuery around it re-runs on a change to that course's roster or that
 * meeting's records, ops and conflicts, and on nothing else (a sync landing for another meeting,
 * a content change, a tap in another tab's meeting).
 */

/** One student of a course's roster, without any meeting's status. */
export interface RosterStudent {
  userId: string;
  userName: string;
  givenName: string;
  familyName: string;
  studentId?: string;
}

/** One student's standing at a meeting, as saved on this device. */
export interface SavedMark {
  /** Possibly a status Learn has that Rollbook does not know (shown as the word itself). */
  status: LearnStatus | null;
  /** Saved here, not yet on Learn. */
  pending: boolean;
  /** Why sending it failed, when it did. */
  failure?: string;
  /** The server changed it since this device read it: see outboxRepo.conflicts(). */
  conflict: boolean;
  /** The saved row itself, so a tap can be written without reading it first (attendance-repo.ts). */
  record?: AttendanceRecordRow;
}

/** A meeting's saved marks by user id, and its row as read with them. */
export interface MeetingMarks {
  meeting: MeetingRow | undefined;
  marks: Map<string, SavedMark>;
}

export type RosterEntry = RosterStudent & SavedMark;

/** Whether this device holds any student of the course (a roster read from Learn at least once, or a course with none). */
export async function hasRoster(db: RollbookDb, courseId: string): Promise<boolean> {
  return (await db.rosterMembers.where('courseId').equals(courseId).limit(1).count()) > 0;
}

/** The course's roster in name order (shared/domain/name-order.ts); the [courseId+sortName] range picks the course's rows only. */
export async function courseRoster(db: RollbookDb, courseId: string): Promise<RosterStudent[]> {
  const rows = await db.rosterMembers.where('[courseId+sortName]').between([courseId, Dexie.minKey], [courseId, Dexie.maxKey]).toArray();
  return readValid('rosterMembers', RosterMemberRow, rows).sort(byName()).map((m) => ({
    userId: m.userId,
    userName: m.userName,
    givenName: m.givenName,
    familyName: m.familyName,
    ...(m.studentId !== undefined ? { studentId: m.studentId } : {}),
  }));
}

/**
 * What this device holds for one meeting, by user id: records, live ops and conflicts, each read
 * by the meetingKey index. The meeting row is read by its ref, so a meeting created offline that
 * gets its server id meanwhile (its key changes) is followed.
 */
export async function meetingMarks(db: RollbookDb, meetingRef: MeetingRef): Promise<MeetingMarks> {
  // One read-only transaction, ended before the rows are checked: a tap's write waits for every
  // read of its tables still open, so reads here hold them as briefly as they can.
  const [meeting, records, ops, conflicts] = await db.transaction('r', [db.meetings, db.attendanceRecords, db.outbox, db.conflicts], async () => {
    const found = await findMeeting(db, meetingRef);
    const key = found?.key ?? meetingKeyOf(meetingRef);
    const rows = await Promise.all([
      db.attendanceRecords.where('meetingKey').equals(key).toArray(),
      db.outbox.where('meetingKey').equals(key).toArray(),
      db.conflicts.where('meetingKey').equals(key).toArray(),
    ]);
    return [found, ...rows] as const;
  });
  const marks = new Map<string, SavedMark>();
  const markOf = (userId: string): SavedMark => {
    let mark = marks.get(userId);
    if (!mark) marks.set(userId, (mark = { status: null, pending: false, conflict: false }));
    return mark;
  };
  for (const r of readValid('attendanceRecords', AttendanceRecordRow, records)) {
    const mark = markOf(r.userId);
    mark.status = r.status;
    mark.record = r;
  }
  for (const o of expandOutbox(ops)) {
    if (o.state === 'withdrawn' || !o.userId) continue;
    const mark = markOf(o.userId);
    mark.pending = true;
    if (o.state === 'failed') mark.failure = o.error ?? 'failed';
  }
  for (const c of readValid('conflicts', ConflictRow, conflicts)) markOf(c.userId).conflict = true;
  const valid = meeting ? readValid('meetings', MeetingRow, [meeting])[0] : undefined;
  return { meeting: valid, marks };
}

const UNMARKED: SavedMark = { status: null, pending: false, conflict: false };

/** The roster with each student's standing at the meeting. */
export function withMarks(roster: readonly RosterStudent[], marks: ReadonlyMap<string, SavedMark>): RosterEntry[] {
  return roster.map((s) => {
    const { status, pending, failure, conflict } = marks.get(s.userId) ?? UNMARKED;
    return { ...s, status, pending, conflict, ...(failure !== undefined ? { failure } : {}) };
  });
}

/** The roster sorted by last name, each student with their status at the meeting (one read of both). */
export async function rosterWithStatuses(db: RollbookDb, courseId: string, meetingRef: MeetingRef): Promise<RosterEntry[]> {
  const [roster, { marks }] = await Promise.all([courseRoster(db, courseId), meetingMarks(db, meetingRef)]);
  return withMarks(roster, marks);
}
