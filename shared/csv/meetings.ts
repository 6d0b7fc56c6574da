import { localDateTime, readMeetingColumn, type SheetMeeting } from './sheet';

/**
 * Finding the meeting a row or column names. Long format: by Learn's meeting id first, then by
 * start (to the minute) and title. Grid: by the column title's local date (and time, when given)
 * and title. No match: the meeting is missing and the user may create it; more than one match:
 * ambiguous, reported.
 */
export type MeetingMatch =
  | { kind: 'found'; meeting: SheetMeeting }
  | { kind: 'missing'; title: string; start: string; end: string }
  | { kind: 'ambiguous'; count: number }
  | { kind: 'invalid'; reason: string };

const sameTitle = (a: string, b: string): boolean => a.trim().toLocaleLowerCase() === b.trim().toLocaleLowerCase();
const HOUR = 3_600_000;

/** A start as people or Learn write it: ISO with a zone, or `YYYY-MM-DD HH:MM` local time. */
export function readStart(value: string): Date | null {
  const v = value.trim();
  if (!v) return null;
  const local = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{1,2}):(\d{2})(?::(\d{2}))?)?$/.exec(v);
  const d = local
    ? new Date(Number(local[1]), Number(local[2]) - 1, Number(local[3]), Number(local[4] ?? 9), Number(local[5] ?? 0), Number(local[6] ?? 0))
    : new Date(v);
  return Number.isNaN(d.getTime()) ? null : d;
}

export class MeetingIndex {
  readonly #byServerId = new Map<number, SheetMeeting>();

  constructor(readonly meetings: readonly SheetMeeting[]) {
    for (const m of meetings) if (m.serverId !== undefined) this.#byServerId.set(m.serverId, m);
  }

  /** A long-format row's meeting. */
  forRecord(idCell: string, titleCell: string, startCell: string, endCell: string): MeetingMatch {
    const id = idCell.trim();
    if (id !== '') {
      const n = Number(id);
      const found = Number.isInteger(n) ? this.#byServerId.get(n) : undefined;
      if (found) return { kind: 'found', meeting: found };
      if (startCell.trim() === '') return { kind: 'invalid', reason: `meeting id ${id} is not a meeting of this course` };
    }
    const start = readStart(startCell);
    if (!start) return { kind: 'invalid', reason: startCell.trim() ? `"${startCell.trim()}" is not a date and time` : 'the meeting has no id and no start' };
    const minute = Math.floor(start.getTime() / 60_000);
    const matches = this.meetings.filter((m) => Math.floor(new Date(m.start).getTime() / 60_000) === minute && (titleCell.trim() === '' || sameTitle(m.title, titleCell)));
    if (matches.length === 1) return { kind: 'found', meeting: matches[0]! };
    if (matches.length > 1) return { kind: 'ambiguous', count: matches.length };
    const end = readStart(endCell);
    return {
      kind: 'missing',
      title: titleCell.trim() || `Meeting ${localDateTime(start.toISOString())}`,
      start: start.toISOString(),
      end: (end && end > start ? end : new Date(start.getTime() + HOUR)).toISOString(),
    };
  }

  /** A grid column's meeting. */
  forColumn(header: string): MeetingMatch {
    const col = readMeetingColumn(header);
    if (!col) return { kind: 'invalid', reason: `column "${header}" does not start with a date` };
    const matches = this.meetings.filter((m) => {
      const [date, time] = localDateTime(m.start).split(' ');
      return date === col.date && (col.time === undefined || time === col.time) && (col.title === '' || sameTitle(m.title, col.title));
    });
    if (matches.length === 1) return { kind: 'found', meeting: matches[0]! };
    if (matches.length > 1) return { kind: 'ambiguous', count: matches.length };
    const start = readStart(`${col.date} ${col.time ?? '09:00'}`) ?? new Date(col.date);
    return {
      kind: 'missing',
      title: col.title || `Meeting ${col.date}`,
      start: start.toISOString(),
      end: new Date(start.getTime() + HOUR).toISOString(),
    };
  }
}
