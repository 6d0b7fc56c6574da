import 'fake-indexeddb/auto'; // first: Dexie looks for indexedDB when it loads
import { Dexie } from 'dexie';
import { describe, expect, it } from 'vitest';
import { openRollbookDb, outboxRepo, pendingCount, rosterWithStatuses } from '../../renderer/src/db';
import { SCHEMA_V1, SCHEMA_V2, SCHEMA_V3, SCHEMA_V4 } from '../../renderer/src/db/rollbook-db';
import { COURSE } from './db-fixtures';

// Dexie's pattern (test/tests-upgrading.js): create the database as an older release left it,
// close it, then open it with the current class and check what the upgrade made of the data.
describe('schema migrations', () => {
  it('version 1 data survives the upgrades to the latest version, and the roster gets its sort key', async () => {
    const name = `rollbook-migration-${Math.random().toString(36).slice(2)}`;
    const v1 = new Dexie(name);
    v1.version(1).stores(SCHEMA_V1);
    await v1.open();
    await v1.table('rosterMembers').bulkAdd([
      { courseId: COURSE, userId: '_1_1', userName: 'zz', givenName: 'Ann', familyName: 'Young', role: 'Student' },
      { courseId: COURSE, userId: '_2_1', userName: 'bb', givenName: 'Bob', familyName: 'adams', role: 'Student' },
      { courseId: COURSE, userId: '_3_1', userName: 'aa', givenName: 'Cy', familyName: 'Adams', role: 'Student' },
    ]);
    await v1.table('meetings').add({ key: '1001', courseId: COURSE, serverId: 1001, title: 'L1', description: '', start: '2026-09-01T09:00:00.000Z', end: null, savedAt: '2026-09-01T08:00:00.000Z' });
    await v1.table('attendanceRecords').add({ courseId: COURSE, meetingKey: '1001', userId: '_1_1', status: 'Late', baseStatus: 'Late', savedAt: '2026-09-01T09:05:00.000Z' });
    v1.close();

    const db = await openRollbookDb(name);
    expect(db.verno).toBe(5);
    expect((await db.rosterMembers.get([COURSE, '_1_1']))?.sortName).toBe('young\u0000ann\u0000zz');
    const roster = await rosterWithStatuses(db, COURSE, { serverId: 1001 });
    // Sorted by last name (case-insensitive), then given name, through the new index.
    expect(roster.map((r) => `${r.familyName} ${r.givenName}`)).toEqual(['adams Bob', 'Adams Cy', 'Young Ann']);
    expect(roster.find((r) => r.userId === '_1_1')?.status).toBe('Late');
    expect(await db.undoLog.count()).toBe(0); // the new tables exist
    expect(await db.imports.count()).toBe(0);
    expect(await db.reviewCache.count()).toBe(0);
    expect(await db.allyReports.count()).toBe(0);
    expect(await db.photos.count()).toBe(0);
    db.close();
  });

  it('version 3 data survives the upgrade to version 4, which adds the photo store keyed by user', async () => {
    const name = `rollbook-migration-v3-${Math.random().toString(36).slice(2)}`;
    const v3 = new Dexie(name);
    v3.version(1).stores(SCHEMA_V1);
    v3.version(2).stores(SCHEMA_V2);
    v3.version(3).stores(SCHEMA_V3);
    await v3.open();
    await v3.table('rosterMembers').add({ courseId: COURSE, userId: '_1_1', userName: 'ana', givenName: 'Ana', familyName: 'Ng', role: 'Student', sortName: 'ng\u0000ana\u0000ana' });
    await v3.table('reviewCache').add({ key: 'k', courseId: COURSE, kind: 'content.children', savedAt: '2026-11-01T00:00:00.000Z', value: [1] });
    v3.close();

    const db = await openRollbookDb(name);
    expect(db.verno).toBe(5);
    expect((await db.rosterMembers.get([COURSE, '_1_1']))?.givenName).toBe('Ana');
    expect((await db.reviewCache.get('k'))?.value).toEqual([1]);
    await db.photos.put({ userId: '_1_1', fetchedAt: 1, state: 'photo', contentType: 'image/png', bytes: new Uint8Array([137, 80]) });
    await db.photos.put({ userId: '_1_1', fetchedAt: 2, state: 'none' });
    expect(await db.photos.count()).toBe(1); // one row a user: the newer answer replaces the older
    expect(await db.photos.where('fetchedAt').below(5).primaryKeys()).toEqual(['_1_1']);
    db.close();
  });

  it('version 4 ops waiting to be sent survive the upgrade to version 5, and are still sent and counted', async () => {
    const name = `rollbook-migration-v4-${Math.random().toString(36).slice(2)}`;
    const v4 = new Dexie(name);
    v4.version(1).stores(SCHEMA_V1);
    v4.version(2).stores(SCHEMA_V2);
    v4.version(3).stores(SCHEMA_V3);
    v4.version(4).stores(SCHEMA_V4);
    await v4.open();
    const op = { opId: '0000000001-0000-aaaaaaaa', kind: 'record.set', courseId: COURSE, at: '2026-11-01T09:00:00.000Z', meeting: { serverId: 1001 }, userId: '_1_1', status: 'Late', baseStatus: null };
    await v4.table('outbox').add({ opId: op.opId, courseId: COURSE, meetingKey: '1001', userId: '_1_1', op, state: 'pending' });
    v4.close();

    const db = await openRollbookDb(name);
    expect(db.verno).toBe(5);
    expect(await outboxRepo(db).pending()).toEqual([op]);
    expect(await pendingCount(db)).toBe(1);
    db.close();
  });

  it('a new install opens straight at the latest version', async () => {
    const db = await openRollbookDb(`rollbook-fresh-${Math.random().toString(36).slice(2)}`);
    expect(db.verno).toBe(5);
    expect(db.tables.map((t) => t.name).sort()).toEqual(
      ['allyReports', 'attendanceRecords', 'conflicts', 'courses', 'imports', 'meetings', 'outbox', 'photos', 'reviewCache', 'rosterMembers', 'settings', 'syncHistory', 'syncState', 'undoLog'],
    );
    db.close();
  });
});
