import { isPhotoType } from '../../../shared/ipc/photo-channels';
import type { RollbookDb } from './rollbook-db';
import type { PhotoRow } from './rows';

/**
 * Student photos kept on the device: read by user id for a roster, written in
 * batches as they arrive from Learn. Learn names each avatar with a link (the roster's
 * `user.avatar.viewUrl`): a kept photo is asked for again only when that link changes. Where
 * Learn sends no link (before 3800.13), a row older than PHOTO_REFRESH_MS is asked for again.
 */

/** A week: without Learn's link, students rarely change their photo, and a roster's photos cost two requests each. */
export const PHOTO_REFRESH_MS = 7 * 24 * 60 * 60 * 1000;

/** The rows kept for these users, by user id (absent: never fetched on this device). */
export async function cachedPhotos(db: RollbookDb, userIds: readonly string[]): Promise<Map<string, PhotoRow>> {
  const rows = await db.photos.bulkGet([...userIds]);
  const found = new Map<string, PhotoRow>();
  // A photo kept in a type no longer shown (an SVG, before they were refused) counts as never fetched: asked again, replaced.
  for (const row of rows) if (row && typeof row.userId === 'string' && typeof row.fetchedAt === 'number' && (row.state !== 'photo' || isPhotoType(row.contentType))) found.set(row.userId, row);
  return found;
}

/** Whether a kept row should be fetched again (or there is none): its link changed, or with no link, it is a week old. */
export function photoIsStale(row: PhotoRow | undefined, now: number, link?: string): boolean {
  if (row === undefined) return true;
  if (link !== undefined) return row.link !== link;
  return now - row.fetchedAt >= PHOTO_REFRESH_MS;
}

/** Keeps fetched photos; a newer row replaces the user's old one. */
export async function keepPhotos(db: RollbookDb, rows: readonly PhotoRow[]): Promise<void> {
  if (rows.length > 0) await db.photos.bulkPut([...rows]);
}
