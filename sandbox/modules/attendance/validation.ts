import { z } from 'zod';
import { badRequest } from '../../core/errors';
import { objectBody, type SandboxRequest } from '../../core/http';
import { ATTENDANCE_STATUSES, MEETING_READ_ONLY, RECORD_READ_ONLY, isAttendanceStatus, isDateTime, meetingIdFrom, type AttendanceStatus } from './wire';

/**
 * Request bodies of the attendance operations, read as Learn's Jackson binding reads them: a
 * field sent as `null` is a field not sent, the Swagger's read-only fields (`id`, the record's
 * audit fields) are ignored whatever their value, and fields Learn does not know are ignored
 * (the documents are silent; docs/api-notes/sandbox-request-checks.md "Sandbox request checks"). What the seed and the
 * Swagger require stays required, and a wrong type, a status outside the four, a length over
 * the limit or an end before the start is a 400 naming the field and the fix.
 */

export const TITLE_LIMIT = 255;
export const DESCRIPTION_LIMIT = 4000;
export const LINK_LIMIT = 2048;

/** The message for a missing or wrongly typed field: missing says "required", else the hint. */
const typeError = (field: string, hint: string) => (issue: { input?: unknown }) =>
  issue.input === undefined ? `${field} is required` : `${field} ${hint}`;

const status = z.unknown().refine((v) => v !== undefined, { error: 'status is required', abort: true }).refine(isAttendanceStatus, {
  error: (issue) => `Attendance status '${String(issue.input)}' is not valid; use one of ${ATTENDANCE_STATUSES.join(', ')}`,
});

/** A meeting id in a body: the integer (seed 001) or its string (Swagger), e.g. 1040 or "1040". */
const meetingId = z.unknown().transform((value, ctx) => {
  const id = meetingIdFrom(value);
  if (id !== undefined) return id;
  ctx.addIssue({
    code: 'custom',
    message: value === undefined ? 'meetingId is required' : `meetingId ${JSON.stringify(value)} is not a meeting id; send the meeting's id, e.g. 1040 or "1040"`,
  });
  return z.NEVER;
});

const userId = z.string({ error: typeError('userId', "must be the user's id as a string, e.g. _12_1") }).min(1, { error: 'userId must not be empty' });

const dateTime = (field: string) =>
  z.string({ error: typeError(field, 'must be an ISO 8601 date-time string such as 2026-11-23T15:00:00.000Z') }).refine(isDateTime, {
    error: (issue) => `${field} '${String(issue.input)}' is not an ISO 8601 date-time with a zone, such as 2026-11-23T15:00:00.000Z`,
  });

const meetingFields = {
  courseId: z.string({ error: typeError('courseId', "must be the course's primary id as a string") }).min(1, { error: 'courseId must not be empty' }),
  title: z
    .string({ error: typeError('title', 'must be a string') })
    .refine((v) => v.trim().length > 0, { error: 'Meeting title is empty; give the meeting a title' })
    .refine((v) => v.length <= TITLE_LIMIT, { error: (i) => `Meeting title is ${String(i.input).length} characters; the limit is ${TITLE_LIMIT}` }),
  // Meetings without a description exist (made in Learn's grid), and a Jackson client sends `null`.
  description: z
    .string({ error: typeError('description', 'must be a string (it may be empty)') })
    .refine((v) => v.length <= DESCRIPTION_LIMIT, { error: (i) => `Meeting description is ${String(i.input).length} characters; the limit is ${DESCRIPTION_LIMIT}` })
    .optional(),
  start: dateTime('start'),
  // Seed 001: a meeting's end "may be null".
  end: dateTime('end').optional(),
  // Seed: "a URL"; the vendor's page shows Learn storing `https//google.com`, so any text is kept.
  externalLink: z
    .string({ error: typeError('externalLink', 'must be a string') })
    .refine((v) => v.length <= LINK_LIMIT, { error: `externalLink is longer than ${LINK_LIMIT} characters` })
    .optional(),
};

const MeetingCreateBody = z.object(meetingFields);
const MeetingPatchBody = z.object(meetingFields).partial();
const RecordCreateBody = z.object({ meetingId, userId, status });
const RecordPatchBody = z.object({ meetingId: meetingId.optional(), userId: userId.optional(), status });
// The vendor's page: "you only need to send in the body the status"; `userId` is read and ignored.
const BulkBody = z.object({ status, meetingId: meetingId.optional(), userId: z.unknown().optional() });

export type MeetingCreate = z.infer<typeof MeetingCreateBody>;
export type MeetingChange = z.infer<typeof MeetingPatchBody>;
export interface RecordWrite {
  meetingId?: number | undefined;
  userId?: string | undefined;
  status: AttendanceStatus;
}

export function readMeetingCreate(req: SandboxRequest): MeetingCreate {
  const body = parse(MeetingCreateBody, req, MEETING_READ_ONLY, 'meeting');
  requireStartBeforeEnd(body.start, body.end ?? null);
  return body;
}

export function readMeetingPatch(req: SandboxRequest): MeetingChange {
  const body = parse(MeetingPatchBody, req, MEETING_READ_ONLY, 'meeting');
  if (Object.values(body).every((v) => v === undefined)) {
    throw badRequest('The meeting update changes nothing; send at least one of title, description, start, end, externalLink');
  }
  return body;
}

export function readRecordCreate(req: SandboxRequest): { meetingId: number; userId: string; status: AttendanceStatus } {
  const body = parse(RecordCreateBody, req, RECORD_READ_ONLY, 'attendance record');
  return { meetingId: body.meetingId, userId: body.userId, status: body.status };
}

/** Seed 001: "body: meetingId, userId, status"; the ids, when sent, must be the path's. */
export function readRecordPatch(req: SandboxRequest): RecordWrite {
  const body = parse(RecordPatchBody, req, RECORD_READ_ONLY, 'attendance record');
  return { meetingId: body.meetingId, userId: body.userId, status: body.status };
}

export function readBulk(req: SandboxRequest): { status: AttendanceStatus; meetingId?: number | undefined } {
  const body = parse(BulkBody, req, RECORD_READ_ONLY, 'bulk attendance');
  return { status: body.status, meetingId: body.meetingId };
}

/** A meeting must end after it starts (an end equal to the start is refused too). */
export function requireStartBeforeEnd(start: string, end: string | null): void {
  if (end !== null && Date.parse(end) <= Date.parse(start)) {
    throw badRequest(`Meeting end ${end} is not after its start ${start}; the end must come after the start`);
  }
}

/** A body's meetingId, when sent, must be the path's. */
export function requireSameMeeting(bodyMeetingId: number | undefined, pathMeetingId: number): void {
  if (bodyMeetingId !== undefined && bodyMeetingId !== pathMeetingId) {
    throw badRequest(`meetingId ${bodyMeetingId} in the body differs from meeting ${pathMeetingId} in the path; send the path's meeting id`);
  }
}

/** The body as Learn binds it: read-only fields and `null` values dropped, then checked. */
function parse<T>(schema: z.ZodType<T>, req: SandboxRequest, readOnly: readonly string[], what: string): T {
  const sent = Object.entries(objectBody(req)).filter(([name, value]) => value !== null && !readOnly.includes(name));
  const result = schema.safeParse(Object.fromEntries(sent));
  if (result.success) return result.data;
  throw badRequest(`Invalid ${what}: ${result.error.issues.map((issue) => issue.message).join('; ')}`);
}
