import { isKnownStatus, type AttendanceStatus } from '../../../shared/api/attendance';
import type { MeetingRef } from '../../../shared/domain/outbox';
import { readValid } from './integrity';
import { findMeeting } from './ops';
import type { RollbookDb } from './rollbook-db';
import { AttendanceRecordRow, MeetingRow } from './rows';

/**
 * Each student's status at the course's meeting before this one (by start time), for the roll
 * call's "by last status" seating order. A one-off read when that order is chosen: it is not a
 * live query, so taps never re-run it.
 */
export async function previousMarks(db: RollbookDb, courseId: string, meetingRef: MeetingRef): Promise<Map<string, AttendanceStatus>> {
  const [current, meetings] = await db.transaction('r', [db.meetings], async () => [await findMeeting(db, meetingRef), await db.meetings.where('courseId').equals(courseId).toArray()] as const);
  const start = current?.start;
  const earlier = readValid('meetings', MeetingRow, meetings)
    .filter((m) => !m.deleted && m.key !== current?.key && (start === undefined || m.start < start))
    .sort((a, b) => (a.start < b.start ? 1 : a.start > b.start ? -1 : 0));
  const last = earlier[0];
  const marks = new Map<string, AttendanceStatus>();
  if (!last) return marks;
  const records = await db.attendanceRecords.where('meetingKey').equals(last.key).toArray();
  for (const r of readValid('attendanceRecords', AttendanceRecordRow, records)) if (isKnownStatus(r.status)) marks.set(r.userId, r.status);
  return marks;
}
