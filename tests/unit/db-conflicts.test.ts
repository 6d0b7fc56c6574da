import 'fake-indexeddb/auto'; // first: Dexie looks for indexedDB when it loads
import { afterEach, describe, expect, it } from 'vitest';
import { attendanceRepo, cacheRepo, outboxRepo, rosterWithStatuses, syncHistory, type RollbookDb } from '../../renderer/src/db';
import { COURSE, MEETING, MEETING_ID, outboxOps, seededDb } from './db-fixtures';

let db: RollbookDb;
afterEach(() => db?.close());

/** The user marks Absent over a server "Present"; meanwhile someone set Late on Learn. */
async function conflicted(): Promise<string> {
  db = await seededDb();
  await cacheRepo(db).putRecords(COURSE, MEETING_ID, [{ id: 50001, userId: '_100_1', status: 'Present' }], new Date().toISOString());
  await attendanceRepo(db).setStatus(COURSE, MEETING, '_100_1', 'Absent');
  const [op] = await outboxRepo(db).pending();
  await outboxRepo(db).applyResults([{ opId: op!.opId, outcome: 'conflict', local: 'Absent', server: 'Late', serverRecordId: 50001 }]);
  const [conflict] = await outboxRepo(db).conflicts(COURSE);
  return conflict!.id;
}

describe('conflicts with changes made on Learn', () => {
  it('are stored with both values and hold the op back until the user chooses', async () => {
    const id = await conflicted();
    expect(await outboxRepo(db).conflicts()).toMatchObject([{ id, userId: '_100_1', local: 'Absent', server: 'Late', serverRecordId: 50001 }]);
    expect(await outboxRepo(db).pending()).toEqual([]);
    // A refresh from Learn meanwhile does not decide it either.
    await cacheRepo(db).putRecords(COURSE, MEETING_ID, [{ id: 50001, userId: '_100_1', status: 'Late' }], new Date().toISOString());
    const row = (await rosterWithStatuses(db, COURSE, MEETING)).find((r) => r.userId === '_100_1');
    expect(row).toMatchObject({ status: 'Absent', conflict: true });
    expect(await syncHistory(db)).toMatchObject([{ conflicts: 1 }]);
  });

  it('"keep mine" sends my status again, based on the server value now known', async () => {
    const id = await conflicted();
    await outboxRepo(db).resolveConflict(id, 'mine');
    expect(await outboxRepo(db).conflicts()).toEqual([]);
    expect(await outboxOps(db)).toMatchObject([{ kind: 'record.set', meeting: { serverId: MEETING_ID }, userId: '_100_1', status: 'Absent', baseStatus: 'Late' }]);
    expect(await db.attendanceRecords.get([String(MEETING_ID), '_100_1'])).toMatchObject({ status: 'Absent', baseStatus: 'Late' });
  });

  it('"keep Learn\'s" takes the server value and sends nothing', async () => {
    const id = await conflicted();
    await attendanceRepo(db).setStatus(COURSE, MEETING, '_100_1', 'Excused');
    expect(await outboxRepo(db).pending()).toEqual([]); // a tap meanwhile waits for the choice
    await outboxRepo(db).resolveConflict(id, 'server');
    expect(await outboxRepo(db).conflicts()).toEqual([]);
    expect(await db.outbox.count()).toBe(0);
    expect(await db.attendanceRecords.get([String(MEETING_ID), '_100_1'])).toMatchObject({ status: 'Late', baseStatus: 'Late' });
    const row = (await rosterWithStatuses(db, COURSE, MEETING)).find((r) => r.userId === '_100_1');
    expect(row).toMatchObject({ status: 'Late', pending: false, conflict: false });
  });

  it('"keep all mine" settles every conflict at once: each record sends my status, in one transaction', async () => {
    db = await seededDb();
    const users = ['_100_1', '_101_1', '_102_1'];
    await cacheRepo(db).putRecords(COURSE, MEETING_ID, users.map((userId, i) => ({ id: 50001 + i, userId, status: 'Present' as const })), new Date().toISOString());
    for (const userId of users) await attendanceRepo(db).setStatus(COURSE, MEETING, userId, 'Absent');
    const ops = await outboxRepo(db).pending();
    await outboxRepo(db).applyResults(ops.map((op, i) => ({ opId: op.opId, outcome: 'conflict' as const, local: 'Absent' as const, server: 'Late' as const, serverRecordId: 50001 + i })));
    const conflicts = await outboxRepo(db).conflicts(COURSE);
    expect(conflicts).toHaveLength(3);
    await outboxRepo(db).resolveConflicts(conflicts.map((c) => c.id), 'mine');
    expect(await outboxRepo(db).conflicts()).toEqual([]);
    expect((await outboxOps(db)).map((o) => (o.kind === 'record.set' ? [o.userId, o.status, o.baseStatus] : []))).toEqual(users.map((u) => [u, 'Absent', 'Late']));
  });
});
