import { invoke } from '../../bridge';
import { cacheRepo, FRESH_FOR_MS, meetingReadKey, meetingsReadKey, readRecently, rosterReadKey, type RollbookDb } from '../../db';

/**
 * Bringing this device's copy of a course up to date with Learn, for the screens that compare
 * with it (the report, the import preview). What the user changed and has not synced is kept
 * (cache-repo.ts); these only read. A list or a meeting's records read within the last few
 * minutes (read-freshness.ts) is the device's copy: not asked again (docs/decisions.md, "Reads
 * that are needed, once"). So is a meeting where Learn confirmed this device's record of every
 * student on the roll within those minutes (a roll call just synced): Learn's answers to its own
 * writes told the device what a read would.
 */

/** Reads the course's roster and meeting list into this device's copy; resolves to Learn's meeting ids. */
export async function readCourseLists(db: RollbookDb, courseId: string): Promise<number[]> {
  const cache = cacheRepo(db);
  const fresh = await readRecently(db, [rosterReadKey(courseId), meetingsReadKey(courseId)]);
  const readSince = new Date().toISOString();
  const [, meetingIds] = await Promise.all([
    fresh.has(rosterReadKey(courseId)) ? undefined : invoke('learn.roster', { courseId }).then(({ members }) => cache.putRoster(courseId, members)),
    fresh.has(meetingsReadKey(courseId))
      ? savedMeetingIds(db, courseId)
      : invoke('learn.meetings', { courseId }).then(async ({ meetings }) => {
          await cache.putMeetings(courseId, meetings, readSince);
          return meetings.map((m) => m.id);
        }),
  ]);
  return meetingIds;
}

/** Learn's ids of the course's meetings this device holds. */
async function savedMeetingIds(db: RollbookDb, courseId: string): Promise<number[]> {
  const rows = await db.meetings.where('courseId').equals(courseId).toArray();
  return rows.flatMap((m) => (m.serverId === undefined ? [] : [m.serverId]));
}

/** Reads these meetings' records into this device's copy, one read each unless read just before; `progress` gets 0..1. */
export async function readMeetingRecords(db: RollbookDb, courseId: string, meetingIds: readonly number[], progress: (share: number) => void = () => undefined): Promise<void> {
  const cache = cacheRepo(db);
  const fresh = await readRecently(db, meetingIds.map((id) => meetingReadKey(courseId, String(id))));
  const confirmed = await confirmedRecently(db, courseId, meetingIds);
  const unread = meetingIds.filter((id) => !fresh.has(meetingReadKey(courseId, String(id))) && !confirmed.has(id));
  let done = meetingIds.length - unread.length;
  if (meetingIds.length > 0) progress(done / meetingIds.length);
  // The host's HTTP client bounds how many of these run at once.
  await Promise.all(
    unread.map(async (meetingId) => {
      const readSince = new Date().toISOString();
      const { records } = await invoke('learn.records', { courseId, meetingId });
      await cache.putRecords(courseId, meetingId, records, readSince);
      progress(++done / meetingIds.length);
    }),
  );
}

/** Of these meetings, those where Learn confirmed a record of every student on the device's roll within the window. */
async function confirmedRecently(db: RollbookDb, courseId: string, meetingIds: readonly number[], now = Date.now()): Promise<Set<number>> {
  const roll = await db.rosterMembers.where('courseId').equals(courseId).primaryKeys();
  const out = new Set<number>();
  if (roll.length === 0) return out;
  const since = new Date(now - FRESH_FOR_MS).toISOString();
  for (const id of meetingIds) {
    const records = await db.attendanceRecords.where('meetingKey').equals(String(id)).toArray();
    const confirmed = new Set(records.filter((r) => r.courseId === courseId && r.confirmedAt !== undefined && r.confirmedAt >= since).map((r) => r.userId));
    if (roll.every(([, userId]) => confirmed.has(userId))) out.add(id);
  }
  return out;
}
