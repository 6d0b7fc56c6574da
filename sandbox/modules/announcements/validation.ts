import { badRequest } from '../../core/errors';
import { parseLearnDateTime } from '../calendar/dates';
import { DurationType, type Duration } from './wire';

/**
 * Request bodies of Create and Update Announcement. Each 400 names the field and the fix.
 * Read-only fields echoed from a GET are ignored, and so is a null field (a Jackson client writes
 * every unset field as null); other unknown fields are refused. Inside a sent duration, a null
 * date is "no date on that side" (it clears the date on update).
 */

/** Longest title accepted (not shown anywhere; the calendar's title limit, docs/api-notes/announcements.md). */
export const ANNOUNCEMENT_TITLE_MAX = 255;
const FIELDS = ['title', 'body', 'availability', 'showAtLogin', 'showInCourses'];
const READ_ONLY = ['id', 'created', 'modified', 'creatorUserId'];

export interface AnnouncementFields {
  title?: string;
  body?: string;
  duration?: Duration;
  showAtLogin?: boolean;
  showInCourses?: boolean;
}

/** A create body: title required; the rest defaults (body empty, Permanent, not shown at login or in courses). */
export function readNewAnnouncement(body: Record<string, unknown>): Required<AnnouncementFields> {
  if (body.title === undefined || body.title === null) throw badRequest('title is missing; an announcement needs a title');
  const fields = readAnnouncementFields(body, { type: 'Permanent' });
  return {
    title: fields.title as string,
    body: fields.body ?? '',
    duration: fields.duration ?? { type: 'Permanent' },
    showAtLogin: fields.showAtLogin ?? false,
    showInCourses: fields.showInCourses ?? false,
  };
}

/**
 * The fields present in `body`, checked. `availability.duration` is merged over `current`
 * (so `{end}` alone moves the end of a Restricted one); null clears a date.
 */
export function readAnnouncementFields(sent: Record<string, unknown>, current: Duration): AnnouncementFields {
  const body = knownFields(sent, FIELDS, READ_ONLY);
  const out: AnnouncementFields = readTitleAndBody(body);
  for (const flag of ['showAtLogin', 'showInCourses'] as const) {
    const value = readFlag(body, flag);
    if (value !== undefined) out[flag] = value;
  }
  if (body.availability !== undefined) out.duration = readDuration(body.availability, current);
  return out;
}

/**
 * The sent fields that are not null, once none is unknown: a read-only field echoed from a GET is
 * ignored later; any other name is refused (400 naming it and what is allowed). Shared by the
 * system and the course announcements, whose rules are the same (docs/api-notes/announcements.md).
 */
export function knownFields(sent: Record<string, unknown>, writable: readonly string[], readOnly: readonly string[]): Record<string, unknown> {
  const body = Object.fromEntries(Object.entries(sent).filter(([, v]) => v !== null));
  const unknown = Object.keys(body).filter((k) => !writable.includes(k) && !readOnly.includes(k));
  if (unknown.length) throw badRequest(`Unknown announcement field(s): ${unknown.join(', ')}. Allowed: ${writable.join(', ')}`);
  return body;
}

/** An announcement's title and body where sent, checked: a title is a non-empty string within the limit. */
export function readTitleAndBody(body: Record<string, unknown>): { title?: string; body?: string } {
  const out: { title?: string; body?: string } = {};
  if (body.title !== undefined) {
    if (typeof body.title !== 'string' || body.title.trim() === '') throw badRequest('title must be a non-empty string');
    if (body.title.length > ANNOUNCEMENT_TITLE_MAX) throw badRequest(`Announcement title is ${body.title.length} characters; the limit is ${ANNOUNCEMENT_TITLE_MAX}`);
    out.title = body.title;
  }
  if (body.body !== undefined) {
    if (typeof body.body !== 'string') throw badRequest('body must be a string of rich text (BbML markup)');
    out.body = body.body;
  }
  return out;
}

/** A true/false field where sent. */
export function readFlag(body: Record<string, unknown>, name: string): boolean | undefined {
  const value = body[name];
  if (value === undefined) return undefined;
  if (typeof value !== 'boolean') throw badRequest(`${name} must be true or false; got ${JSON.stringify(value)}`);
  return value;
}

export function readDuration(availability: unknown, current: Duration): Duration {
  if (isObject(availability) && availability.duration === null) return current;
  if (!isObject(availability) || !isObject(availability.duration)) {
    throw badRequest('availability must be {"duration": {"type": "Permanent"}} or {"duration": {"type": "Restricted", "start": ..., "end": ...}}');
  }
  const d = availability.duration;
  const type = d.type === undefined || d.type === null ? current.type : DurationType.safeParse(d.type).data;
  if (!type) throw badRequest(`availability.duration.type must be Permanent or Restricted; got ${JSON.stringify(d.type)}`);
  const start = readDate(d, 'start', current.start);
  const end = readDate(d, 'end', current.end);
  if (type === 'Permanent') {
    // Dates mean nothing for a Permanent announcement; sending them is a mistake worth naming.
    if ((d.start !== undefined && d.start !== null) || (d.end !== undefined && d.end !== null)) {
      throw badRequest('availability.duration start and end apply to Restricted announcements only; send type Restricted, or drop the dates');
    }
    return { type };
  }
  if (start === undefined && end === undefined) {
    throw badRequest('A Restricted announcement needs a start, an end or both; send them, or use type Permanent');
  }
  if (start !== undefined && end !== undefined && Date.parse(start) >= Date.parse(end)) {
    throw badRequest(`availability.duration.end (${end}) must be after start (${start})`);
  }
  return { type, ...(start !== undefined ? { start } : {}), ...(end !== undefined ? { end } : {}) };
}

/** A date of the duration: sent (checked), null (cleared) or absent (kept). */
function readDate(d: Record<string, unknown>, name: 'start' | 'end', kept: string | undefined): string | undefined {
  const value = d[name];
  if (value === null) return undefined;
  if (value === undefined) return kept;
  // The Swagger's date-time grammar, as every Learn date-time field reads it.
  const parsed = typeof value === 'string' ? parseLearnDateTime(value) : undefined;
  if (parsed === undefined) throw badRequest(`availability.duration.${name} is not an ISO 8601 date-time: ${JSON.stringify(value)}. Use e.g. 2026-09-01T09:00:00.000Z`);
  return new Date(parsed).toISOString();
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
