import { z } from 'zod';
import { openEnum, DateTime, optional, pagedEnvelope } from './common';

/**
 * System announcements (`/learn/api/public/v1/announcements`), as seed 000 and the Swagger file
 * describe them. `isAnnouncementAvailable` is the one definition of "available" that both the
 * sandbox and the app use (docs/api-notes/announcements.md).
 */

/** The Swagger's duration types: Permanent (always shown) and Restricted (between start and end). */
export const AnnouncementDurationType = z.enum(['Permanent', 'Restricted']);
export type AnnouncementDurationType = z.infer<typeof AnnouncementDurationType>;

export const AnnouncementDuration = z.looseObject({
  type: optional(openEnum(AnnouncementDurationType.options)),
  start: optional(DateTime),
  end: optional(DateTime),
});
export type AnnouncementDuration = z.infer<typeof AnnouncementDuration>;

export const Announcement = z.looseObject({
  id: z.string(),
  title: optional(z.string()),
  /** Rich text (BbML markup); shown as markup, never executed. */
  body: optional(z.string()),
  availability: optional(z.looseObject({ duration: optional(AnnouncementDuration) })),
  showAtLogin: optional(z.boolean()),
  showInCourses: optional(z.boolean()),
  creatorUserId: optional(z.string()),
  created: optional(DateTime),
  modified: optional(DateTime),
});
export type Announcement = z.infer<typeof Announcement>;

/** An announcement read with `fields=`: any subset of the properties. */
export const PartialAnnouncement = Announcement.partial();
export type PartialAnnouncement = z.infer<typeof PartialAnnouncement>;

export const PagedAnnouncements = pagedEnvelope(Announcement);
export type PagedAnnouncements = z.infer<typeof PagedAnnouncements>;

/** Availability as the app sends it. */
export const AnnouncementDurationInput = z.strictObject({
  type: AnnouncementDurationType,
  start: DateTime.nullable().optional(),
  end: DateTime.nullable().optional(),
});

/** Body of Create Announcement. */
export const NewAnnouncement = z.strictObject({
  title: z.string().trim().min(1),
  body: z.string().optional(),
  availability: z.strictObject({ duration: AnnouncementDurationInput }).optional(),
  showAtLogin: z.boolean().optional(),
  showInCourses: z.boolean().optional(),
});
export type NewAnnouncement = z.infer<typeof NewAnnouncement>;

/** Body of Update Announcement: the same fields, all optional. */
export const AnnouncementPatch = NewAnnouncement.partial();
export type AnnouncementPatch = z.infer<typeof AnnouncementPatch>;

/**
 * Whether an announcement is shown at instant `now` (ms): Permanent ones always; Restricted ones
 * from `start` (inclusive) until `end` (exclusive), an absent bound being open.
 */
export function isAnnouncementAvailable(duration: Pick<AnnouncementDuration, 'type' | 'start' | 'end'> | undefined, now: number): boolean {
  if (!duration || duration.type !== 'Restricted') return true;
  if (duration.start !== undefined && Date.parse(duration.start) > now) return false;
  if (duration.end !== undefined && Date.parse(duration.end) <= now) return false;
  return true;
}
