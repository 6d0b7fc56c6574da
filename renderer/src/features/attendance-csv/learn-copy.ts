import type { Meeting } from '../../../../shared/api/attendance';
import { invoke } from '../../bridge';
import { cacheRepo, type RollbookDb } from '../../db';

/**
 * Bringing this device's copy of a course up to date with Learn, for the screens that compare
 * with it (the report, the import preview). What the user changed and has not synced is kept
 * (cache-repo.ts); these only read.
 */

/** Reads the course's roster and meeting list into this device's copy; resolves to Learn's meetings. */
export async function readCourseLists(db: RollbookDb, courseId: string): Promise<Meeting[]> {
  const cache = cacheRepo(db);
  const readSince = new Date().toISOString();
  const [{ members }, { meetings }] = await Promise.all([invoke('learn.roster', { courseId }), invoke('learn.meetings', { courseId })]);
  await cache.putRoster(courseId, members);
  await cache.putMeetings(courseId, meetings, readSince);
  return meetings;
}

/** Reads these meetings' records into this device's copy, one read each; `progress` gets 0..1. */
export async function readMeetingRecords(db: RollbookDb, courseId: string, meetingIds: readonly number[], progress: (share: number) => void = () => undefined): Promise<void> {
  const cache = cacheRepo(db);
  let done = 0;
  // The host's HTTP client bounds how many of these run at once.
  await Promise.all(
    meetingIds.map(async (meetingId) => {
      const readSince = new Date().toISOString();
      const { records } = await invoke('learn.records', { courseId, meetingId });
      await cache.putRecords(courseId, meetingId, records, readSince);
      progress(++done / meetingIds.length);
    }),
  );
}
