import 'fake-indexeddb/auto'; // first: Dexie looks for indexedDB when it loads
import { afterEach, describe, expect, it } from 'vitest';
import {
  attendanceRepo,
  failures,
  lastSync,
  meetingsOf,
  meetingsRepo,
  outboxRepo,
  pendingCount,
  rosterWithStatuses,
  syncHistory,
  type RollbookDb,
} from '../../renderer/src/db';
import { COURSE, MEETING, MEETING_ID, outboxOps, seededDb } from './db-fixtures';

let db: RollbookDb;
afterEach(() => db?.close());

const FIELDS = { title: 'Lab', description: 'room 2', start: '2026-09-03T09:00:00.000Z', end: '2026-09-03T10:30:00.000Z' };

describe('the outbox and the results of a push', () => {
  it('keeps "Last sync: never" after a push in which nothing landed', async () => {
    db = await seededDb();
    await attendanceRepo(db).setStatus(COURSE, MEETING, '_100_1', 'Absent');
    const [op] = await outboxRepo(db).pending();
    await outboxRepo(db).applyResults([{ opId: op!.opId, outcome: 'failed', retryable: true, message: 'Learn had a problem' }]);
    expect(await lastSync(db)).toMatchObject({ ok: false });
    expect((await lastSync(db))?.lastSuccessAt).toBeUndefined();
  });

  it('maps a meeting created offline to its server id everywhere, even in ops written during the push', async () => {
    db = await seededDb();
    const { localId } = await meetingsRepo(db).createMeeting(COURSE, FIELDS);
    const attendance = attendanceRepo(db);
    await attendance.setStatus(COURSE, { localId }, '_100_1', 'Absent');
    const sent = await outboxRepo(db).pending();
    expect(sent.map((o) => o.kind)).toEqual(['meeting.create', 'record.set']);

    // While the push is on the way the user keeps going, still naming the meeting by its local id.
    await attendance.setStatus(COURSE, { localId }, '_101_1', 'Late');

    await outboxRepo(db).applyResults([
      { opId: sent[0]!.opId, outcome: 'done', serverMeetingId: 1042 },
      { opId: sent[1]!.opId, outcome: 'done', serverRecordId: 50301, serverStatus: 'Absent' },
    ]);

    expect(await db.meetings.get(localId)).toBeUndefined();
    expect(await db.meetings.get('1042')).toMatchObject({ serverId: 1042, localId, title: 'Lab' });
    expect(await db.attendanceRecords.where('meetingKey').equals(localId).count()).toBe(0);
    expect(await db.attendanceRecords.get(['1042', '_100_1'])).toMatchObject({ status: 'Absent', baseStatus: 'Absent', serverRecordId: 50301 });
    expect(await outboxOps(db)).toMatchObject([{ kind: 'record.set', meeting: { serverId: 1042 }, userId: '_101_1', status: 'Late' }]);
    expect((await db.outbox.toArray())[0]!.meetingKey).toBe('1042');

    // The screen still holding { localId } keeps working, and its ops carry the server id.
    await attendance.setStatus(COURSE, { localId }, '_102_1', 'Excused');
    expect((await outboxOps(db)).at(-1)).toMatchObject({ meeting: { serverId: 1042 } });
    const roster = await rosterWithStatuses(db, COURSE, { localId });
    expect(roster.filter((r) => r.status !== null).map((r) => r.status).sort()).toEqual(['Absent', 'Excused', 'Late']);
    expect((await meetingsOf(db, COURSE)).map((m) => m.ref)).toEqual([{ serverId: MEETING_ID }, { serverId: 1042 }]);
    expect(await attendance.undoLast(COURSE, { serverId: 1042 })).toMatchObject({ restored: 1, notUndoable: 0, changedSince: 0 });
  });

  it('moves every record of a large meeting created offline to its server id, not only the first share', async () => {
    db = await seededDb();
    const { localId } = await meetingsRepo(db).createMeeting(COURSE, FIELDS);
    const attendance = attendanceRepo(db);
    const students = Array.from({ length: 230 }, (_, i) => `_${500 + i}_1`);
    for (const userId of students) await attendance.setStatus(COURSE, { localId }, userId, 'Present');
    const [create] = await outboxRepo(db).pending();
    await outboxRepo(db).applyResults([{ opId: create!.opId, outcome: 'done', serverMeetingId: 2077 }]);

    expect(await db.attendanceRecords.where('meetingKey').equals(localId).count()).toBe(0);
    const moved = await db.attendanceRecords.where('meetingKey').equals('2077').toArray();
    expect(moved.map((r) => r.userId).sort()).toEqual([...students].sort());
    expect(moved.every((r) => r.status === 'Present')).toBe(true);
  });

  it('removes done and superseded ops, keeps failed ones with their message until retried', async () => {
    db = await seededDb();
    const attendance = attendanceRepo(db);
    await attendance.setStatus(COURSE, MEETING, '_100_1', 'Absent');
    await attendance.setStatus(COURSE, MEETING, '_100_1', 'Late');
    await attendance.setStatus(COURSE, MEETING, '_101_1', 'Present');
    const [first, second, third] = await outboxRepo(db).pending();
    await outboxRepo(db).applyResults([
      { opId: first!.opId, outcome: 'superseded', by: second!.opId },
      { opId: second!.opId, outcome: 'done', serverRecordId: 50001, serverStatus: 'Late' },
      { opId: third!.opId, outcome: 'failed', retryable: false, message: 'Learn refused: user is not enrolled' },
    ]);

    expect(await pendingCount(db)).toBe(1);
    expect(await failures(db)).toMatchObject([
      { opId: third!.opId, userId: '_101_1', userName: 'student1', status: 'Present', meetingTitle: 'Lecture 1', message: 'Learn refused: user is not enrolled', retryable: false },
    ]);
    expect(await outboxRepo(db).pending()).toEqual([]); // not retryable: waits for the user
    const row = (await rosterWithStatuses(db, COURSE, MEETING)).find((r) => r.userId === '_101_1');
    expect(row).toMatchObject({ status: 'Present', pending: true, failure: 'Learn refused: user is not enrolled' });
    expect(await db.attendanceRecords.get([String(MEETING_ID), '_100_1'])).toMatchObject({ baseStatus: 'Late' });

    await outboxRepo(db).retry(third!.opId);
    expect((await outboxRepo(db).pending()).map((o) => o.opId)).toEqual([third!.opId]);

    expect(await syncHistory(db)).toMatchObject([{ sent: 3, done: 1, superseded: 1, failed: 1, conflicts: 0 }]);
    // Partial success is success for what landed: the time shows, the failure is listed apart.
    expect(await lastSync(db)).toMatchObject({ ok: false, lastSuccessAt: expect.any(String) });
    await outboxRepo(db).applyResults([{ opId: third!.opId, outcome: 'done', serverRecordId: 50002, serverStatus: 'Present' }]);
    expect(await lastSync(db)).toMatchObject({ ok: true, lastSuccessAt: expect.any(String) });
    expect((await syncHistory(db)).map((h) => h.sent)).toEqual([1, 3]);
    expect(await failures(db)).toEqual([]);

    // A failure the user never retried is settled by a newer tap on the same student that gets through.
    await attendance.setStatus(COURSE, MEETING, '_102_1', 'Absent');
    const [refused] = await outboxRepo(db).pending();
    await outboxRepo(db).applyResults([{ opId: refused!.opId, outcome: 'failed', retryable: false, message: 'Forbidden' }]);
    await attendance.setStatus(COURSE, MEETING, '_102_1', 'Late');
    const [later] = await outboxRepo(db).pending();
    await outboxRepo(db).applyResults([{ opId: later!.opId, outcome: 'done', serverRecordId: 50003, serverStatus: 'Late' }]);
    expect(await failures(db)).toEqual([]);
    expect(await pendingCount(db)).toBe(0);
  });

  it('a meeting deleted before its create was sent vanishes with its ops; a synced one is deleted on Learn', async () => {
    db = await seededDb();
    const meetings = meetingsRepo(db);
    const { localId } = await meetings.createMeeting(COURSE, FIELDS);
    await attendanceRepo(db).setStatus(COURSE, { localId }, '_100_1', 'Absent');
    await meetings.deleteMeeting(COURSE, { localId });
    expect(await db.outbox.count()).toBe(0);
    expect(await db.attendanceRecords.count()).toBe(0);

    await attendanceRepo(db).setStatus(COURSE, MEETING, '_100_1', 'Absent');
    await meetings.deleteMeeting(COURSE, MEETING);
    expect(await outboxOps(db)).toMatchObject([{ kind: 'meeting.delete', meeting: { serverId: MEETING_ID } }]);
    expect(await meetingsOf(db, COURSE)).toEqual([]);
    const [del] = await outboxRepo(db).pending();
    await outboxRepo(db).applyResults([{ opId: del!.opId, outcome: 'done' }]);
    expect(await meetingsOf(db, COURSE)).toEqual([]);
    // Kept hidden, as a marker that Learn took the delete, until a later read of Learn agrees (stale-reads.test.ts).
    expect(await db.meetings.toArray()).toMatchObject([{ serverId: MEETING_ID, deleted: true, confirmedAt: expect.any(String) }]);
    expect(await db.outbox.count()).toBe(0);
    expect(await db.attendanceRecords.count()).toBe(0);
  });

  it('a weekly series creates one meeting a week up to the end date, all offline', async () => {
    db = await seededDb();
    const refs = await meetingsRepo(db).createWeeklySeries(COURSE, FIELDS, '2026-09-24');
    expect(refs).toHaveLength(4);
    const list = (await meetingsOf(db, COURSE)).filter((m) => m.serverId === undefined);
    expect(list.map((m) => m.start.slice(0, 10))).toEqual(['2026-09-03', '2026-09-10', '2026-09-17', '2026-09-24']);
    expect(list.every((m) => m.pending && m.title === 'Lab')).toBe(true);
    expect(new Date(list[3]!.end!).getTime() - new Date(list[3]!.start).getTime()).toBe(90 * 60_000);
    expect((await outboxOps(db)).map((o) => o.kind)).toEqual(Array(4).fill('meeting.create'));

    await meetingsRepo(db).updateMeeting(COURSE, refs[0]!, { title: 'Lab A' });
    expect((await outboxOps(db)).at(-1)).toMatchObject({ kind: 'meeting.update', meeting: refs[0], fields: { title: 'Lab A' } });
    await expect(meetingsRepo(db).createMeeting(COURSE, { ...FIELDS, title: '' })).rejects.toThrow();
  });
});
