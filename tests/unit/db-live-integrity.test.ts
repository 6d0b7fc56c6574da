import 'fake-indexeddb/auto'; // first: Dexie looks for indexedDB when it loads
import { liveQuery } from 'dexie';
import { afterEach, describe, expect, it } from 'vitest';
import { attendanceRepo, corruptRows, counts, meetingsOf, pendingCount, requestPersistentStorage, rosterWithStatuses, type RollbookDb } from '../../renderer/src/db';
import { COURSE, MEETING, MEETING_ID, seededDb } from './db-fixtures';

let db: RollbookDb;
afterEach(() => db?.close());

/** Resolve with the first value of a liveQuery that passes `ok` (Dexie's test/tests-live-query.js way: wait, never sleep). */
function waitFor<T>(query: () => Promise<T>, ok: (value: T) => boolean): Promise<T> {
  return new Promise((resolve, reject) => {
    const sub = liveQuery(query).subscribe({
      next: (value) => {
        if (ok(value)) {
          sub.unsubscribe();
          resolve(value);
        }
      },
      error: reject,
    });
  });
}

describe('reading the store live', () => {
  it('a screen subscribed with liveQuery sees a tap as soon as it is saved', async () => {
    db = await seededDb();
    await waitFor(() => counts(db, COURSE, MEETING), (c) => c.notMarked === 5);
    const seen = waitFor(() => Promise.all([counts(db, COURSE, MEETING), pendingCount(db)]), ([c, n]) => c.Absent === 1 && n === 1);
    await attendanceRepo(db).setStatus(COURSE, MEETING, '_103_1', 'Absent');
    const [c] = await seen;
    expect(c).toMatchObject({ Absent: 1, notMarked: 4 });
  });
});

describe('corrupt local rows', () => {
  it('are skipped by the screens and reported, not thrown', async () => {
    db = await seededDb();
    await attendanceRepo(db).setStatus(COURSE, MEETING, '_100_1', 'Present');
    // Rows as a damaged disk or an older build might leave them.
    await db.attendanceRecords.put({ courseId: COURSE, meetingKey: String(MEETING_ID), userId: '_101_1', status: 42 as never, baseStatus: null, savedAt: 'x' });
    await db.rosterMembers.put({ courseId: COURSE, userId: '_999_1', sortName: 'zzz' } as never);
    await db.meetings.put({ key: '77', courseId: COURSE } as never);

    const roster = await rosterWithStatuses(db, COURSE, MEETING);
    expect(roster).toHaveLength(5);
    expect(roster.find((r) => r.userId === '_100_1')?.status).toBe('Present');
    expect(roster.find((r) => r.userId === '_101_1')?.status).toBeNull();
    expect(await meetingsOf(db, COURSE)).toHaveLength(1);

    const report = await corruptRows(db);
    expect(report.map((r) => r.table).sort()).toEqual(['attendanceRecords', 'meetings', 'rosterMembers']);
    expect(report.find((r) => r.table === 'attendanceRecords')?.problem).toMatch(/^status:/);
  });
});

describe('persistent storage', () => {
  it('says whether the browser agreed to keep the data', async () => {
    const manager = (persisted: boolean, grant: boolean) => ({ persisted: () => Promise.resolve(persisted), persist: () => Promise.resolve(grant) }) as unknown as StorageManager;
    expect(await requestPersistentStorage(manager(false, true))).toBe(true);
    expect(await requestPersistentStorage(manager(false, false))).toBe(false);
    expect(await requestPersistentStorage(manager(true, false))).toBe(true);
    expect(await requestPersistentStorage({ persist: () => Promise.reject(new Error('denied')) } as unknown as StorageManager)).toBe(false);
    expect(await requestPersistentStorage(undefined)).toBe(false);
  });
});
