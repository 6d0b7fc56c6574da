import { badRequest } from '../../core/errors';
import { ANNOUNCEMENT_TITLE_MAX, readDuration } from '../announcements/validation';
import type { Duration } from '../announcements/wire';
import { READ_ONLY, WRITABLE } from './wire';

/**
 * Request bodies of Create and Update (course) Announcement: the Swagger's `title` (required on
 * create), `body`, `draft`, `availability`. Read-only fields echoed from a GET are ignored, and so
 * is a null field; other unknown fields are refused (400 naming them). Lengths and duration rules
 * are the system announcement's (docs/api-notes/announcements.md).
 */

export interface CourseAnnouncementFields {
  title?: string;
  body?: string;
  draft?: boolean;
  duration?: Duration;
}

export function readNewCourseAnnouncement(body: Record<string, unknown>): Required<CourseAnnouncementFields> {
  if (body.title === undefined || body.title === null) throw badRequest('title is missing; an announcement needs a title');
  const fields = readCourseAnnouncementFields(body, { type: 'Permanent' });
  return { title: fields.title as string, body: fields.body ?? '', draft: fields.draft ?? false, duration: fields.duration ?? { type: 'Permanent' } };
}

export function readCourseAnnouncementFields(sent: Record<string, unknown>, current: Duration): CourseAnnouncementFields {
  const body = Object.fromEntries(Object.entries(sent).filter(([, v]) => v !== null));
  const known: readonly string[] = [...WRITABLE, ...READ_ONLY];
  const unknown = Object.keys(body).filter((k) => !known.includes(k));
  if (unknown.length) throw badRequest(`Unknown announcement field(s): ${unknown.join(', ')}. Allowed: ${WRITABLE.join(', ')}`);
  const out: CourseAnnouncementFields = {};
  if (body.title !== undefined) {
    if (typeof body.title !== 'string' || body.title.trim() === '') throw badRequest('title must be a non-empty string');
    if (body.title.length > ANNOUNCEMENT_TITLE_MAX) throw badRequest(`Announcement title is ${body.title.length} characters; the limit is ${ANNOUNCEMENT_TITLE_MAX}`);
    out.title = body.title;
  }
  if (body.body !== undefined) {
    if (typeof body.body !== 'string') throw badRequest('body must be a string of rich text (BbML markup)');
    out.body = body.body;
  }
  if (body.draft !== undefined) {
    if (typeof body.draft !== 'boolean') throw badRequest(`draft must be true or false; got ${JSON.stringify(body.draft)}`);
    out.draft = body.draft;
  }
  if (body.availability !== undefined) out.duration = readDuration(body.availability, current);
  return out;
}
