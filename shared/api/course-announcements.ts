import { z } from 'zod';
import { AnnouncementDuration, AnnouncementDurationInput, isAnnouncementAvailable } from './announcements';
import { DateTime, optional, pagedEnvelope } from './common';

/**
 * Course announcements (`/learn/api/public/v1/courses/{courseId}/announcements`), as the Swagger
 * file (3900.121.0, CourseAnnouncement) describes them: a title, a BbML body, a draft flag and the
 * system announcement's duration. Read liberally; written with exactly the Swagger's fields.
 * docs/api-notes/announcements.md, "Course announcements".
 */

export const CourseAnnouncement = z.looseObject({
  id: z.string(),
  title: optional(z.string()),
  /** Rich text (BbML markup); shown as markup, never executed. */
  body: optional(z.string()),
  draft: optional(z.boolean()),
  availability: optional(z.looseObject({ duration: optional(AnnouncementDuration) })),
  creatorUserId: optional(z.string()),
  created: optional(DateTime),
  modified: optional(DateTime),
  position: optional(z.number().int()),
});
export type CourseAnnouncement = z.infer<typeof CourseAnnouncement>;

export const PagedCourseAnnouncements = pagedEnvelope(CourseAnnouncement);

/** Body of Create Announcement (course): the Swagger's four fields, `title` required. */
export const NewCourseAnnouncement = z.strictObject({
  title: z.string().trim().min(1).max(255),
  body: z.string().optional(),
  draft: z.boolean().optional(),
  availability: z.strictObject({ duration: AnnouncementDurationInput }).optional(),
});
export type NewCourseAnnouncement = z.infer<typeof NewCourseAnnouncement>;

/** Body of Update Announcement (course): the same fields, all optional. */
export const CourseAnnouncementPatch = NewCourseAnnouncement.partial();
export type CourseAnnouncementPatch = z.infer<typeof CourseAnnouncementPatch>;

/** Whether students see it now: not a draft, and inside its display dates. */
export function isCourseAnnouncementShown(a: Pick<CourseAnnouncement, 'draft' | 'availability'>, now: number): boolean {
  return a.draft !== true && isAnnouncementAvailable(a.availability?.duration, now);
}
