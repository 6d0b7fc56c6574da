import { z } from 'zod';
import { DateTime, LooseId, openEnum, optional, pagedEnvelope, type Open } from './common';

/**
 * The Attendance API (seed 001): course meetings and per-user attendance records.
 *
 * Readers are tolerant where the real service varies and strict where a wrong value would
 * corrupt the roll: ids must be integers. A record's status is read open (a status a later Learn
 * adds is kept as the word it sent); writers still send only the four. Every optional field may be absent or null (common.ts `optional`). Request shapes are the writers the app's client sends.
 */

/** The four attendance statuses, in the order the Learn grid shows them. */
export const AttendanceStatus = z.enum(['Present', 'Absent', 'Late', 'Excused']);
export type AttendanceStatus = z.infer<typeof AttendanceStatus>;
export const ATTENDANCE_STATUSES: readonly AttendanceStatus[] = AttendanceStatus.options;

/**
 * A status as Learn reports it: one of the four, or a word a later Learn adds (the Swagger's enum
 * may grow), kept as sent. It differs from every status Rollbook sets; writers send only the four.
 */
export const LearnStatus = openEnum(ATTENDANCE_STATUSES);
export type LearnStatus = Open<AttendanceStatus>;

/** Whether Learn's status is one of the four Rollbook knows (and can set). */
export function isKnownStatus(status: LearnStatus | null | undefined): status is AttendanceStatus {
  return (ATTENDANCE_STATUSES as readonly string[]).includes(status ?? '');
}

/** Meeting and record ids are integers (int64 in the Swagger file, numbers on the wire). */
export const AttendanceId = z.number().int().positive();

/**
 * A course meeting. Meetings made in Learn's own screens list with only id, courseId, start and
 * end (and end may be null), so everything else is optional.
 */
export const Meeting = z.looseObject({
  id: AttendanceId,
  courseId: z.string(),
  title: optional(z.string()),
  description: optional(z.string()),
  start: DateTime,
  // Learn answers `"end": null` for meetings made in its own screens; kept as null (callers test it).
  end: DateTime.nullable().optional(),
  externalLink: optional(z.string()),
});
export type Meeting = z.infer<typeof Meeting>;

/**
 * One user's status at one meeting. `meetingId` comes back as a string although requests send an
 * integer: the reader accepts either and yields a string. The three audit fields appear in the
 * 3900.121 Swagger file but not in the 3900.50 answers the seed shows, hence optional.
 */
export const AttendanceRecord = z.looseObject({
  id: AttendanceId,
  meetingId: LooseId,
  userId: z.string(),
  status: LearnStatus,
  modifiedByUserId: optional(z.string()),
  createdTime: optional(DateTime),
  modifiedTime: optional(DateTime),
});
export type AttendanceRecord = z.infer<typeof AttendanceRecord>;

export const PagedMeetings = pagedEnvelope(Meeting);
export type PagedMeetings = z.infer<typeof PagedMeetings>;
export const PagedAttendanceRecords = pagedEnvelope(AttendanceRecord);
export type PagedAttendanceRecords = z.infer<typeof PagedAttendanceRecords>;

/** `GET .../meetings/downloadUrl` as the Swagger file describes it (the seed says export does not work). */
export const AttendanceDownloadUrl = z.looseObject({ downloadUrl: optional(z.string()) });
export type AttendanceDownloadUrl = z.infer<typeof AttendanceDownloadUrl>;

/** Body of "Create meeting" (`courseId` is the course's primary id; `end` after `start`). */
export const MeetingInput = z.strictObject({
  courseId: z.string().min(1),
  title: z.string().min(1),
  description: z.string(),
  start: DateTime,
  end: DateTime,
  externalLink: z.url({ protocol: /^https?$/ }).optional(),
});
export type MeetingInput = z.infer<typeof MeetingInput>;

/** Body of "Update meeting": the create shape, every field optional. */
export const MeetingPatch = MeetingInput.partial();
export type MeetingPatch = z.infer<typeof MeetingPatch>;

/** Body of "Create record": `meetingId` is sent as an integer. */
export const AttendanceRecordInput = z.strictObject({
  meetingId: AttendanceId,
  userId: z.string().min(1),
  status: AttendanceStatus,
});
export type AttendanceRecordInput = z.infer<typeof AttendanceRecordInput>;

/**
 * Body of "Update record" as Rollbook sends it: the full body seed 001 lists (`meetingId, userId,
 * status`; only the bulk call is exempted from the ids), naming the path's meeting and user.
 */
export const AttendanceRecordPatch = z.strictObject({
  meetingId: AttendanceId,
  userId: z.string().min(1),
  status: AttendanceStatus,
});
export type AttendanceRecordPatch = z.infer<typeof AttendanceRecordPatch>;

/** Body of the bulk operation: only `status` is needed, although Swagger marks the ids required. */
export const BulkAttendanceInput = z.strictObject({
  status: AttendanceStatus,
  meetingId: AttendanceId.optional(),
  userId: z.string().optional(),
});
export type BulkAttendanceInput = z.infer<typeof BulkAttendanceInput>;
