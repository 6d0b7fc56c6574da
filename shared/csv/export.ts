import Papa from 'papaparse';
import { ATTENDANCE_STATUSES } from '../api/attendance';
import { sortByName } from '../domain/name-order';
import type { CsvDelimiter } from './delimiter';
import { neutraliseCell } from './formula';
import { formatRate, overThreshold, summarise } from './report';
import { lastFirst, meetingColumnTitle, recordKey, type AttendanceSheet } from './sheet';

/**
 * The three exports. All: CRLF (what Excel writes and expects), every cell through the formula
 * rule (formula.ts), every cell quoted only when it must be, a byte-order mark when the user
 * picks "for Excel" (without one, Excel reads UTF-8 as the local ANSI code page and mangles names),
 * and students in the one name order (shared/domain/name-order.ts), whatever order the sheet has.
 */
export interface ExportOptions {
  delimiter: CsvDelimiter;
  /** "For Excel": start with a UTF-8 byte-order mark. */
  bom: boolean;
  /** The language names are sorted in; default the user's own. */
  locale?: string;
}

/** The sheet with its students in name order for `options.locale`. */
function inNameOrder(sheet: AttendanceSheet, options: ExportOptions): AttendanceSheet {
  return { ...sheet, students: sortByName(sheet.students, options.locale) };
}

export const GRID_FIXED_COLUMNS = ['Name', 'User name', 'Student ID'] as const;
export const GRID_TOTAL_COLUMNS = [...ATTENDANCE_STATUSES, 'Not marked', 'Attendance %'] as const;

/** The columns Learn admins' attendance export scripts use, in their order. */
export const LONG_COLUMNS = [
  'Course ID',
  'Meeting ID',
  'Meeting title',
  'Start',
  'End',
  'User ID',
  'User name',
  'External user key',
  'Student ID',
  'Given name',
  'Family name',
  'Status',
] as const;

function toCsv(rows: string[][], options: ExportOptions): string {
  const body = Papa.unparse(
    rows.map((r) => r.map(neutraliseCell)),
    { delimiter: options.delimiter, newline: '\r\n', quotes: false, escapeFormulae: false },
  );
  return `${options.bom ? '\ufeff' : ''}${body}\r\n`;
}

/** One row per student; one column per meeting (local start and title); totals and rate. */
export function gridCsv(sheet: AttendanceSheet, options: ExportOptions): string {
  const comma = options.delimiter === ';';
  const header = [...GRID_FIXED_COLUMNS, ...sheet.meetings.map(meetingColumnTitle), ...GRID_TOTAL_COLUMNS];
  const rows = summarise(inNameOrder(sheet, options)).map(({ student, counts, notMarked, rate }) => [
    lastFirst(student),
    student.userName,
    student.studentId ?? '',
    ...sheet.meetings.map((m) => sheet.statuses.get(recordKey(m.key, student.userId)) ?? ''),
    ...ATTENDANCE_STATUSES.map((s) => String(counts[s])),
    String(notMarked),
    formatRate(rate, comma),
  ]);
  return toCsv([header, ...rows], options);
}

/** One row per record (marked statuses only), in meeting then name order. */
export function longCsv(sheet: AttendanceSheet, options: ExportOptions): string {
  const rows: string[][] = [[...LONG_COLUMNS]];
  const students = sortByName(sheet.students, options.locale);
  for (const m of sheet.meetings) {
    for (const s of students) {
      const status = sheet.statuses.get(recordKey(m.key, s.userId));
      if (!status) continue;
      rows.push([
        sheet.courseCode,
        m.serverId === undefined ? '' : String(m.serverId),
        m.title,
        m.start,
        m.end ?? '',
        s.userId,
        s.userName,
        s.externalId ?? '',
        s.studentId ?? '',
        s.givenName,
        s.familyName,
        status,
      ]);
    }
  }
  return toCsv(rows, options);
}

/** The report: per student, counts, rate and whether they are over the absence threshold. */
export function reportCsv(sheet: AttendanceSheet, maxAbsences: number, options: ExportOptions): string {
  const comma = options.delimiter === ';';
  const header = [...GRID_FIXED_COLUMNS, ...GRID_TOTAL_COLUMNS, `Over ${maxAbsences} absences`];
  const rows = summarise(inNameOrder(sheet, options)).map((s) => [
    lastFirst(s.student),
    s.student.userName,
    s.student.studentId ?? '',
    ...ATTENDANCE_STATUSES.map((st) => String(s.counts[st])),
    String(s.notMarked),
    formatRate(s.rate, comma),
    overThreshold(s, maxAbsences) ? 'Yes' : 'No',
  ]);
  return toCsv([header, ...rows], options);
}

/** `PSYC-101-F26 attendance grid 2026-11-23.csv`: course and date, as the brief asks. */
export function exportFileName(courseCode: string, kind: 'grid' | 'long' | 'report', today: Date = new Date()): string {
  const pad = (n: number): string => String(n).padStart(2, '0');
  const date = `${today.getFullYear()}-${pad(today.getMonth() + 1)}-${pad(today.getDate())}`;
  const what = kind === 'grid' ? 'attendance grid' : kind === 'long' ? 'attendance records' : 'attendance report';
  return `${courseCode} ${what} ${date}.csv`;
}
