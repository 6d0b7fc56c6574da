import { localDate, partsOf, scanDate, type DateOrder } from './dates';
import { localDateTime, readMeetingColumn, type SheetMeeting } from './sheet';
import { sentence, type Sentence } from '../i18n/sentence';

/**
 * Finding the meeting a row or column names. Long format: by Learn's meeting id first, then by
 * start (to the minute) and title. Grid: by the column title's local date (and time, when given)
 * and title. No match: the meeting is missing and the user may create it; more than one match:
 * ambiguous, reported.
 */
export type MeetingMatch =
  | { kind: 'found'; meeting: SheetMeeting }
  /** `title` as the file gives it: '' when it gives none (the screen names it by its start, in the instructor's language). */
  | { kind: 'missing'; title: string; start: string; end: string }
  | { kind: 'ambiguous'; count: number }
  | { kind: 'invalid'; reason: Sentence };

const sameTitle = (a: string, b: string): boolean => a.trim().toLocaleLowerCase() === b.trim().toLocaleLowerCase();
const HOUR = 3_600_000;

/**
 * A start as people or Learn write it (every form dates.ts reads; ISO with a zone is an instant),
 * numeric dates in `order`. A date without a time starts at 09:00. Null when the cell is not
 * a date and time, or has more than one.
 */
export function readStart(value: string, order: DateOrder = 'dmy'): Date | null {
  return startOf(value, order)?.date ?? null;
}

/** A start cell read once: the instant, and whether the cell gave a time of day (else it names a day). */
function startOf(value: string, order: DateOrder): { date: Date; timed: boolean } | null {
  const scanned = scanDate(value);
  if (!scanned || scanned.rest !== '') return null;
  if (scanned.kind === 'instant') return { date: scanned.date, timed: true };
  const parts = partsOf(scanned, order);
  return parts ? { date: localDate(parts), timed: parts.time !== undefined } : null;
}

export class MeetingIndex {
  readonly #byServerId = new Map<number, SheetMeeting>();

  constructor(
    readonly meetings: readonly SheetMeeting[],
    /** How numeric dates of the file read (the mapping step's choice). */
    readonly order: DateOrder = 'dmy',
  ) {
    for (const m of meetings) if (m.serverId !== undefined) this.#byServerId.set(m.serverId, m);
  }

  /** A long-format row's meeting. */
  forRecord(idCell: string, titleCell: string, startCell: string, endCell: string): MeetingMatch {
    const id = idCell.trim();
    if (id !== '') {
      const n = Number(id);
      const found = Number.isInteger(n) ? this.#byServerId.get(n) : undefined;
      if (found) return { kind: 'found', meeting: found };
      if (startCell.trim() === '') return { kind: 'invalid', reason: sentence('imports.rowMeetingId', { id }) };
    }
    const read = startOf(startCell, this.order);
    if (!read) return { kind: 'invalid', reason: startCell.trim() ? sentence('imports.rowNotDateTime', { cell: startCell.trim() }) : sentence('imports.rowNoIdNoStart') };
    const start = read.date;
    const minute = Math.floor(start.getTime() / 60_000);
    // A date without a time names the day: the meeting that day (Excel often drops the time).
    const day = read.timed ? undefined : localDateTime(start.toISOString()).slice(0, 10);
    const sameStart = (m: SheetMeeting): boolean =>
      day === undefined ? Math.floor(new Date(m.start).getTime() / 60_000) === minute : localDateTime(m.start).startsWith(day);
    const matches = this.meetings.filter((m) => sameStart(m) && (titleCell.trim() === '' || sameTitle(m.title, titleCell)));
    if (matches.length === 1) return { kind: 'found', meeting: matches[0]! };
    if (matches.length > 1) return { kind: 'ambiguous', count: matches.length };
    const end = readStart(endCell, this.order);
    return {
      kind: 'missing',
      title: titleCell.trim(),
      start: start.toISOString(),
      end: (end && end > start ? end : new Date(start.getTime() + HOUR)).toISOString(),
    };
  }

  /** A grid column's meeting. */
  forColumn(header: string): MeetingMatch {
    const col = readMeetingColumn(header, this.order);
    if (!col) return { kind: 'invalid', reason: sentence(scanDate(header) ? 'imports.rowColumnOtherOrder' : 'imports.rowColumnNoDate', { header }) };
    const matches = this.meetings.filter((m) => {
      const [date, time] = localDateTime(m.start).split(' ');
      return date === col.date && (col.time === undefined || time === col.time) && (col.title === '' || sameTitle(m.title, col.title));
    });
    if (matches.length === 1) return { kind: 'found', meeting: matches[0]! };
    if (matches.length > 1) return { kind: 'ambiguous', count: matches.length };
    const start = readStart(`${col.date} ${col.time ?? '09:00'}`) ?? new Date(`${col.date}T09:00`);
    return {
      kind: 'missing',
      title: col.title,
      start: start.toISOString(),
      end: new Date(start.getTime() + HOUR).toISOString(),
    };
  }
}
