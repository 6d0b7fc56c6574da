import type { z } from 'zod';
import type { RollbookDb } from './rollbook-db';

/**
 * Server reads kept for offline review (content pages, release rules, calendar windows,
 * announcements, Ally overviews): one JSON value per key in `reviewCache`. Every feature saves and
 * reads through here, so there is one rule for all of them: a value is read back through its
 * schema, and a damaged row counts as not saved rather than breaking the screen.
 */
export interface ReviewSlot {
  key: string;
  /** Names the reader, e.g. `content.children`; lets a feature list or clear its own rows. */
  kind: string;
  /** The course the read belongs to; null for reads across courses (calendar, announcements). */
  courseId: string | null;
}

export interface SavedReview<T> {
  value: T;
  savedAt: string;
}

/** Saves a read; resolves to when (ISO), the time the "Offline: as of" mark will show. */
export async function saveReview(db: RollbookDb, slot: ReviewSlot, value: unknown, savedAt = new Date().toISOString()): Promise<string> {
  await db.reviewCache.put({ ...slot, savedAt, value });
  return savedAt;
}

/** The saved copy, or undefined when none is saved or it no longer passes its schema. */
export async function readReview<T>(db: RollbookDb, key: string, schema: z.ZodType<T>): Promise<SavedReview<T> | undefined> {
  const row = await db.reviewCache.get(key);
  if (!row) return undefined;
  const parsed = schema.safeParse(row.value);
  return parsed.success ? { value: parsed.data, savedAt: row.savedAt } : undefined;
}

/** Several saved copies at once, in the order of `keys` (undefined where missing or damaged). */
export async function readReviews<T>(db: RollbookDb, keys: readonly string[], schema: z.ZodType<T>): Promise<(SavedReview<T> | undefined)[]> {
  const rows = await db.reviewCache.bulkGet([...keys]);
  return rows.map((row) => {
    const parsed = row ? schema.safeParse(row.value) : undefined;
    return row && parsed?.success ? { value: parsed.data, savedAt: row.savedAt } : undefined;
  });
}
