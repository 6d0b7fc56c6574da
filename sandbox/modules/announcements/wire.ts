import { z } from 'zod';

/**
 * The system announcement API's wire vocabulary, as the sandbox reads it from seed 000 ("System
 * announcement") and the Swagger (Announcement). Written here, not taken from the app's readers
 * (rule 1 of the house).
 */

/** Seed 000 shows `Permanent`; the Swagger enum is `Permanent`, `Restricted`. */
export const DurationType = z.enum(['Permanent', 'Restricted']);
export type DurationType = z.infer<typeof DurationType>;

export interface Duration {
  type: DurationType;
  start?: string;
  end?: string;
}

/**
 * "Available" (seed 000: announcements are 'available' or 'unavailable'): a Permanent one always;
 * a Restricted one from its start (inclusive) until its end (exclusive), an absent side open.
 */
export function isAvailable(duration: Duration, now: number): boolean {
  if (duration.type !== 'Restricted') return true;
  if (duration.start !== undefined && Date.parse(duration.start) > now) return false;
  if (duration.end !== undefined && Date.parse(duration.end) <= now) return false;
  return true;
}

/** An announcement as Get Announcement answers it (Swagger Announcement). */
export interface AnnouncementJson {
  id: string;
  title: string;
  body: string;
  availability: { duration: { type: DurationType; start?: string | undefined; end?: string | undefined } };
  showAtLogin: boolean;
  showInCourses: boolean;
  /** Swagger: "The user Id who created or last updated the System Announcement". */
  creatorUserId?: string | undefined;
  created: string;
  modified: string;
}
