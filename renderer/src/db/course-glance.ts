import type { z } from 'zod';
import { isKnownStatus, type AttendanceStatus } from '../../../shared/api/attendance';
import { readValid, readValidQuickly } from './integrity';
import { meetingsReadKey } from './cache-repo';
import { meetingReadKey, recordsReadKey } from './read-freshness';
import { refOf } from './ops';
import { isOpRow } from './outbox-batches';
import { courses, type MeetingListItem } from './queries';
import type { RollbookDb } from './rollbook-db';
import { AttendanceRecordRow, MeetingRow, type ConflictRow, type CourseRow, type StoredOutboxRow } from './rows';

/**
 * What the meeting list and Today show of each meeting and course, from this
 * device's data only, so offline too. One read of a course's records serves both the meetings'
 * states and the course's attendance so far.
 */

/** Where a meeting stands: how many of the roster are marked, and what is not yet in Learn. */
export interface MeetingState {
  /** Students of the roster with a status at this meeting. */
  marked: number;
  /** Students on the roster. */
  total: number;
  /** Changes of this meeting waiting to be sent (its creation, edits and marks), failed ones included. */
  waiting: number;
  /** Of those, the ones Learn refused. */
  failed: number;
  /** Records Learn changed since this device read them: the user chooses. */
  conflicts: number;
  /**
   * This device knows the meeting's roll: it read Learn's records, holds some, or made the meeting.
   * False: nothing marked here, and what Learn has is not read yet ("not taken" would be a guess).
   */
  known: boolean;
}

export type MeetingWithState = MeetingListItem & { state: MeetingState };

export interface CourseAttendance {
  /** Every meeting of the course not deleted here, oldest first, with its state. */
  meetings: MeetingWithState[];
  /** Statuses over every record of the course's roster (for the rate so far). */
  counts: Record<AttendanceStatus, number>;
}

/** The rows one course's attendance is built from. */
interface CourseRows {
  meetings: unknown[];
  rosterUserIds: string[];
  records: unknown[];
  outbox: StoredOutboxRow[];
  conflicts: ConflictRow[];
  /** The course's per-meeting "records read" keys. */
  readKeys: Set<string>;
}

/** A record as counted: three fields checked, not the whole row (72,000 of them on a term's Today; bench/sections/today.ts). */
export const CountedRecord = AttendanceRecordRow.pick({ meetingKey: true, userId: true, status: true });
type CountedRecord = z.infer<typeof CountedRecord>;

const filled = (v: unknown): boolean => typeof v === 'string' && v.length > 0;

/**
 * `CountedRecord` checked by hand, as strictly: zod's parse copies each row, and on a term's
 * records that copying was most of what Today's read added to reading the tables.
 */
export function plainlyCounted(row: unknown): row is CountedRecord {
  if (typeof row !== 'object' || row === null) return false;
  const r = row as Record<string, unknown>;
  // Any word: a status Learn has that Rollbook does not know is kept (shared/api/attendance.ts LearnStatus).
  return filled(r.meetingKey) && filled(r.userId) && (r.status === null || typeof r.status === 'string');
}

function attendanceOf(courseId: string, rows: CourseRows): CourseAttendance {
  const roster = new Set(rows.rosterUserIds);
  const state = new Map<string, MeetingState>();
  const stateOf = (key: string): MeetingState => {
    let s = state.get(key);
    if (!s) state.set(key, (s = { marked: 0, total: roster.size, waiting: 0, failed: 0, conflicts: 0, known: false }));
    return s;
  };
  const counts: Record<AttendanceStatus, number> = { Present: 0, Absent: 0, Late: 0, Excused: 0 };
  for (const r of readValidQuickly('attendanceRecords', CountedRecord, rows.records, plainlyCounted)) {
    const s = stateOf(r.meetingKey);
    s.known = true;
    // A student no longer on the roster is not counted: "taken 287/300" is of today's roster.
    if (r.status === null || !roster.has(r.userId)) continue;
    s.marked++;
    if (isKnownStatus(r.status)) counts[r.status]++; // an unknown status counts as taken, in none of the four
  }
  for (const o of rows.outbox) {
    if (o.state === 'withdrawn') continue;
    const s = stateOf(o.meetingKey);
    // An import's batch waits as the ops it holds; counted, not expanded (Today reads every course).
    s.waiting += isOpRow(o) ? 1 : o.size;
    if (o.state === 'failed') s.failed++;
  }
  for (const c of rows.conflicts) stateOf(c.meetingKey).conflicts++;
  const now = Date.now();
  const meetings = readValid('meetings', MeetingRow, rows.meetings)
    .filter((m) => !m.deleted)
    .sort((a, b) => a.start.localeCompare(b.start) || a.key.localeCompare(b.key))
    .map((m) => {
      const s = stateOf(m.key);
      // Made here, read from Learn, or still to come: "not taken" is then a fact, not a guess.
      if (m.serverId === undefined || rows.readKeys.has(meetingReadKey(courseId, m.key)) || Date.parse(m.start) > now) s.known = true;
      return { ...m, ref: refOf(m), pending: s.waiting > 0, state: s };
    });
  return { meetings, counts };
}

/** A course's meetings with their states, and its status counts: the course's rows, by index. */
export async function courseAttendance(db: RollbookDb, courseId: string): Promise<CourseAttendance> {
  const [meetings, rosterKeys, records, outbox, conflicts, readKeys] = await Promise.all([
    db.meetings.where('courseId').equals(courseId).toArray(),
    db.rosterMembers.where('courseId').equals(courseId).primaryKeys(),
    db.attendanceRecords.where('courseId').equals(courseId).toArray(),
    db.outbox.where('courseId').equals(courseId).toArray(),
    db.conflicts.where('courseId').equals(courseId).toArray(),
    db.syncState.where('key').startsWith(`${recordsReadKey(courseId)}:`).primaryKeys(),
  ]);
  return attendanceOf(courseId, { meetings, rosterUserIds: rosterKeys.map(([, userId]) => userId), records, outbox, conflicts, readKeys: new Set(readKeys) });
}

/** One course as Today shows it. */
export interface CourseGlance {
  course: CourseRow;
  /** The course's meetings, oldest first (for the usual slot and the day's list). */
  meetings: MeetingWithState[];
  counts: Record<AttendanceStatus, number>;
  /** Students of the course's roster on this device (0: no roster read yet). */
  students: number;
  /**
   * This device knows the course's meetings: Learn's list was read, or the device holds some (made
   * here, or read before this was noted). False on a first run until Learn answers: "none planned"
   * would be a guess.
   */
  meetingsKnown: boolean;
}

/**
 * Every course with its meetings and counts, courses by name. Today wants every course, so each
 * table is read whole once and split by course: one pass, not an index read a course.
 */
export async function courseGlances(db: RollbookDb): Promise<CourseGlance[]> {
  // One read transaction, not one per table: each is a round trip to the browser's database
  // process, and Today re-reads all of them after every write of Learn's lists.
  const [list, meetings, rosterKeys, records, outbox, conflicts, readKeys, meetingsRead] = await db.transaction(
    'r',
    [db.courses, db.meetings, db.rosterMembers, db.attendanceRecords, db.outbox, db.conflicts, db.syncState],
    () =>
      Promise.all([
        courses(db),
        db.meetings.toArray(),
        db.rosterMembers.toCollection().primaryKeys(),
        db.attendanceRecords.toArray(),
        db.outbox.toArray(),
        db.conflicts.toArray(),
        db.syncState.where('key').startsWith('recordsRead:').primaryKeys(),
        db.syncState.where('key').startsWith(meetingsReadKey('')).primaryKeys(),
      ]),
  );
  const meetingsReadOf = new Set(meetingsRead);
  const byCourse = new Map<string, CourseRows>();
  const rowsOf = (courseId: unknown): CourseRows | undefined => (typeof courseId === 'string' ? byCourse.get(courseId) : undefined);
  for (const c of list) byCourse.set(c.id, { meetings: [], rosterUserIds: [], records: [], outbox: [], conflicts: [], readKeys: new Set() });
  for (const m of meetings) rowsOf(m.courseId)?.meetings.push(m);
  for (const [courseId, userId] of rosterKeys) rowsOf(courseId)?.rosterUserIds.push(userId);
  for (const r of records) rowsOf(r.courseId)?.records.push(r);
  for (const o of outbox) rowsOf(o.courseId)?.outbox.push(o);
  for (const c of conflicts) rowsOf(c.courseId)?.conflicts.push(c);
  for (const c of list) {
    const prefix = `${recordsReadKey(c.id)}:`;
    const rows = byCourse.get(c.id);
    for (const key of readKeys) if (key.startsWith(prefix)) rows?.readKeys.add(key);
  }
  return list.map((course) => {
    const rows = byCourse.get(course.id)!;
    const meetingsKnown = meetingsReadOf.has(meetingsReadKey(course.id)) || rows.meetings.length > 0;
    return { course, ...attendanceOf(course.id, rows), students: rows.rosterUserIds.length, meetingsKnown };
  });
}

/**
 * The server ids of a course's meetings that have started and whose roll this device has not read
 * from Learn (nor holds a mark of), the latest first: what Today reads when asked, so the attendance rate counts them.
 */
export async function unreadPastMeetings(db: RollbookDb, courseId: string, now: number): Promise<number[]> {
  const { meetings } = await courseAttendance(db, courseId);
  return meetings
    .filter((m) => m.serverId !== undefined && !m.state.known && Date.parse(m.start) <= now)
    .reverse()
    .map((m) => m.serverId!);
}
