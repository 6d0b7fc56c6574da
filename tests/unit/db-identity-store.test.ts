import 'fake-indexeddb/auto'; // first: Dexie looks for indexedDB when it loads
import { Dexie } from 'dexie';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  attendanceRepo,
  cacheRepo,
  DEFAULT_DB_NAME,
  moveSharedStore,
  openIdentityStore,
  openRollbookDb,
  pendingCount,
  removeIdentityStore,
  storeNameOf,
  unsentChangesOf,
  type RollbookDb,
} from '../../renderer/src/db';
import { COURSE, MEETING, MEETING_ID, members, testStoreKey } from './db-fixtures';

/**
 * One local store per identity: what one identity marks is not in another's store;
 * the store every identity shared before moves, waiting changes and all, to the first identity it
 * provably belongs to, never to another site's user, and a crash half-way loses or doubles nothing.
 */
const PSYC = { id: COURSE, courseId: 'PSYC-101-F26', name: 'Introduction to Psychology', ultra: true, organization: false, role: 'Instructor' };
const DEMO = 'demo-0123456789abcdef01234567';
const SITE = 'site-0123456789abcdef01234567';
const COLLEAGUE = 'site-fedcba9876543210fedcba98';
const STORE_KEY = await testStoreKey();

/** A store with the lecture, its roster and meeting, and `marks` roll-call taps waiting to be sent. */
async function storeWithWaitingMarks(db: RollbookDb, marks: number): Promise<string[]> {
  const cache = cacheRepo(db);
  await cache.putCourses([PSYC]);
  const roster = members(5);
  await cache.putRoster(COURSE, roster);
  await cache.putMeetings(COURSE, [{ id: MEETING_ID, courseId: COURSE, title: 'Lecture 1', description: '', start: '2026-09-01T09:00:00.000Z', end: '2026-09-01T10:00:00.000Z' }], new Date().toISOString());
  const repo = attendanceRepo(db);
  for (const m of roster.slice(0, marks)) await repo.setStatus(COURSE, MEETING, m.userId, 'Absent');
  return (await db.outbox.toArray()).map((op) => op.opId).sort();
}

async function sharedStoreWithWaitingMarks(marks: number): Promise<string[]> {
  const shared = await openRollbookDb(DEFAULT_DB_NAME);
  const ops = await storeWithWaitingMarks(shared, marks);
  shared.close();
  return ops;
}

beforeEach(async () => {
  for (const name of [DEFAULT_DB_NAME, storeNameOf(DEMO), storeNameOf(SITE), storeNameOf(COLLEAGUE)]) await Dexie.delete(name);
});

describe('one store per identity', () => {
  it('keeps what one identity marks out of every other identity’s store', async () => {
    const demo = await openIdentityStore(DEMO, STORE_KEY);
    await storeWithWaitingMarks(demo, 3);
    const site = await openIdentityStore(SITE, STORE_KEY);
    expect(await pendingCount(site)).toBe(0);
    expect(await site.courses.count()).toBe(0);
    expect(await site.attendanceRecords.count()).toBe(0);
    expect(await pendingCount(demo)).toBe(3);
    demo.close();
    site.close();
    expect(await unsentChangesOf(DEMO)).toBe(3);
    expect(await unsentChangesOf(SITE)).toBe(0);
  });

  it('removes an identity’s data, waiting changes included, and only that identity’s', async () => {
    const demo = await openIdentityStore(DEMO, STORE_KEY);
    await storeWithWaitingMarks(demo, 2);
    demo.close();
    const site = await openIdentityStore(SITE, STORE_KEY);
    await storeWithWaitingMarks(site, 1);
    site.close();
    await removeIdentityStore(DEMO);
    expect(await Dexie.exists(storeNameOf(DEMO))).toBe(false);
    expect(await unsentChangesOf(DEMO)).toBe(0);
    expect(await unsentChangesOf(SITE)).toBe(1);
  });

  it('counting what an identity has waiting never makes its store again while it is removed', async () => {
    const db = await openIdentityStore(SITE, STORE_KEY);
    await storeWithWaitingMarks(db, 0);
    db.close();
    // The sign-in screen counts what each identity has waiting just as a sign-out removes the store.
    const [count] = await Promise.all([unsentChangesOf(SITE), removeIdentityStore(SITE)]);
    expect(count).toBe(0);
    expect((await Dexie.getDatabaseNames()).includes(storeNameOf(SITE))).toBe(false);
  });

  it('never names the shared store, whatever the key', () => {
    expect(storeNameOf(DEMO)).not.toBe(DEFAULT_DB_NAME);
    expect(() => storeNameOf('')).toThrow();
  });
});

describe('the store every identity shared before', () => {
  it('moves to the first identity whose courses it holds, every waiting change kept, and is then gone', async () => {
    const waiting = await sharedStoreWithWaitingMarks(3);
    // A colleague at another site signs in first: the lecture is not one of hers.
    const colleague = await openIdentityStore(COLLEAGUE, STORE_KEY);
    expect(await moveSharedStore(colleague, () => Promise.resolve([{ id: '_99_1', courseId: 'HIST-310-F26' }]))).toBe('not-theirs');
    expect(await colleague.outbox.count()).toBe(0);
    expect(await Dexie.exists(DEFAULT_DB_NAME)).toBe(true);

    const mine = await openIdentityStore(SITE, STORE_KEY);
    expect(await moveSharedStore(mine, () => Promise.resolve([PSYC, { id: '_99_1', courseId: 'HIST-310-F26' }]))).toBe('moved');
    expect((await mine.outbox.toArray()).map((op) => op.opId).sort()).toEqual(waiting);
    expect(await pendingCount(mine)).toBe(3);
    expect(await mine.rosterMembers.count()).toBe(5);
    expect(await Dexie.exists(DEFAULT_DB_NAME)).toBe(false);
    colleague.close();
    mine.close();
  });

  it('does not go to a site where the same Learn id is another course (demo data never reaches a real site)', async () => {
    await sharedStoreWithWaitingMarks(2);
    const site = await openIdentityStore(SITE, STORE_KEY);
    // The same primary id, another course: the demo's lecture is not this site's course.
    expect(await moveSharedStore(site, () => Promise.resolve([{ id: COURSE, courseId: 'MATH-200-S27' }]))).toBe('not-theirs');
    expect(await site.outbox.count()).toBe(0);
    const demo = await openIdentityStore(DEMO, STORE_KEY);
    expect(await moveSharedStore(demo, () => Promise.resolve([PSYC]))).toBe('moved');
    expect(await pendingCount(demo)).toBe(2);
    site.close();
    demo.close();
  });

  it('after a crash between the move and the delete, only deletes: nothing doubled, nothing made since undone', async () => {
    await sharedStoreWithWaitingMarks(2);
    const demo = await openIdentityStore(DEMO, STORE_KEY);
    expect(await moveSharedStore(demo, () => Promise.resolve([PSYC]))).toBe('moved');
    // The old store is back as if its delete never ran; meanwhile one change was sent and left the outbox.
    await sharedStoreWithWaitingMarks(2);
    const [sent] = await demo.outbox.toArray();
    await demo.outbox.delete(sent!.opId);
    expect(await moveSharedStore(demo, () => Promise.reject(new Error('not asked')))).toBe('moved');
    expect(await pendingCount(demo)).toBe(1);
    expect(await Dexie.exists(DEFAULT_DB_NAME)).toBe(false);
    demo.close();
  });

  it('keeps the identity’s own history when both have some', async () => {
    const shared = await openRollbookDb(DEFAULT_DB_NAME);
    await storeWithWaitingMarks(shared, 1);
    await shared.syncHistory.add({ at: '2026-09-01T10:00:00.000Z', sent: 4, done: 4, superseded: 0, failed: 0, conflicts: 0 });
    shared.close();
    const demo = await openIdentityStore(DEMO, STORE_KEY);
    await demo.syncHistory.add({ at: '2026-11-01T10:00:00.000Z', sent: 1, done: 1, superseded: 0, failed: 0, conflicts: 0 });
    expect(await moveSharedStore(demo, () => Promise.resolve([PSYC]))).toBe('moved');
    expect((await demo.syncHistory.toArray()).map((h) => h.at).sort()).toEqual(['2026-09-01T10:00:00.000Z', '2026-11-01T10:00:00.000Z']);
    demo.close();
  });

  it('an empty old store just goes; with none there is nothing to do', async () => {
    (await openRollbookDb(DEFAULT_DB_NAME)).close();
    const demo = await openIdentityStore(DEMO, STORE_KEY);
    expect(await moveSharedStore(demo, () => Promise.reject(new Error('not asked')))).toBe('none');
    expect(await Dexie.exists(DEFAULT_DB_NAME)).toBe(false);
    expect(await moveSharedStore(demo, () => Promise.reject(new Error('not asked')))).toBe('none');
    demo.close();
  });
});
