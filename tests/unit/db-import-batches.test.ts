import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import type { RecordSetOp } from '../../shared/domain/outbox';
import {
  attendanceRepo,
  cacheRepo,
  confirmImport,
  courseAttendance,
  failures,
  importsOf,
  meetingMarks,
  meetingsRepo,
  outboxRepo,
  pendingCount,
  undoImport,
  waitingSummary,
  type ImportStatuses,
  type RollbookDb,
} from '../../renderer/src/db';
import { COURSE, seededCourse } from './csv-course-db';

/**
 * An import's record ops are stored in batch rows of a meeting's (docs/decisions/outbox-batch-rows.md). Everything a user
 * or Learn sees of them must be exactly what one row per op gave: each op sent, settled, failed,
 * undone, remapped and rebased on its own.
 */
const seeded = (): Promise<RollbookDb> => seededCourse([{ id: 50002, userId: '_102_1', status: 'Absent' }]);

const statuses = (...pairs: [string, ImportStatuses[number]['status']][]): ImportStatuses => pairs.map(([userId, status]) => ({ userId, status }));

/** Lecture 1: four students; Lab: three. */
function importBoth(db: RollbookDb) {
  const existing = new Map([
    ['1001', statuses(['_101_1', 'Present'], ['_102_1', 'Present'], ['_103_1', 'Late'], ['_104_1', 'Absent'])],
    ['1003', statuses(['_101_1', 'Absent'], ['_103_1', 'Absent'], ['_106_1', 'Excused'])],
  ]);
  return confirmImport(db, { courseId: COURSE, fileName: 'week1.csv', existing, created: [], counts: { new: 6, changed: 1, unchanged: 0, error: 0 } });
}

const recordOps = async (db: RollbookDb) => (await outboxRepo(db).pending()).filter((o): o is RecordSetOp => o.kind === 'record.set');
/** The latest op for a student at a meeting. */
const opOf = (ops: RecordSetOp[], meetingId: number, userId: string) => ops.findLast((o) => 'serverId' in o.meeting && o.meeting.serverId === meetingId && o.userId === userId)!;

describe("an import's ops, in batch rows", () => {
  it('are one row for each meeting, and every count, list and screen still sees seven changes', async () => {
    const db = await seeded();
    expect(await importBoth(db)).toMatchObject({ written: 7 });
    expect(await db.outbox.count()).toBe(2);

    const ops = await recordOps(db);
    expect(ops).toHaveLength(7);
    expect(new Set(ops.map((o) => o.opId)).size).toBe(7);
    expect(ops.map((o) => o.opId)).toEqual(ops.map((o) => o.opId).sort()); // the order the user made them in
    expect(opOf(ops, 1001, '_102_1')).toMatchObject({ status: 'Present', baseStatus: 'Absent', courseId: COURSE });
    expect(await pendingCount(db)).toBe(7);
    expect(await pendingCount(db, COURSE)).toBe(7);
    expect(await waitingSummary(db)).toMatchObject({ marks: 7, total: 7 });
    const { marks } = await meetingMarks(db, { serverId: 1003 });
    expect([...marks].filter(([, m]) => m.pending).map(([u]) => u).sort()).toEqual(['_101_1', '_103_1', '_106_1']);
    expect((await importsOf(db, COURSE))[0]).toMatchObject({ waiting: 7, sent: 0 });
    const waitingAt = (await courseAttendance(db, COURSE)).meetings.map((m) => [m.title, m.state.waiting]);
    expect(waitingAt).toEqual([['Lecture 1', 4], ['Lecture 2, part 1', 0], ['Lab', 3]]); // the course list and Today
  });

  it("keep the imported statuses when Learn's records are read before they are sent", async () => {
    const db = await seeded();
    await importBoth(db);
    await cacheRepo(db).putRecords(COURSE, 1003, [{ id: 50300, userId: '_103_1', status: 'Present' }], new Date(Date.now() + 1000).toISOString());
    // Learn's Present is only the base the import's op is checked against; the screen shows the import.
    expect(await db.attendanceRecords.get(['1003', '_103_1'])).toMatchObject({ status: 'Absent', baseStatus: 'Present', serverRecordId: 50300 });
    expect((await meetingMarks(db, { serverId: 1003 })).marks.get('_103_1')).toMatchObject({ status: 'Absent', pending: true });
  });

  it('settle one op each: done, refused, in conflict and superseded, and a refused one can be retried', async () => {
    const db = await seeded();
    await importBoth(db);
    const ops = await recordOps(db);
    const [maya, jurgen, renee, sean] = ['_101_1', '_102_1', '_103_1', '_104_1'].map((u) => opOf(ops, 1001, u));
    await outboxRepo(db).applyResults([
      { opId: maya!.opId, outcome: 'done', serverRecordId: 50101, serverStatus: 'Present' },
      { opId: jurgen!.opId, outcome: 'failed', retryable: false, message: 'Learn refused this status.' },
      { opId: renee!.opId, outcome: 'conflict', local: 'Late', server: 'Excused', serverRecordId: 50103 },
      { opId: sean!.opId, outcome: 'superseded', by: 'later' },
    ]);

    expect(await pendingCount(db)).toBe(4); // three in the Lab's batch, and the refused one still waits
    expect((await recordOps(db)).map((o) => o.userId)).toEqual(['_101_1', '_103_1', '_106_1']); // the refused one is not retryable
    expect((await db.attendanceRecords.get(['1001', '_101_1']))).toMatchObject({ baseStatus: 'Present', serverRecordId: 50101 });
    expect(await failures(db)).toEqual([expect.objectContaining({ opId: jurgen!.opId, studentName: 'Jürgen Müller', status: 'Present', message: 'Learn refused this status.' })]);
    expect(await outboxRepo(db).conflicts()).toEqual([expect.objectContaining({ userId: '_103_1', local: 'Late', server: 'Excused' })]);
    expect((await importsOf(db, COURSE))[0]).toMatchObject({ waiting: 4, sent: 3 });

    await outboxRepo(db).retry(jurgen!.opId);
    expect(opOf(await recordOps(db), 1001, '_102_1')).toEqual(jurgen);
  });

  it('leave the outbox empty once every op is done, and a result that arrives twice changes nothing', async () => {
    const db = await seeded();
    await importBoth(db);
    const results = (await recordOps(db)).map((o, i) => ({ opId: o.opId, outcome: 'done' as const, serverRecordId: 60000 + i, serverStatus: o.status }));
    await outboxRepo(db).applyResults(results);
    expect(await db.outbox.count()).toBe(0);
    const records = await db.attendanceRecords.toArray();
    // A connection dropped after Learn applied the push: the same results come back with the next one.
    await outboxRepo(db).applyResults(results);
    expect(await db.attendanceRecords.toArray()).toEqual(records);
    expect(await db.outbox.count()).toBe(0);
    expect((await importsOf(db, COURSE))[0]).toMatchObject({ waiting: 0, sent: 7 });
  });

  it('undone after part of it reached Learn: the rest is withdrawn, what Learn has is sent back', async () => {
    const db = await seeded();
    const { id } = await importBoth(db);
    const jurgen = opOf(await recordOps(db), 1001, '_102_1');
    await outboxRepo(db).applyResults([{ opId: jurgen.opId, outcome: 'done', serverRecordId: 50002, serverStatus: 'Present' }]);

    expect(await undoImport(db, id)).toMatchObject({ restored: 7, notUndoable: 0, meetingsRemoved: 0, changedSince: 0, meetingsKept: 0 });
    expect(await recordOps(db)).toEqual([expect.objectContaining({ userId: '_102_1', status: 'Absent', baseStatus: 'Present' })]);
    expect(await pendingCount(db)).toBe(1);
    expect(await db.attendanceRecords.get(['1003', '_106_1'])).toBeUndefined();
    // The withdrawn ops stay until the next push says none of them was on its way.
    await outboxRepo(db).applyResults([]);
    expect(await db.outbox.count()).toBe(1);
  });

  it('undone after a later tap came back to the imported status: the later change is kept, not withdrawn under it', async () => {
    const db = await seeded();
    const { id } = await importBoth(db); // Jürgen: Absent -> Present
    await attendanceRepo(db).setStatus(COURSE, { serverId: 1001 }, '_102_1', 'Late');
    await attendanceRepo(db).setStatus(COURSE, { serverId: 1001 }, '_102_1', 'Present'); // back to the import's

    expect(await undoImport(db, id)).toMatchObject({ restored: 6, changedSince: 1 });
    expect(await db.attendanceRecords.get(['1001', '_102_1'])).toMatchObject({ status: 'Present' });
    expect(opOf(await recordOps(db), 1001, '_102_1')).toMatchObject({ status: 'Present' }); // what the screen shows is what is sent
  });

  it('undone after a send whose answer was lost: sends the status before back, over either value Learn may hold', async () => {
    const db = await seeded();
    const { id } = await importBoth(db);
    const ops = await recordOps(db);
    const [jurgen, maya] = [opOf(ops, 1001, '_102_1'), opOf(ops, 1001, '_101_1')];
    // The push stopped before Learn answered: Learn may or may not have these two.
    await outboxRepo(db).applyResults([
      { opId: jurgen.opId, outcome: 'failed', retryable: true, message: 'Learn did not answer.' },
      { opId: maya.opId, outcome: 'failed', retryable: true, message: 'Learn did not answer.' },
    ]);

    expect(await undoImport(db, id)).toMatchObject({ restored: 7, notUndoable: 0, meetingsRemoved: 0, changedSince: 0, meetingsKept: 0 });
    // Jürgen was Absent before: Absent goes back, based on the Present Learn may hold.
    // Maya had no status: her failed op is withdrawn and a clear queued, done whether Learn holds her Present or nothing.
    expect((await recordOps(db)).map((o) => [o.userId, o.status, o.baseStatus])).toEqual([['_102_1', 'Absent', 'Present']]);
    expect((await outboxRepo(db).pending()).filter((o) => o.kind === 'record.clear')).toMatchObject([{ userId: '_101_1', baseStatus: 'Present' }]);
    expect(await db.attendanceRecords.get(['1001', '_101_1'])).toBeUndefined();
    expect(await db.attendanceRecords.get(['1001', '_102_1'])).toMatchObject({ status: 'Absent' });
  });

  it('into a meeting made offline, follow the meeting to the id Learn gives it', async () => {
    const db = await seeded();
    const { localId: key } = await meetingsRepo(db).createMeeting(COURSE, { title: 'Field trip', description: '', start: '2026-09-20T09:00:00.000Z', end: '2026-09-20T15:00:00.000Z' });
    await confirmImport(db, { courseId: COURSE, fileName: 'trip.csv', existing: new Map([[key, statuses(['_101_1', 'Present'], ['_102_1', 'Late'])]]), created: [], counts: { new: 2, changed: 0, unchanged: 0, error: 0 } });
    const [create] = await outboxRepo(db).pending();
    await outboxRepo(db).applyResults([{ opId: create!.opId, outcome: 'done', serverMeetingId: 1009 }]);

    expect((await recordOps(db)).map((o) => [o.userId, o.meeting])).toEqual([
      ['_101_1', { serverId: 1009 }],
      ['_102_1', { serverId: 1009 }],
    ]);
    expect((await meetingMarks(db, { serverId: 1009 })).marks.get('_102_1')).toMatchObject({ status: 'Late', pending: true });
  });

  it('into a meeting made offline, are still found by the record under its Learn id', async () => {
    const db = await seeded();
    const { localId: key } = await meetingsRepo(db).createMeeting(COURSE, { title: 'Field trip', description: '', start: '2026-09-20T09:00:00.000Z', end: '2026-09-20T15:00:00.000Z' });
    await attendanceRepo(db).setStatus(COURSE, { localId: key }, '_102_1', 'Present');
    const [create, tap] = await outboxRepo(db).pending(); // a push takes both...
    await confirmImport(db, { courseId: COURSE, fileName: 'trip.csv', existing: new Map([[key, statuses(['_102_1', 'Late'])]]), created: [], counts: { new: 0, changed: 1, unchanged: 0, error: 0 } });
    // ...and answers: the meeting is 1009, and Learn took the tap.
    await outboxRepo(db).applyResults([
      { opId: create!.opId, outcome: 'done', serverMeetingId: 1009 },
      { opId: tap!.opId, outcome: 'done', serverRecordId: 50900, serverStatus: 'Present' },
    ]);
    expect(await recordOps(db)).toEqual([expect.objectContaining({ userId: '_102_1', status: 'Late', baseStatus: 'Present', meeting: { serverId: 1009 } })]);
  });

  it("give way to the user's choice on a conflict: only the kept status is sent for that student", async () => {
    const db = await seeded();
    await attendanceRepo(db).setStatus(COURSE, { serverId: 1003 }, '_103_1', 'Present');
    const [tap] = await recordOps(db);
    await outboxRepo(db).applyResults([{ opId: tap!.opId, outcome: 'conflict', local: 'Present', server: 'Late', serverRecordId: 50300 }]);
    await importBoth(db); // names Renée at the Lab again, while her conflict waits

    expect((await recordOps(db)).some((o) => o.userId === '_103_1' && 'serverId' in o.meeting && o.meeting.serverId === 1003)).toBe(false); // held for the choice
    await outboxRepo(db).resolveConflict('1003|_103_1', 'mine');
    const hers = (await recordOps(db)).filter((o) => o.userId === '_103_1' && 'serverId' in o.meeting && o.meeting.serverId === 1003);
    expect(hers).toEqual([expect.objectContaining({ status: 'Present', baseStatus: 'Late' })]);
    expect(await pendingCount(db)).toBe(7); // six of the import's, and the kept one
  });

  it('outlive the undo of a tap they changed since: the imported status stays, and is what is sent', async () => {
    const db = await seeded();
    await attendanceRepo(db).setStatus(COURSE, { serverId: 1003 }, '_106_1', 'Present');
    await importBoth(db); // Anh: Excused
    expect(await attendanceRepo(db).undoLast(COURSE, { serverId: 1003 })).toMatchObject({ restored: 0, notUndoable: 0, changedSince: 1 });
    expect(await db.attendanceRecords.get(['1003', '_106_1'])).toMatchObject({ status: 'Excused' });
    expect((await recordOps(db)).filter((o) => o.userId === '_106_1').at(-1)).toMatchObject({ status: 'Excused' });
  });

  it('confirmed after a tap was undone while on its way: Learn applying the tap queues nothing more for that student', async () => {
    const db = await seeded();
    await attendanceRepo(db).setStatus(COURSE, { serverId: 1003 }, '_106_1', 'Present');
    const [tap] = await recordOps(db); // a push takes it...
    await attendanceRepo(db).undoLast(COURSE, { serverId: 1003 }); // ...the user undoes it...
    await importBoth(db); // ...and imports Anh as Excused

    await outboxRepo(db).applyResults([{ opId: tap!.opId, outcome: 'done', serverRecordId: 50600, serverStatus: 'Present' }]);
    const hers = (await recordOps(db)).filter((o) => o.userId === '_106_1');
    expect(hers).toEqual([expect.objectContaining({ status: 'Excused' })]); // the import's op, and no second one
    expect(await db.attendanceRecords.get(['1003', '_106_1'])).toMatchObject({ status: 'Excused', baseStatus: 'Present' });
  });

  it('confirmed while a tap on the same student was on its way: rebased on what Learn took, so no false conflict', async () => {
    const db = await seeded();
    await attendanceRepo(db).setStatus(COURSE, { serverId: 1003 }, '_106_1', 'Present');
    const [tap] = await recordOps(db); // a push takes it...
    await importBoth(db); // ...and the import sets Anh to Excused meanwhile, on the base the store knew (none)
    expect(opOf(await recordOps(db), 1003, '_106_1')).toMatchObject({ status: 'Excused', baseStatus: null });

    await outboxRepo(db).applyResults([{ opId: tap!.opId, outcome: 'done', serverRecordId: 50600, serverStatus: 'Present' }]);
    expect(opOf(await recordOps(db), 1003, '_106_1')).toMatchObject({ status: 'Excused', baseStatus: 'Present' });
  });
});
