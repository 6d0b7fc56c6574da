import 'fake-indexeddb/auto'; // first: Dexie looks for indexedDB when it loads
import { afterEach, describe, expect, it } from 'vitest';
import { attendanceRepo, cacheRepo, counts, outboxRepo, pendingCount, rosterWithStatuses, type RollbookDb } from '../../renderer/src/db';
import { COURSE, MEETING, MEETING_ID, outboxOps, seededDb } from './db-fixtures';
import type { AttendanceStatus } from '../../shared/api/attendance';

let db: RollbookDb;
afterEach(() => db?.close());

describe('taking roll in the local store', () => {
  it('a tap saves the status and queues one op carrying the server value as base', async () => {
    db = await seededDb();
    await cacheRepo(db).putRecords(COURSE, MEETING_ID, [{ id: 50001, userId: '_101_1', status: 'Late' }], new Date().toISOString());
    await attendanceRepo(db).setStatus(COURSE, MEETING, '_101_1', 'Absent');
    await attendanceRepo(db).setStatus(COURSE, MEETING, '_100_1', 'Present');

    const roster = await rosterWithStatuses(db, COURSE, MEETING);
    expect(roster.find((r) => r.userId === '_101_1')).toMatchObject({ status: 'Absent', pending: true });
    const ops = await outboxOps(db);
    expect(ops).toMatchObject([
      { kind: 'record.set', meeting: { serverId: MEETING_ID }, userId: '_101_1', status: 'Absent', baseStatus: 'Late' },
      { kind: 'record.set', userId: '_100_1', status: 'Present', baseStatus: null },
    ]);
    expect(await counts(db, COURSE, MEETING)).toEqual({ Present: 1, Absent: 1, Late: 0, Excused: 0, other: 0, notMarked: 3, total: 5 });
  });

  it('tapping the status a student already has queues nothing', async () => {
    db = await seededDb();
    await attendanceRepo(db).setStatus(COURSE, MEETING, '_100_1', 'Present');
    await attendanceRepo(db).setStatus(COURSE, MEETING, '_100_1', 'Present');
    expect(await outboxOps(db)).toHaveLength(1);
  });

  it('a write whose op is invalid leaves no record behind (one transaction)', async () => {
    db = await seededDb();
    // An empty user id passes the record write but fails the OutboxOp schema, after the record is put.
    await expect(attendanceRepo(db).setStatus(COURSE, MEETING, '', 'Present')).rejects.toThrow();
    await expect(attendanceRepo(db).setStatus(COURSE, MEETING, '_100_1', 'Maybe' as AttendanceStatus)).rejects.toThrow();
    expect(await db.attendanceRecords.count()).toBe(0);
    expect(await db.outbox.count()).toBe(0);
    expect(await db.undoLog.count()).toBe(0);
  });

  it('"mark everyone not yet marked" never overwrites a status already set', async () => {
    db = await seededDb(6);
    const repo = attendanceRepo(db);
    await cacheRepo(db).putRecords(COURSE, MEETING_ID, [{ id: 50001, userId: '_102_1', status: 'Excused' }], new Date().toISOString());
    await repo.setStatus(COURSE, MEETING, '_100_1', 'Absent');
    const ids = (await rosterWithStatuses(db, COURSE, MEETING)).map((r) => r.userId);
    expect(await repo.markAllNotYetMarked(COURSE, MEETING, ids, 'Present')).toBe(4);

    const byUser = new Map((await rosterWithStatuses(db, COURSE, MEETING)).map((r) => [r.userId, r.status]));
    expect(byUser.get('_100_1')).toBe('Absent');
    expect(byUser.get('_102_1')).toBe('Excused');
    expect([...byUser.values()].filter((s) => s === 'Present')).toHaveLength(4);
    expect(await repo.markAllNotYetMarked(COURSE, MEETING, ids, 'Late')).toBe(0);
    expect(await db.outbox.count()).toBe(5);
  });

  it('a mark-all over 1,000 students lands whole, sorted by last name, or not at all', async () => {
    db = await seededDb(1000);
    const repo = attendanceRepo(db);
    const ids = (await rosterWithStatuses(db, COURSE, MEETING)).map((r) => r.userId);
    await expect(repo.markAllNotYetMarked(COURSE, MEETING, [...ids, ''], 'Present')).rejects.toThrow();
    expect(await db.attendanceRecords.count()).toBe(0);
    expect(await db.outbox.count()).toBe(0);

    expect(await repo.markAllNotYetMarked(COURSE, MEETING, ids, 'Present')).toBe(1000);
    const roster = await rosterWithStatuses(db, COURSE, MEETING);
    expect(roster.every((r) => r.status === 'Present' && r.pending)).toBe(true);
    const names = roster.map((r) => r.familyName.toLowerCase());
    expect(names).toEqual([...names].sort());
    expect(await outboxRepo(db).pending()).toHaveLength(1000);
  });

  it('undo of a change not yet sent withdraws its op: nothing is ever sent for it', async () => {
    db = await seededDb();
    const repo = attendanceRepo(db);
    await repo.setStatus(COURSE, MEETING, '_100_1', 'Absent');
    await repo.setStatus(COURSE, MEETING, '_100_1', 'Late');
    expect(await repo.undoLast(COURSE, MEETING)).toMatchObject({ restored: 1, notUndoable: 0, changedSince: 0 });
    expect(await outboxRepo(db).pending()).toMatchObject([{ userId: '_100_1', status: 'Absent' }]);
    expect((await db.attendanceRecords.get([String(MEETING_ID), '_100_1']))?.status).toBe('Absent');

    expect(await repo.undoLast(COURSE, MEETING)).toMatchObject({ restored: 1, notUndoable: 0, changedSince: 0 });
    expect(await outboxRepo(db).pending()).toEqual([]);
    expect(await pendingCount(db)).toBe(0);
    expect(await db.attendanceRecords.count()).toBe(0);
    expect(await repo.undoLast(COURSE, MEETING)).toBeNull();
  });

  it('undo of a tap a push already carried: once Learn applied it, the status gone back to is sent', async () => {
    db = await seededDb();
    const repo = attendanceRepo(db);
    await cacheRepo(db).putRecords(COURSE, MEETING_ID, [{ id: 50001, userId: '_100_1', status: 'Present' }], new Date().toISOString());
    await repo.setStatus(COURSE, MEETING, '_100_1', 'Absent');
    await repo.setStatus(COURSE, MEETING, '_101_1', 'Late');
    const carried = await outboxRepo(db).pending(); // the push is on its way...
    await repo.undoLast(COURSE, MEETING); // ...when the user undoes both taps
    await repo.undoLast(COURSE, MEETING);
    expect(await outboxRepo(db).pending()).toEqual([]);

    await outboxRepo(db).applyResults([
      { opId: carried[0]!.opId, outcome: 'done', serverRecordId: 50001, serverStatus: 'Absent' },
      { opId: carried[1]!.opId, outcome: 'done', serverRecordId: 50002, serverStatus: 'Late' },
    ]);
    // Present goes back to Learn; "not marked" goes back too: Learn's new record is cleared.
    expect(await outboxOps(db)).toMatchObject([
      { kind: 'record.set', userId: '_100_1', status: 'Present', baseStatus: 'Absent' },
      { kind: 'record.clear', userId: '_101_1', baseStatus: 'Late' },
    ]);
    expect(await db.attendanceRecords.get([String(MEETING_ID), '_100_1'])).toMatchObject({ status: 'Present', baseStatus: 'Absent' });
    expect(await db.attendanceRecords.get([String(MEETING_ID), '_101_1'])).toBeUndefined();
  });

  it('undo of a mark-all reverts every student it marked in one step', async () => {
    db = await seededDb(4);
    const repo = attendanceRepo(db);
    await repo.setStatus(COURSE, MEETING, '_100_1', 'Absent');
    const ids = (await rosterWithStatuses(db, COURSE, MEETING)).map((r) => r.userId);
    await repo.markAllNotYetMarked(COURSE, MEETING, ids, 'Present');
    expect(await repo.undoLast(COURSE, MEETING)).toMatchObject({ restored: 3, notUndoable: 0, changedSince: 0 });
    expect(await counts(db, COURSE, MEETING)).toMatchObject({ Absent: 1, Present: 0, notMarked: 3 });
  });

  it('undo of a change already on Learn queues an op restoring the previous status', async () => {
    db = await seededDb();
    const repo = attendanceRepo(db);
    await cacheRepo(db).putRecords(COURSE, MEETING_ID, [{ id: 50001, userId: '_100_1', status: 'Present' }], new Date().toISOString());
    await repo.setStatus(COURSE, MEETING, '_100_1', 'Absent');
    await repo.setStatus(COURSE, MEETING, '_101_1', 'Late');
    const [absent, late] = await outboxRepo(db).pending();
    await outboxRepo(db).applyResults([
      { opId: absent!.opId, outcome: 'done', serverRecordId: 50001, serverStatus: 'Absent' },
      { opId: late!.opId, outcome: 'done', serverRecordId: 50002, serverStatus: 'Late' },
    ]);

    // Late had no status before: its record is cleared, here and (queued) on Learn.
    expect(await repo.undoLast(COURSE, MEETING)).toMatchObject({ restored: 1, cleared: 1, notUndoable: 0, changedSince: 0 });
    expect(await db.attendanceRecords.get([String(MEETING_ID), '_101_1'])).toBeUndefined();
    expect(await repo.undoLast(COURSE, MEETING)).toMatchObject({ restored: 1, notUndoable: 0, changedSince: 0 });
    expect(await outboxOps(db)).toMatchObject([
      { kind: 'record.clear', userId: '_101_1', baseStatus: 'Late' },
      { kind: 'record.set', userId: '_100_1', status: 'Present', baseStatus: 'Absent' },
    ]);
    expect((await db.attendanceRecords.get([String(MEETING_ID), '_100_1']))?.status).toBe('Present');
  });

  it('a status fetched from Learn does not replace one the user has not synced yet', async () => {
    db = await seededDb();
    await attendanceRepo(db).setStatus(COURSE, MEETING, '_100_1', 'Absent');
    await cacheRepo(db).putRecords(COURSE, MEETING_ID, [
      { id: 50001, userId: '_100_1', status: 'Present' },
      { id: 50002, userId: '_101_1', status: 'Late' },
    ], new Date().toISOString());
    expect(await db.attendanceRecords.get([String(MEETING_ID), '_100_1'])).toMatchObject({ status: 'Absent', baseStatus: 'Present', serverRecordId: 50001 });
    expect(await db.attendanceRecords.get([String(MEETING_ID), '_101_1'])).toMatchObject({ status: 'Late', baseStatus: 'Late' });
  });
});
