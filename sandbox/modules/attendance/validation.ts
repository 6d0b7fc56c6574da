import { z } from 'zod';
import { ATTENDANCE_STATUSES, AttendanceStatus } from '../../../shared/api/attendance';
import { DateTime } from '../../../shared/api/common';
import { badRequest } from '../../core/errors';
import { objectBody, type SandboxRequest } from '../../core/http';

/**
 * Request bodies of the attendance operations, checked strictly: an unknown field, a wrong type or
 * a status outside the four is a 400 that names the field and the fix. Limits the seed does not
 * show are the sandbox's choices (docs/api-notes/attendance.md).
 */

export const TITLE_LIMIT = 255;
export const DESCRIPTION_LIMIT = 4000;
export const LINK_LIMIT = 2048;

/** The message for a missing or wrongly typed field: missing says "required", else the hint. */
const typeError = (field: string, hint: string) => (issue: { input?: unknown }) =>
  issue.input === undefined ? `${field} is required` : `${field} ${hint}`;

const status = z.string({ error: typeError('status', 'must be a string') }).refine((v) => AttendanceStatus.safeParse(v).success, {
  error: (issue) => `Attendance status '${String(issue.input)}' is not valid; use one of ${ATTENDANCE_STATUSES.join(', ')}`,
});

const meetingId = z
  .number({ error: typeError('meetingId', "must be the meeting's integer id (e.g. 1001), not a string") })
  .int({ error: 'meetingId must be an integer' });

const dateTime = (field: string) =>
  z
    .string({ error: typeError(field, 'must be an ISO 8601 date-time string such as 2026-11-23T15:00:00.000Z') })
    .refine((v) => DateTime.safeParse(v).success && !Number.isNaN(Date.parse(v)), {
      error: (issue) => `${field} '${String(issue.input)}' is not an ISO 8601 date-time with a zone, such as 2026-11-23T15:00:00.000Z`,
    });

const meetingFields = {
  courseId: z.string({ error: typeError('courseId', "must be the course's primary id as a string") }).min(1, { error: 'courseId must not be empty' }),
  title: z
    .string({ error: typeError('title', 'must be a string') })
    .refine((v) => v.trim().length > 0, { error: 'Meeting title is empty; give the meeting a title' })
    .refine((v) => v.length <= TITLE_LIMIT, { error: (i) => `Meeting title is ${String(i.input).length} characters; the limit is ${TITLE_LIMIT}` }),
  description: z
    .string({ error: typeError('description', 'must be a string (it may be empty)') })
    .refine((v) => v.length <= DESCRIPTION_LIMIT, { error: (i) => `Meeting description is ${String(i.input).length} characters; the limit is ${DESCRIPTION_LIMIT}` }),
  start: dateTime('start'),
  end: dateTime('end'),
  externalLink: z
    .string({ error: typeError('externalLink', 'must be a URL string') })
    .refine((v) => isWebUrl(v), { error: (i) => `externalLink '${String(i.input)}' is not an http or https URL` })
    .refine((v) => v.length <= LINK_LIMIT, { error: `externalLink is longer than ${LINK_LIMIT} characters` })
    .optional(),
};

const MeetingCreateBody = z.strictObject(meetingFields);
const MeetingPatchBody = z.strictObject(meetingFields).partial();
const RecordCreateBody = z.strictObject({ meetingId, userId: z.string({ error: typeError('userId', "must be the user's id as a string") }).min(1), status });
const RecordPatchBody = z.strictObject({ meetingId: meetingId.optional(), userId: z.string().min(1).optional(), status });
const BulkBody = z.strictObject({ status, meetingId: meetingId.optional(), userId: z.string().optional() });

export type MeetingCreate = z.infer<typeof MeetingCreateBody>;
export type MeetingChange = z.infer<typeof MeetingPatchBody>;

export function readMeetingCreate(req: SandboxRequest): MeetingCreate {
  const body = parse(MeetingCreateBody, req, 'meeting');
  requireStartBeforeEnd(body.start, body.end);
  return body;
}

export function readMeetingPatch(req: SandboxRequest): MeetingChange {
  const body = parse(MeetingPatchBody, req, 'meeting');
  if (Object.keys(body).length === 0) {
    throw badRequest('The meeting update changes nothing; send at least one of title, description, start, end, externalLink');
  }
  return body;
}

export function readRecordCreate(req: SandboxRequest): { meetingId: number; userId: string; status: AttendanceStatus } {
  const body = parse(RecordCreateBody, req, 'attendance record');
  return { ...body, status: body.status as AttendanceStatus };
}

export function readRecordPatch(req: SandboxRequest): { meetingId?: number | undefined; userId?: string | undefined; status: AttendanceStatus } {
  const body = parse(RecordPatchBody, req, 'attendance record');
  return { ...body, status: body.status as AttendanceStatus };
}

export function readBulk(req: SandboxRequest): { status: AttendanceStatus; meetingId?: number | undefined } {
  const body = parse(BulkBody, req, 'bulk attendance');
  return { status: body.status as AttendanceStatus, meetingId: body.meetingId };
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

function parse<T>(schema: z.ZodType<T>, req: SandboxRequest, what: string): T {
  const result = schema.safeParse(objectBody(req));
  if (result.success) return result.data;
  throw badRequest(`Invalid ${what}: ${result.error.issues.map(describe).join('; ')}`);
}

function describe(issue: z.core.$ZodIssue): string {
  if (issue.code === 'unrecognized_keys') {
    return `unknown field${issue.keys.length > 1 ? 's' : ''} ${issue.keys.join(', ')}; remove ${issue.keys.length > 1 ? 'them' : 'it'}`;
  }
  return issue.message;
}

function isWebUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.length > 0;
  } catch {
    return false;
  }
}
