import { cacheRepo, type FetchedRecord, type RollbookDb } from '../../renderer/src/db';
import { freshDb } from './db-fixtures';
import { MEETINGS, STUDENTS } from './csv-support';

/** The course the CSV fixtures were written for, on a fresh device: its roster, meetings and Lecture 1's records. */
export const COURSE = '_12_1';

export async function seededCourse(lecture1: readonly FetchedRecord[]): Promise<RollbookDb> {
  const db = await freshDb();
  const cache = cacheRepo(db);
  await cache.putRoster(COURSE, STUDENTS.map((s) => ({ ...s, role: 'Student' })));
  await cache.putMeetings(COURSE, MEETINGS.map((m) => ({ id: m.serverId!, courseId: COURSE, title: m.title, description: '', start: m.start, end: m.end })), new Date().toISOString());
  await cache.putRecords(COURSE, 1001, lecture1, new Date().toISOString());
  return db;
}
