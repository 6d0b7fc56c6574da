import { invoke } from '../../bridge';
import { cacheRepo, meetingsReadKey, readRecently, recordsKnownRecently, rosterReadKey, type RollbookDb } from '../../db';

/**
 * Bringing this device's copy of a course up to date with Learn, for the screens that compare
 * with it (the report, the import preview). What the user changed and has not synced is kept
 * (cache-repo.ts); these only read. A list or a meeting's records read within the last few
 * minutes (read-freshness.ts) is the device's copy: not asked again (docs/decisions/reads-needed-once.md, "Reads
 * that are needed, once"), and so is a meeting whose every student's record Learn confirmed
 * within them (read-freshness.ts, `recordsKnownRecently`).
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
  const known = await recordsKnownRecently(db, courseId, meetingIds);
  const unread = meetingIds.filter((id) => !known.has(id));
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

