import { invoke } from '../../bridge';
import { cacheRepo, readRecently, rosterReadKey, type RollbookDb } from '../../db';

/**
 * Reads a course's roster from Learn onto this device, on demand: the meetings screen and the
 * content screen when they open, a roll call, a report or an import that needs it. Not at a
 * launch: Today shows no roster. Rejects as the read does; each caller says what that means on
 * its screen.
 */
export async function readRoster(db: RollbookDb, courseId: string): Promise<void> {
  const { members } = await invoke('learn.roster', { courseId });
  await cacheRepo(db).putRoster(courseId, members);
}

/** The roster, unless this device read it within the last few minutes (read-freshness.ts): a screen opened again asks Learn nothing. */
export async function readRosterIfStale(db: RollbookDb, courseId: string): Promise<void> {
  if ((await readRecently(db, [rosterReadKey(courseId)])).size > 0) return;
  await readRoster(db, courseId);
}
