import 'fake-indexeddb/auto';
import { cacheRepo, expandOutbox, importStoreKey, RollbookDb, type FetchedMember } from '../../renderer/src/db';
import { atRest } from '../../renderer/src/db/at-rest';

/**
 * A fresh local store per test, seeded the way the app seeds it: through cacheRepo with data
 * shaped as the sandbox's demo course answers (meeting ids from 1001, record ids from 50001).
 */
export const COURSE = '_12_1';
export const MEETING_ID = 1001;

/** A store key as the host hands it over (32 random bytes, base64), imported as the page does. */
export function testStoreKey(): Promise<CryptoKey> {
  return importStoreKey(Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString('base64'));
}

let n = 0;
/** Each test store's key, as the host keeps it, so a test can open the store again as the app would. */
const keys = new Map<string, CryptoKey>();
/** Sealed at rest as the app's identity stores are (db/at-rest.ts), so every repository test also runs through the sealing. */
export async function freshDb(): Promise<RollbookDb> {
  n++;
  const name = `rollbook-test-${process.pid}-${n}-${Math.random().toString(36).slice(2)}`;
  keys.set(name, await testStoreKey());
  return reopenDb(name);
}

/** Opens a store `freshDb` made again, with its key (a window closed and opened again). */
export async function reopenDb(name: string): Promise<RollbookDb> {
  const key = keys.get(name);
  if (!key) throw new Error(`no test store named ${name}`);
  const db = new RollbookDb(name);
  db.use(atRest(key));
  await db.open();
  return db;
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
