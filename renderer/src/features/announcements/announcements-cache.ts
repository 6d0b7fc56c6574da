import { z } from 'zod';
import { Announcement } from '../../../../shared/api/announcements';
import { AnnouncementRights } from '../../../../shared/ipc/announcement-channels';
import { readReview, saveReview, type RollbookDb } from '../../db';

/**
 * The announcements as last read from Learn, kept in `reviewCache` (kind `announcements.list`) so
 * they can be read offline, one row per signed-in user (`owner`: what one may see and do is not
 * another's). Read back through the schema: a damaged row counts as not saved.
 */

export const ANNOUNCEMENTS_KIND = 'announcements.list';
const keyOf = (owner: string): string => `${ANNOUNCEMENTS_KIND}:${owner}`;
const Saved = z.object({ announcements: z.array(Announcement), rights: AnnouncementRights });

export interface SavedAnnouncements {
  announcements: Announcement[];
  rights: AnnouncementRights;
  savedAt: string;
}

export async function saveAnnouncements(db: RollbookDb, owner: string, value: { announcements: readonly Announcement[]; rights: AnnouncementRights }): Promise<void> {
  await saveReview(db, { key: keyOf(owner), courseId: null, kind: ANNOUNCEMENTS_KIND }, value);
}

/** The saved list, or null when none is saved (or the row is damaged). */
export async function savedAnnouncements(db: RollbookDb, owner: string): Promise<SavedAnnouncements | null> {
  const saved = await readReview(db, keyOf(owner), Saved);
  return saved ? { ...saved.value, savedAt: saved.savedAt } : null;
}
