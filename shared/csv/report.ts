import { ATTENDANCE_STATUSES, isKnownStatus, type AttendanceStatus } from '../api/attendance';
import { byName } from '../domain/name-order';
import { recordKey, type AttendanceSheet, type SheetStudent } from './sheet';

/**
 * Per student: counts per status and the attendance rate. The rate (docs/api-notes/attendance-csv.md,
 * "Attendance rate") is (Present + Late) / (meetings marked, less Excused): an excused absence
 * neither helps nor hurts, and a meeting not marked yet is not counted against anyone.
 */
export interface StudentSummary {
  student: SheetStudent;
  counts: Record<AttendanceStatus, number>;
  notMarked: number;
  /** 0..1, or null when nothing counts yet. */
  rate: number | null;
}

export function summarise(sheet: AttendanceSheet): StudentSummary[] {
  return sheet.students.map((student) => {
    const counts: Record<AttendanceStatus, number> = { Present: 0, Absent: 0, Late: 0, Excused: 0 };
    let notMarked = 0;
    for (const m of sheet.meetings) {
      const status = sheet.statuses.get(recordKey(m.key, student.userId));
      if (isKnownStatus(status)) counts[status]++;
      else if (!status) notMarked++; // an unknown status is marked, in no count and outside the rate (like Excused)
    }
    return { student, counts, notMarked, rate: attendanceRate(counts) };
  });
}

/** The one attendance rate (a student's, or a course's over all its records): Excused left out, null when nothing counts. */
export function attendanceRate(counts: Record<AttendanceStatus, number>): number | null {
  const counted = counts.Present + counts.Late + counts.Absent;
  return counted === 0 ? null : (counts.Present + counts.Late) / counted;
}

/** Over the absence threshold: more absences than the instructor allows (Excused not counted). */
export function overThreshold(summary: StudentSummary, maxAbsences: number): boolean {
  return summary.counts.Absent > maxAbsences;
}

/** "87.5" (or "87,5" for a semicolon file, where a comma is the decimal mark); blank when no rate. */
export function formatRate(rate: number | null, decimalComma = false): string {
  if (rate === null) return '';
  const text = (Math.round(rate * 1000) / 10).toFixed(1);
  return decimalComma ? text.replace('.', ',') : text;
}

export { ATTENDANCE_STATUSES };

/** A column of the report the user can sort by. */
export type ReportColumn = 'name' | AttendanceStatus | 'notMarked' | 'rate';

/**
 * The report's rows sorted by a column; ties (and the name column) in the one name order
 * (shared/domain/name-order.ts). A student with no rate yet sorts after every rate either way.
 */
export function sortSummaries(summaries: readonly StudentSummary[], column: ReportColumn, direction: 'ascending' | 'descending', locale?: string): StudentSummary[] {
  const names = byName(locale);
  const flip = direction === 'ascending' ? 1 : -1;
  const value = (s: StudentSummary): number | null => (column === 'name' ? 0 : column === 'notMarked' ? s.notMarked : column === 'rate' ? s.rate : s.counts[column]);
  return [...summaries].sort((a, b) => {
    const name = names(a.student, b.student);
    if (column === 'name') return flip * name;
    const va = value(a);
    const vb = value(b);
    if (va === null || vb === null) return va === vb ? name : va === null ? 1 : -1;
    return flip * (va - vb) || name;
  });
}
