import type { AttendanceStatus } from '../../../shared/api/attendance';
import { readValid } from './integrity';
import { meetingReadKey, recordsReadKey } from './cache-repo';
import { refOf } from './ops';
import { courses, type MeetingListItem } from './queries';
import type { RollbookDb } from './rollbook-db';
import { AttendanceRecordRow, MeetingRow, type CourseRow } from './rows';

/**
 * What the meeting list and Today show of each meeting and course (issue 18, item 2), from this
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

/** A course's meetings with their states, and its status counts. */
export async function courseAttendance(db: RollbookDb, courseId: string): Promise<CourseAttendance> {
  const [meetingRows, rosterKeys, recordRows, outbox, conflicts, readKeys] = await Promise.all([
    db.meetings.where('courseId').equals(courseId).toArray(),
    db.rosterMembers.where('courseId').equals(courseId).primaryKeys(),
    db.attendanceRecords.where('courseId').equals(courseId).toArray(),
    db.outbox.where('courseId').equals(courseId).toArray(),
    db.conflicts.where('courseId').equals(courseId).toArray(),
    db.syncState.where('key').startsWith(`${recordsReadKey(courseId)}:`).primaryKeys(),
  ]);
  const read = new Set<string>(readKeys);
  const roster = new Set(rosterKeys.map(([, userId]) => userId));
  const state = new Map<string, MeetingState>();
  const stateOf = (key: string): MeetingState => {
    let s = state.get(key);
    if (!s) state.set(key, (s = { marked: 0, total: roster.size, waiting: 0, failed: 0, conflicts: 0, known: false }));
    return s;
  };
  const counts: Record<AttendanceStatus, number> = { Present: 0, Absent: 0, Late: 0, Excused: 0 };
  for (const r of readValid('attendanceRecords', AttendanceRecordRow, recordRows)) {
    stateOf(r.meetingKey).known = true;
    // A student no longer on the roster is not counted: "taken 287/300" is of today's roster.
    if (r.status === null || !roster.has(r.userId)) continue;
    stateOf(r.meetingKey).marked++;
    counts[r.status]++;
  }
  for (const o of outbox) {
    if (o.state === 'withdrawn') continue;
    const s = stateOf(o.meetingKey);
    s.waiting++;
    if (o.state === 'failed') s.failed++;
  }
  for (const c of conflicts) stateOf(c.meetingKey).conflicts++;
  const meetings = readValid('meetings', MeetingRow, meetingRows)
    .filter((m) => !m.deleted)
    .sort((a, b) => a.start.localeCompare(b.start) || a.key.localeCompare(b.key))
    .map((m) => {
      const s = stateOf(m.key);
      // Made here, read from Learn, or still to come: "not taken" is then a fact, not a guess.
      if (m.serverId === undefined || read.has(meetingReadKey(courseId, m.key)) || Date.parse(m.start) > Date.now()) s.known = true;
      return { ...m, ref: refOf(m), pending: s.waiting > 0, state: s };
    });
  return { meetings, counts };
}

/** One course as Today shows it. */
export interface CourseGlance {
  course: CourseRow;
  /** The course's meetings, oldest first (for the usual slot and the day's list). */
  meetings: MeetingWithState[];
  counts: Record<AttendanceStatus, number>;
}

/** Every course with its meetings and counts, courses by name. */
export async function courseGlances(db: RollbookDb): Promise<CourseGlance[]> {
  return Promise.all((await courses(db)).map(async (course) => ({ course, ...(await courseAttendance(db, course.id)) })));
}
