import { invoke } from '../../bridge';
import { cacheRepo, type RollbookDb } from '../../db';

/**
 * Reads a course's roster from Learn onto this device: Today (every course, after sign-in), the
 * meetings screen and the content screen (each time they open) and a roll call that finds no
 * student saved (a first open, before any of those has landed). Rejects as the read does; each
 * caller says what that means on its screen.
 */
export async function readRoster(db: RollbookDb, courseId: string): Promise<void> {
  const { members } = await invoke('learn.roster', { courseId });
  await cacheRepo(db).putRoster(courseId, members);
}
