import { z } from 'zod';
import { Announcement, AnnouncementPatch, NewAnnouncement } from '../api/announcements';
import { HostWords } from './host-words';

/**
 * IPC channels for system announcements. Spread into `contract` in contract.ts; same rules: a request schema
 * each, a response schema each, operations by name and never a URL or token.
 */

/**
 * What the signed-in user may do with system announcements. Learn's public API has no call that
 * lists a user's entitlements, so this comes from the system role (docs/api-notes/calendar.md, "Announcements
 * in the app"); `reason` says why a write is not offered, in the user's words (in English; `words` for the screen's language).
 */
export const AnnouncementRights = z.strictObject({
  create: z.boolean(),
  modify: z.boolean(),
  delete: z.boolean(),
  reason: z.string().optional(),
  /** `reason` as a catalogue key and values, for the screen to write in the instructor's language. */
  words: HostWords.optional(),
});
export type AnnouncementRights = z.infer<typeof AnnouncementRights>;

const AnnouncementId = z.string().min(1).max(200);

export const announcementChannels = {
  /** Every announcement the user may see (all pages), and what the user may do with them. */
  'announcements.list': { request: z.strictObject({}), response: z.strictObject({ announcements: z.array(Announcement), rights: AnnouncementRights }) },
  'announcements.create': { request: z.strictObject({ announcement: NewAnnouncement }), response: z.strictObject({ announcement: Announcement }) },
  'announcements.update': { request: z.strictObject({ id: AnnouncementId, change: AnnouncementPatch }), response: z.strictObject({ announcement: Announcement }) },
  'announcements.delete': { request: z.strictObject({ id: AnnouncementId }), response: z.strictObject({}) },
} as const;
