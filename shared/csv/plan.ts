import type { AttendanceStatus, LearnStatus } from '../api/attendance';
import { meetingName, type MeetingName } from '../domain/meeting-name';
import { sentence, type Sentence } from '../i18n/sentence';
import type { ColumnMapping } from './mapping';
import { MeetingIndex, type MeetingMatch } from './meetings';
import type { CsvRow } from './parse';
import { localDateTime, recordKey, lastFirst, type AttendanceSheet, type SheetStudent } from './sheet';
import { readStatusWord } from './status-words';
import { StudentIndex } from './students';

/**
 * The preview: what importing the file would do, record by record, before anything is written.
 * new: no status yet; changed: a different status; unchanged: the same; error: with the reason
 * and the file's line. A record at a meeting the course does not have is an error that the user
 * can turn into "new" by choosing to create that meeting (`missing`).
 *
 * Rows are fed in batches (`add`) so a 100,000-row file is planned while it is being parsed,
 * in slices that leave the window responsive.
 */
export type Outcome = 'new' | 'changed' | 'unchanged' | 'error';

export interface PlanItem {
  line: number;
  /** The student as the file names them, or their roster name once found. */
  student: string;
  userId?: string;
  /** The meeting as the file names it, or its title and start; an untitled one as a sentence the screen writes. */
  meeting: MeetingName;
  meetingKey?: string;
  /** Index into `missing`: this record needs that meeting created. */
  missing?: number;
  /** Learn's status now: possibly one Rollbook does not know (shown as the word). */
  before: LearnStatus | null;
  after: AttendanceStatus | null;
  outcome: Outcome;
  /** Why a row cannot be imported, as a message the screen writes in the instructor's language. */
  reason?: Sentence;
}

export interface MissingMeeting {
  /** As the file gives it; '' when it gives none (`missingMeetingTitle` names it). */
  title: string;
  start: string;
  end: string;
  firstLine: number;
  records: number;
}

export type OutcomeCounts = Record<Outcome, number>;

const label = (s: SheetStudent): string => `${lastFirst(s)} (${s.userName})`;
/** "Lecture 4 (2026-08-31 14:04)"; an untitled meeting is named by its start in the screen's language ("Meeting on 2026-08-31 14:04"). */
const meetingLabel = (m: { title: string; start: string }): MeetingName => {
  const when = localDateTime(m.start);
  return m.title.trim() ? `${m.title} (${when})` : meetingName(m.title, when);
};

export class ImportPlanner {
  readonly items: PlanItem[] = [];
  readonly missing: MissingMeeting[] = [];
  readonly #students: StudentIndex;
  readonly #meetings: MeetingIndex;
  readonly #seen = new Map<string, number>();
  readonly #missingByKey = new Map<string, number>();
  readonly #recordMatches = new Map<string, MeetingMatch>();
  readonly #columns: { index: number; header: string; match: MeetingMatch }[];
  /** Labels are made once per student and meeting, not once per row (100,000 rows, 1,000 students). */
  readonly #labels = new Map<string, string>();
  readonly #meetingLabels = new Map<string, MeetingName>();

  constructor(
    readonly sheet: AttendanceSheet,
    readonly header: readonly string[],
    readonly mapping: ColumnMapping,
  ) {
    this.#students = new StudentIndex(sheet.students, mapping.studentKey);
    this.#meetings = new MeetingIndex(sheet.meetings, mapping.dateOrder ?? 'dmy');
    this.#columns = mapping.shape === 'grid' ? mapping.meetingColumns.map((index) => ({ index, header: header[index] ?? '', match: this.#meetings.forColumn(header[index] ?? '') })) : [];
  }

  add(rows: readonly CsvRow[]): void {
    for (const row of rows) {
      if (this.mapping.shape === 'grid') this.#gridRow(row);
      else this.#longRow(row);
    }
  }

  #student(row: CsvRow): SheetStudent | PlanItem {
    const column = this.header[this.mapping.studentColumn] ?? 'student';
    const raw = this.#studentCell(row);
    const match = this.#students.find(raw);
    // A blank cell names no one: the screen says so in its language.
    const error = (reason: Sentence): PlanItem => ({ line: row.line, student: raw, meeting: '—', before: null, after: null, outcome: 'error', reason });
    const key = this.mapping.studentKey;
    switch (match.kind) {
      case 'found':
        return match.student;
      case 'blank':
        return error(sentence('imports.rowNoStudent', { column }));
      case 'ambiguous':
        return error(sentence('imports.rowAmbiguousStudent', { count: match.count, key, value: raw }));
      case 'unknown':
        return error(sentence(this.#students.empty ? 'imports.rowNoRoster' : 'imports.rowUnknownStudent', { key, value: raw }));
    }
  }

  /** The student as the row names them; last and first name columns read as "Last, First". */
  #studentCell(row: CsvRow): string {
    const main = (row.cells[this.mapping.studentColumn] ?? '').trim();
    const { givenNameColumn, studentKey } = this.mapping;
    if (studentKey !== 'name' || givenNameColumn < 0) return main;
    const given = (row.cells[givenNameColumn] ?? '').trim();
    return main && given ? `${main}, ${given}` : main || given;
  }

  #gridRow(row: CsvRow): void {
    const student = this.#student(row);
    if ('outcome' in student) {
      this.items.push(student);
      return;
    }
    for (const col of this.#columns) {
      const cell = row.cells[col.index] ?? '';
      const word = readStatusWord(cell);
      if (word.kind === 'blank') continue; // an empty cell changes nothing
      this.#record(row.line, student, col.match, col.header, word.kind === 'status' ? word.status : null, word.kind === 'unknown' ? sentence('imports.rowUnknownStatusIn', { word: word.word, column: col.header }) : undefined);
    }
  }

  #longRow(row: CsvRow): void {
    const m = this.mapping;
    const cell = (i: number): string => (i >= 0 ? (row.cells[i] ?? '') : '');
    const student = this.#student(row);
    if ('outcome' in student) {
      this.items.push(student);
      return;
    }
    const cacheKey = [cell(m.meetingIdColumn), cell(m.meetingTitleColumn), cell(m.startColumn), cell(m.endColumn)].join('\u0000');
    let match = this.#recordMatches.get(cacheKey);
    if (!match) {
      match = this.#meetings.forRecord(cell(m.meetingIdColumn), cell(m.meetingTitleColumn), cell(m.startColumn), cell(m.endColumn));
      this.#recordMatches.set(cacheKey, match);
    }
    const word = readStatusWord(cell(m.statusColumn));
    const problem = word.kind === 'blank' ? sentence('imports.rowEmptyStatus') : word.kind === 'unknown' ? sentence('imports.rowUnknownStatus', { word: word.word }) : undefined;
    this.#record(row.line, student, match, cell(m.meetingTitleColumn) || cell(m.startColumn), word.kind === 'status' ? word.status : null, problem);
  }

  #record(line: number, student: SheetStudent, match: MeetingMatch, named: string, status: AttendanceStatus | null, problem: Sentence | undefined): void {
    const base = { line, student: this.#studentLabel(student), userId: student.userId };
    if (match.kind === 'invalid' || match.kind === 'ambiguous') {
      const reason = match.kind === 'invalid' ? match.reason : sentence('imports.rowAmbiguousMeeting', { count: match.count, named });
      this.items.push({ ...base, meeting: named, before: null, after: status, outcome: 'error', reason });
      return;
    }
    const meetingRef = match.kind === 'found' ? match.meeting.key : `new:${match.start}|${match.title.toLocaleLowerCase()}`;
    const meeting = this.#meetingLabel(meetingRef, match.kind === 'found' ? match.meeting : match);
    if (problem || status === null) {
      const key = match.kind === 'found' ? { meetingKey: match.meeting.key } : {};
      this.items.push({ ...base, meeting, ...key, before: null, after: null, outcome: 'error', reason: problem ?? sentence('imports.rowNoStatus') });
      return;
    }
    const dupKey = recordKey(meetingRef, student.userId);
    const first = this.#seen.get(dupKey);
    if (first !== undefined) {
      this.items.push({ ...base, meeting, before: null, after: status, outcome: 'error', reason: sentence('imports.rowDuplicate', { first: String(first) }) });
      return;
    }
    this.#seen.set(dupKey, line);
    if (match.kind === 'missing') {
      const index = this.#missingFor(meetingRef, match, line);
      // An untitled missing meeting is named here by its start alone (its label is a sentence the screen writes).
      const named = typeof meeting === 'string' ? meeting : localDateTime(match.start);
      this.items.push({ ...base, meeting, missing: index, before: null, after: status, outcome: 'error', reason: sentence('imports.rowMeetingMissing', { meeting: named }) });
      return;
    }
    const before = this.sheet.statuses.get(recordKey(match.meeting.key, student.userId)) ?? null;
    this.items.push({ ...base, meeting, meetingKey: match.meeting.key, before, after: status, outcome: before === null ? 'new' : before === status ? 'unchanged' : 'changed' });
  }

  // No closures here: this runs once per row.
  #studentLabel(s: SheetStudent): string {
    let text = this.#labels.get(`s:${s.userId}`);
    if (text === undefined) this.#labels.set(`s:${s.userId}`, (text = label(s)));
    return text;
  }

  #meetingLabel(ref: string, m: { title: string; start: string }): MeetingName {
    let name = this.#meetingLabels.get(ref);
    if (name === undefined) this.#meetingLabels.set(ref, (name = meetingLabel(m)));
    return name;
  }

  #missingFor(key: string, match: Extract<MeetingMatch, { kind: 'missing' }>, line: number): number {
    let index = this.#missingByKey.get(key);
    if (index === undefined) {
      index = this.missing.length;
      this.missing.push({ title: match.title, start: match.start, end: match.end, firstLine: line, records: 0 });
      this.#missingByKey.set(key, index);
    }
    this.missing[index]!.records++;
    return index;
  }
}

/** An item's outcome once the user has chosen which missing meetings to create. */
export function outcomeOf(item: PlanItem, create: ReadonlySet<number>): Outcome {
  return item.missing !== undefined && create.has(item.missing) ? 'new' : item.outcome;
}

export function countOutcomes(items: readonly PlanItem[], create: ReadonlySet<number>): OutcomeCounts {
  const counts: OutcomeCounts = { new: 0, changed: 0, unchanged: 0, error: 0 };
  for (const item of items) counts[outcomeOf(item, create)]++;
  return counts;
}

/** What confirming writes: per existing meeting or per missing one to create, the statuses. */
export interface ImportWrites {
  existing: Map<string, { userId: string; status: AttendanceStatus }[]>;
  created: { meeting: MissingMeeting; records: { userId: string; status: AttendanceStatus }[] }[];
}

export function writesOf(items: readonly PlanItem[], missing: readonly MissingMeeting[], create: ReadonlySet<number>): ImportWrites {
  const existing = new Map<string, { userId: string; status: AttendanceStatus }[]>();
  const created = new Map<number, { userId: string; status: AttendanceStatus }[]>();
  for (const item of items) {
    const outcome = outcomeOf(item, create);
    if ((outcome !== 'new' && outcome !== 'changed') || !item.userId || !item.after) continue;
    const change = { userId: item.userId, status: item.after };
    if (item.meetingKey !== undefined) {
      const list = existing.get(item.meetingKey);
      if (list) list.push(change);
      else existing.set(item.meetingKey, [change]);
    } else if (item.missing !== undefined) {
      const list = created.get(item.missing);
      if (list) list.push(change);
      else created.set(item.missing, [change]);
    }
  }
  return { existing, created: [...created].map(([i, records]) => ({ meeting: missing[i]!, records })) };
}

