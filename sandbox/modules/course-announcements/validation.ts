import { badRequest } from '../../core/errors';
import { knownFields, readDuration, readFlag, readTitleAndBody } from '../announcements/validation';
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
  const body = knownFields(sent, WRITABLE, READ_ONLY);
  const out: CourseAnnouncementFields = readTitleAndBody(body);
  const draft = readFlag(body, 'draft');
  if (draft !== undefined) out.draft = draft;
  if (body.availability !== undefined) out.duration = readDuration(body.availability, current);
  return out;
}
