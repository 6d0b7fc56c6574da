import 'fake-indexeddb/auto';
import { cacheRepo, expandOutbox, openRollbookDb, type FetchedMember, type RollbookDb } from '../../renderer/src/db';

/**
 * A fresh local store per test, seeded the way the app seeds it: through cacheRepo with data
 * shaped as the sandbox's demo course answers (meeting ids from 1001, record ids from 50001).
 */
export const COURSE = '_12_1';
export const MEETING_ID = 1001;

let n = 0;
export async function freshDb(): Promise<RollbookDb> {
  n++;
  return openRollbookDb(`rollbook-test-${process.pid}-${n}-${Math.random().toString(36).slice(2)}`);
}

export function members(count: number): FetchedMember[] {
  const family = ['Zhang', 'Adams', 'Okafor', 'Baker', 'Müller', 'Nguyen', 'Garcia', 'Young'];
  return Array.from({ length: count }, (_, i) => ({
    userId: `_${100 + i}_1`,
    userName: `student${i}`,
    givenName: `Given${i}`,
    familyName: family[i % family.length]!,
    role: 'Student',
  }));
}

/** A store holding one server meeting of a course with `count` students, no records yet. */
export async function seededDb(count = 5): Promise<RollbookDb> {
  const db = await freshDb();
  const cache = cacheRepo(db);
  await cache.putRoster(COURSE, members(count));
  await cache.putMeetings(COURSE, [
    { id: MEETING_ID, courseId: COURSE, title: 'Lecture 1', description: '', start: '2026-09-01T09:00:00.000Z', end: '2026-09-01T10:00:00.000Z' },
  ], new Date().toISOString());
  return db;
}

export const MEETING = { serverId: MEETING_ID } as const;

/** Every op in the outbox, oldest first. */
export async function outboxOps(db: RollbookDb) {
  return expandOutbox(await db.outbox.orderBy('opId').toArray()).map((r) => r.op);
}
