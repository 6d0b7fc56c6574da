import type { RollbookDb } from './rollbook-db';

/**
 * Whether a list was read from Learn within the last few minutes (docs/decisions/reads-needed-once.md, "Reads that
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

/** The syncState key of the last time a course's records were read from Learn (an ISO time). */
export function recordsReadKey(courseId: string): string {
  return `recordsRead:${courseId}`;
}

/** The syncState key of the last time one meeting's records were read (so "not taken" is told from "not read yet"). */
export function meetingReadKey(courseId: string, meetingKey: string): string {
  return `${recordsReadKey(courseId)}:${meetingKey}`;
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

/**
 * Of these meetings (Learn's ids), those whose records the device knows as Learn holds them from
 * the last few minutes: read within the window, or every student of the device's roll with a
 * record Learn confirmed within it (a roll call just synced: Learn's answers to the device's own
 * writes told it what a read would).
 */
export async function recordsKnownRecently(db: RollbookDb, courseId: string, meetingIds: readonly number[], now = Date.now()): Promise<Set<number>> {
  const read = await readRecently(db, meetingIds.map((id) => meetingReadKey(courseId, String(id))), now);
  const known = new Set(meetingIds.filter((id) => read.has(meetingReadKey(courseId, String(id)))));
  const roll = await db.rosterMembers.where('courseId').equals(courseId).primaryKeys();
  if (roll.length === 0) return known;
  const since = new Date(now - FRESH_FOR_MS).toISOString();
  for (const id of meetingIds) {
    if (known.has(id)) continue;
    const records = await db.attendanceRecords.where('meetingKey').equals(String(id)).toArray();
    const confirmed = new Set(records.filter((r) => r.courseId === courseId && r.confirmedAt !== undefined && r.confirmedAt >= since).map((r) => r.userId));
    if (roll.every(([, userId]) => confirmed.has(userId))) known.add(id);
  }
  return known;
}
