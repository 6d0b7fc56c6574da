import type { Duration } from '../announcements/wire';

/**
 * The course announcement API's wire vocabulary, as the sandbox reads it from the Swagger
 * (release 3900.121.0, CourseAnnouncement; the seeds do not list these operations). The duration
 * is the system announcement's (the Swagger gives both the same Permanent/Restricted shape).
 */

/** Fields a create or update may carry (Swagger: the body of Create and Update Announcement). */
export const WRITABLE = ['title', 'body', 'draft', 'availability'] as const;
/** Read-only fields a client may echo from a GET; ignored. */
export const READ_ONLY = ['id', 'creatorUserId', 'created', 'modified', 'participants', 'position', 'readCount', 'creator'] as const;
/** The Swagger's sortable fields of Get Announcements. */
export const SORTABLE = ['title', 'modified'] as const;

/** A course announcement as Get Announcement answers it (Swagger CourseAnnouncement). */
export interface CourseAnnouncementJson {
  id: string;
  title: string;
  body: string;
  draft: boolean;
  availability: { duration: { type: Duration['type']; start?: string | undefined; end?: string | undefined } };
  creatorUserId?: string | undefined;
  created: string;
  modified: string;
  /** Swagger: "The position of the Announcement" (1 is the top of the course's list). */
  position: number;
}

/**
 * The order of a list read without `sort`: the Swagger names none. `newest-first` (Learn's
 * course page shows the latest on top, `position` 1) or `oldest-first`; a control switches it
 * (`/__sandbox/course-announcements`) so the client is tried against both.
 */
export type DefaultOrder = 'newest-first' | 'oldest-first';
