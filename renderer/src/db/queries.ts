import { isKnownStatus, type AttendanceStatus } from '../../../shared/api/attendance';
import type { MeetingRef, OutboxOpKind } from '../../../shared/domain/outbox';
import type { HostWords } from '../../../shared/ipc/host-words';
import { readValid } from './integrity';
import { findMeeting, meetingKeyOf, refOf } from './ops';
import { expandOutbox, waitingOpCount } from './outbox-batches';
import type { RollbookDb } from './rollbook-db';
import { AttendanceRecordRow, CourseRow, MeetingRow, RosterMemberRow, SyncHistoryRow, type OutboxRow } from './rows';

/**
 * Reads for the screens. Each is a plain async function of the db, so a screen wraps it in
 * `liveQuery(() => ...)` and re-renders whenever a table it read changes. Corrupt rows are
 * skipped (integrity.ts), never thrown.
 */

export function courses(db: RollbookDb): Promise<CourseRow[]> {
  return db.courses.toArray().then((rows) => readValid('courses', CourseRow, rows).sort((a, b) => a.name.localeCompare(b.name)));
}

export type MeetingListItem = MeetingRow & { ref: MeetingRef; pending: boolean };

/** A course's meetings, oldest first, without the ones deleted here; `pending` when unsynced. */
export async function meetingsOf(db: RollbookDb, courseId: string): Promise<MeetingListItem[]> {
  const rows = readValid('meetings', MeetingRow, await db.meetings.where('courseId').equals(courseId).toArray());
  const withOps = new Set((await liveOps(db, courseId)).map((o) => o.meetingKey));
  return rows
    .filter((m) => !m.deleted)
    .sort((a, b) => a.start.localeCompare(b.start) || a.key.localeCompare(b.key))
    .map((m) => ({ ...m, ref: refOf(m), pending: withOps.has(m.key) }));
}

async function meetingKey(db: RollbookDb, ref: MeetingRef): Promise<string> {
  return (await findMeeting(db, ref))?.key ?? meetingKeyOf(ref);
}

/** `other`: marked in Learn with a status Rollbook does not know (counted as marked, in none of the four). */
export type StatusCounts = Record<AttendanceStatus, number> & { other: number; notMarked: number; total: number };

/** Live counts per status over the course's roster. */
export async function counts(db: RollbookDb, courseId: string, meetingRef: MeetingRef): Promise<StatusCounts> {
  const key = await meetingKey(db, meetingRef);
  const members = readValid('rosterMembers', RosterMemberRow, await db.rosterMembers.where('courseId').equals(courseId).toArray());
  const records = new Map(readValid('attendanceRecords', AttendanceRecordRow, await db.attendanceRecords.where('meetingKey').equals(key).toArray()).map((r) => [r.userId, r.status]));
  const out: StatusCounts = { Present: 0, Absent: 0, Late: 0, Excused: 0, other: 0, notMarked: 0, total: members.length };
  for (const m of members) {
    const status = records.get(m.userId) ?? null;
    if (status === null) out.notMarked++;
    else if (isKnownStatus(status)) out[status]++;
    else out.other++;
  }
  return out;
}

/** How many changes wait to reach Learn (failed ones included: they still wait). */
export function pendingCount(db: RollbookDb, courseId?: string): Promise<number> {
  if (courseId !== undefined) return db.outbox.where('state').anyOf('pending', 'failed').filter((o) => o.courseId === courseId).toArray().then((rows) => expandOutbox(rows).length);
  // Index reads only, no row: the status bar reads this after every key press of a roll call, so
  // it must answer before the next one.
  return waitingOpCount(db);
}

/** Ops still meant for Learn (not undone). */
async function liveOps(db: RollbookDb, courseId: string): Promise<OutboxRow[]> {
  return expandOutbox(await db.outbox.where('courseId').equals(courseId).toArray()).filter((o) => o.state !== 'withdrawn');
}

export interface Failure {
  opId: string;
  kind: OutboxOpKind;
  courseId: string;
  meetingKey: string;
  meetingTitle?: string;
  /** ISO start of the meeting, to tell meetings of one title apart. */
  meetingStart?: string;
  userId?: string;
  userName?: string;
  /** "Dmitri Abara": the student as the roster names them. */
  studentName?: string;
  status?: AttendanceStatus;
  /** A content change: what it is, in words. */
  label?: string;
  /** Why, in plain words, without naming the record. */
  message: string;
  /** The technical account, for "Details". */
  detail?: string;
  /** `message` as the host's catalogue key and values (ui/host-words.ts writes it in the instructor's language). */
  words?: HostWords;
  retryable: boolean;
}

/** Ops Learn refused, with the record they concern, for "failures" and its retry button. */
export async function failures(db: RollbookDb): Promise<Failure[]> {
  // A failed op is always a row of its own (outbox-batches.ts).
  const rows = expandOutbox(await db.outbox.where('state').equals('failed').toArray());
  const out: Failure[] = [];
  for (const row of rows.sort((a, b) => a.opId.localeCompare(b.opId))) {
    const meeting = await db.meetings.get(row.meetingKey);
    const member = row.userId ? await db.rosterMembers.get([row.courseId, row.userId]) : undefined;
    out.push({
      opId: row.opId,
      kind: row.op.kind,
      courseId: row.courseId,
      meetingKey: row.meetingKey,
      ...(meeting ? { meetingTitle: meeting.title, meetingStart: meeting.start } : {}),
      ...(row.userId ? { userId: row.userId } : {}),
      ...(member ? { userName: member.userName, studentName: `${member.givenName} ${member.familyName}`.trim() || member.userName } : {}),
      ...(row.op.kind === 'record.set' ? { status: row.op.status } : {}),
      ...(row.op.kind === 'change' ? { label: row.op.label } : {}),
      message: row.error ?? 'failed',
      ...(row.errorDetail !== undefined ? { detail: row.errorDetail } : {}),
      ...(row.errorWords ? { words: row.errorWords } : {}),
      retryable: row.retryable ?? false,
    });
  }
  return out;
}

export interface LastSync {
  /** The last push, whatever its outcome. */
  at: string;
  ok: boolean;
  /** The last push that landed something, or had nothing fail ("Last sync"). */
  lastSuccessAt?: string;
}

export async function lastSync(db: RollbookDb): Promise<LastSync | null> {
  const last = (await db.syncState.get('lastSync'))?.value as { at: string; ok: boolean } | undefined;
  if (!last) return null;
  const success = (await db.syncState.get('lastSuccessAt'))?.value;
  return { at: last.at, ok: last.ok, ...(typeof success === 'string' ? { lastSuccessAt: success } : {}) };
}

/** Pushes, newest first. */
export async function syncHistory(db: RollbookDb, limit = 50): Promise<SyncHistoryRow[]> {
  return readValid('syncHistory', SyncHistoryRow, await db.syncHistory.orderBy('id').reverse().limit(limit).toArray());
}
