import Papa from 'papaparse';
import { ATTENDANCE_STATUSES, isKnownStatus, type LearnStatus } from '../api/attendance';
import { sortByName } from '../domain/name-order';
import type { CsvDelimiter } from './delimiter';
import { ENGLISH_EXPORT_WORDS, type ExportKind, type ExportWords } from './export-words';
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
  /** The grid's and the report's headers and status words; default English. */
  words?: ExportWords;
}

/** The sheet with its students in name order for `options.locale`. */
function inNameOrder(sheet: AttendanceSheet, options: ExportOptions): AttendanceSheet {
  return { ...sheet, students: sortByName(sheet.students, options.locale) };
}

/** A grid's and a report's first columns, in `words`. */
function fixedColumns(words: ExportWords): string[] {
  return [words.name, words.userName, words.studentId];
}

/** A grid's and a report's count columns: one a status, then not marked and the rate. */
function totalColumns(words: ExportWords): string[] {
  return [...ATTENDANCE_STATUSES.map((s) => words.status[s]), words.notMarked, words.rate];
}

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
  const words = options.words ?? ENGLISH_EXPORT_WORDS;
  const header = [...fixedColumns(words), ...sheet.meetings.map(meetingColumnTitle), ...totalColumns(words)];
  // A status Learn added after this version is written as Learn names it.
  const statusWord = (status: LearnStatus | undefined): string => (status === undefined ? '' : isKnownStatus(status) ? words.status[status] : status);
  const rows = summarise(inNameOrder(sheet, options)).map(({ student, counts, notMarked, rate }) => [
    lastFirst(student),
    student.userName,
    student.studentId ?? '',
    ...sheet.meetings.map((m) => statusWord(sheet.statuses.get(recordKey(m.key, student.userId)))),
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
  const words = options.words ?? ENGLISH_EXPORT_WORDS;
  const header = [...fixedColumns(words), ...totalColumns(words), words.overAbsences(maxAbsences)];
  const rows = summarise(inNameOrder(sheet, options)).map((s) => [
    lastFirst(s.student),
    s.student.userName,
    s.student.studentId ?? '',
    ...ATTENDANCE_STATUSES.map((st) => String(s.counts[st])),
    String(s.notMarked),
    formatRate(s.rate, comma),
    overThreshold(s, maxAbsences) ? words.yes : words.no,
  ]);
  return toCsv([header, ...rows], options);
}

/** `PSYC-101-F26 attendance grid 2026-11-23.csv`: course and date, in the export's language. */
export function exportFileName(courseCode: string, kind: ExportKind, today: Date = new Date(), words: ExportWords = ENGLISH_EXPORT_WORDS): string {
  const pad = (n: number): string => String(n).padStart(2, '0');
  const date = `${today.getFullYear()}-${pad(today.getMonth() + 1)}-${pad(today.getDate())}`;
  return `${words.fileName(kind, courseCode, date)}.csv`;
}
