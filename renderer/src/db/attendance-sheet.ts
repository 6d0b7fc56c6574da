import type { AttendanceSheet, SheetMeeting, SheetStudent } from '../../../shared/csv/sheet';
import { byName } from '../../../shared/domain/name-order';
import { recordKey } from '../../../shared/csv/sheet';
import { readValid } from './integrity';
import type { RollbookDb } from './rollbook-db';
import { AttendanceRecordRow, MeetingRow, RosterMemberRow } from './rows';

/**
 * A course's whole attendance from the local store (so it works offline): the roster in name
 * order (the roll call's), the meetings oldest first (not the ones deleted here), and every status set. What the
 * exports, the report and the import preview read; corrupt rows are skipped (integrity.ts).
 */
export async function attendanceSheet(db: RollbookDb, courseId: string, courseCode: string): Promise<AttendanceSheet> {
  const [memberRows, meetingRows, recordRows] = await Promise.all([
    db.rosterMembers.where('courseId').equals(courseId).toArray(),
    db.meetings.where('courseId').equals(courseId).toArray(),
    db.attendanceRecords.where('courseId').equals(courseId).toArray(),
  ]);
  const students: SheetStudent[] = readValid('rosterMembers', RosterMemberRow, memberRows)
    .sort(byName())
    .map((m) => ({
      userId: m.userId,
      userName: m.userName,
      givenName: m.givenName,
      familyName: m.familyName,
      ...(m.studentId !== undefined ? { studentId: m.studentId } : {}),
      ...(m.email !== undefined ? { email: m.email } : {}),
      ...(m.externalId !== undefined ? { externalId: m.externalId } : {}),
    }));
  const meetings: SheetMeeting[] = readValid('meetings', MeetingRow, meetingRows)
    .filter((m) => !m.deleted)
    .sort((a, b) => a.start.localeCompare(b.start) || a.key.localeCompare(b.key))
    .map((m) => ({ key: m.key, ...(m.serverId !== undefined ? { serverId: m.serverId } : {}), title: m.title, start: m.start, end: m.end }));
  const statuses = new Map<string, NonNullable<AttendanceRecordRow['status']>>();
  for (const r of readValid('attendanceRecords', AttendanceRecordRow, recordRows)) {
    if (r.status !== null) statuses.set(recordKey(r.meetingKey, r.userId), r.status);
  }
  return { courseId, courseCode, students, meetings, statuses };
}
