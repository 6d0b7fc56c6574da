import { z } from 'zod';

/**
 * The Attendance API's resources as Learn writes them, from seed 001 ("Resources and their
 * fields") and the Swagger definitions `CourseMeeting` and `AttendanceRecord` (release 3900.121.0).
 * The sandbox's own description: it does not borrow the app's readers (docs/architecture.md rule 1).
 */

/** Seed 001: "`Present`, `Absent`, `Late`, `Excused`"; the Swagger enum lists the same four. */
export const ATTENDANCE_STATUSES = ['Present', 'Absent', 'Late', 'Excused'] as const;
export type AttendanceStatus = (typeof ATTENDANCE_STATUSES)[number];

/**
 * A status a record may hold: one of the four, or one a later release adds (the Swagger's enum may
 * grow). Only the control `POST /__sandbox/attendance/status` stores another; the API takes the four.
 */
export type RecordStatus = AttendanceStatus | (string & {});

export function isAttendanceStatus(value: unknown): value is AttendanceStatus {
  return typeof value === 'string' && (ATTENDANCE_STATUSES as readonly string[]).includes(value);
}

/**
 * Fields the Swagger marks `readOnly`. Learn fills them itself, so a body may carry them (a
 * Jackson client sends every field, `null` when unset) and they are ignored.
 */
export const MEETING_READ_ONLY = ['id'] as const;
export const RECORD_READ_ONLY = ['id', 'modifiedByUserId', 'createdTime', 'modifiedTime'] as const;

/** Swagger `format: date-time` (RFC 3339): a date, a time and a zone. */
export const DateTimeText = z.iso.datetime({ offset: true, local: false });

export function isDateTime(value: string): boolean {
  return DateTimeText.safeParse(value).success && !Number.isNaN(Date.parse(value));
}

/**
 * Seed 001 and the Swagger type `meetingId` differently (integer in requests, string in the
 * Swagger's bodies), so a body's meeting id is read from either: `1040` or `"1040"`.
 */
export function meetingIdFrom(value: unknown): number | undefined {
  if (typeof value === 'number' && Number.isSafeInteger(value) && value > 0) return value;
  if (typeof value === 'string' && /^\d{1,15}$/.test(value) && Number(value) > 0) return Number(value);
  return undefined;
}

/**
 * `CourseMeeting`, as the vendor's attendance page shows it: a meeting made in Learn's grid lists
 * with `"end": null` and no `title`, `description` or `externalLink` keys at all.
 */
export interface MeetingAnswer {
  id: number;
  courseId: string;
  title?: string;
  description?: string;
  start: string;
  end: string | null;
  externalLink?: string;
}

/** `AttendanceRecord`: `meetingId` a string (seed 001: "string in responses"; the Swagger and the vendor page agree), `id` an integer. */
export interface RecordAnswer {
  id: number;
  meetingId: string;
  userId: string;
  status: RecordStatus;
  modifiedByUserId?: string;
  createdTime: string;
  modifiedTime: string;
}

/** What a meeting's answer holds. */
export interface MeetingFacts {
  id: number;
  courseId: string;
  title?: string | undefined;
  description?: string | undefined;
  start: string;
  end: string | null;
  externalLink?: string | undefined;
}

/**
 * A meeting as Learn writes it (the vendor's attendance page): an empty `title`, `description` or
 * `externalLink` left out, an empty `end` written `null` and never left out. Not varied: no
 * document shows another form.
 */
export function meetingAnswer(meeting: MeetingFacts): MeetingAnswer {
  return dropUndefined({
    id: meeting.id,
    courseId: meeting.courseId,
    title: meeting.title,
    description: meeting.description,
    start: meeting.start,
    end: meeting.end,
    externalLink: meeting.externalLink,
  });
}

export interface RecordFacts {
  id: number;
  meetingId: number;
  userId: string;
  status: RecordStatus;
  modifiedByUserId?: string | undefined;
  createdTime: string;
  modifiedTime: string;
}

/**
 * A record as Learn writes it: `meetingId` always the string (seed 001, the Swagger, every record
 * on the vendor page), `modifiedByUserId` left out when no user wrote it (the vendor page's records
 * carry no empty fields). Not varied.
 */
export function recordAnswer(record: RecordFacts): RecordAnswer {
  return dropUndefined({
    id: record.id,
    meetingId: String(record.meetingId),
    userId: record.userId,
    status: record.status,
    modifiedByUserId: record.modifiedByUserId,
    createdTime: record.createdTime,
    modifiedTime: record.modifiedTime,
  });
}

function dropUndefined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}
