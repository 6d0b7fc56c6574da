import type { LearnStatus } from '../api/attendance';
import { isoDay, partsOf, scanDate, type DateOrder } from './dates';

/**
 * A course's attendance as the CSV code sees it: plain data, read from the local store by the
 * renderer (renderer/src/db/attendance-sheet.ts), so export, report and import planning are pure
 * functions that the unit tests and the benchmark run under Node.
 */
export interface SheetStudent {
  userId: string;
  userName: string;
  givenName: string;
  familyName: string;
  studentId?: string;
  email?: string;
  externalId?: string;
}

export interface SheetMeeting {
  /** The local store's meeting key (server id as a string, or a local id). */
  key: string;
  serverId?: number;
  title: string;
  /** ISO date-time. */
  start: string;
  end: string | null;
}

export interface AttendanceSheet {
  /** Learn's primary id (`_12_1`). */
  courseId: string;
  /** The course id people read (`PSYC-101-F26`). */
  courseCode: string;
  students: SheetStudent[];
  /** Oldest first. */
  meetings: SheetMeeting[];
  /** Status by `recordKey(meetingKey, userId)`; absent: not marked. */
  statuses: Map<string, LearnStatus>;
}

export function recordKey(meetingKey: string, userId: string): string {
  return `${meetingKey}\u0000${userId}`;
}

/** "Okafor, Maya": how the grid names a student, and one way an import may identify one. */
export function lastFirst(s: { givenName: string; familyName: string }): string {
  if (!s.familyName) return s.givenName;
  if (!s.givenName) return s.familyName;
  return `${s.familyName}, ${s.givenName}`;
}

const pad = (n: number): string => String(n).padStart(2, '0');

/** `2026-09-01 09:00` in the computer's time zone: how people read a meeting's start. */
export function localDateTime(iso: string): string {
  const d = new Date(iso);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** The grid's column title for a meeting: its local start, then its title. */
export function meetingColumnTitle(m: SheetMeeting): string {
  return `${localDateTime(m.start)} ${m.title}`.trim();
}

/**
 * A grid column title read back: a date in any form dates.ts reads (`2026-09-01 09:00 Lecture 1`,
 * `Aug 31, 2026`, `02.09.2026 Seminar`), then the meeting's title. Null when the title does not
 * start with a date (a name or total column), or when its numbers are no date in `order`.
 */
export function readMeetingColumn(title: string, order: DateOrder = 'dmy'): { date: string; time?: string; title: string } | null {
  const scanned = scanDate(title);
  const parts = scanned && partsOf(scanned, order);
  if (!scanned || !parts) return null;
  return { date: isoDay(parts), ...(parts.time ? { time: `${pad(parts.time.hour)}:${pad(parts.time.minute)}` } : {}), title: scanned.rest };
}
