import type { RollbookDb } from './rollbook-db';

/**
 * Whether a list was read from Learn within the last few minutes (docs/decisions.md, "Reads that
 * are needed, once"): a screen opened again, or the app started again, within that window shows
 * the device's copy and asks Learn nothing. Kept in the identity's store (syncState, the time each
 * read was written), so the window holds across a restart and belongs to one (site, user).
 */

/** How long a read of Learn's lists is used again before Learn is asked anew. */
export const FRESH_FOR_MS = 5 * 60_000;

/** The syncState key of the last time the course list was read. */
export const COURSES_READ_KEY = 'coursesRead';

/** The syncState key of the last time a course's roster was read. */
export function rosterReadKey(courseId: string): string {
  return `rosterRead:${courseId}`;
}

/** Of these syncState keys, the ones written within the window before `now`. */
export async function readRecently(db: RollbookDb, keys: readonly string[], now = Date.now()): Promise<Set<string>> {
  const rows = await db.syncState.bulkGet([...keys]);
  const fresh = new Set<string>();
  rows.forEach((row, i) => {
    const at = typeof row?.value === 'string' ? Date.parse(row.value) : Number.NaN;
    if (at <= now && now - at < FRESH_FOR_MS) fresh.add(keys[i] ?? '');
  });
  return fresh;
}
