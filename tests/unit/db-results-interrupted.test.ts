import 'fake-indexeddb/auto'; // first: Dexie looks for indexedDB when it loads
import { afterEach, describe, expect, it } from 'vitest';
import { attendanceRepo, confirmImport, expandOutbox, meetingsRepo, outboxRepo, pendingCount, type RollbookDb } from '../../renderer/src/db';
import { applyResults, RESULTS_PER_TRANSACTION } from '../../renderer/src/db/apply-results';
import type { OpResult, OutboxOp } from '../../shared/domain/outbox';
import { COURSE, MEETING, MEETING_ID, reopenDb, seededDb } from './db-fixtures';

const opened: RollbookDb[] = [];
afterEach(() => {
  for (const db of opened.splice(0)) db.close();
});

/** As the engine answers a record it wrote (record-step.ts): with the meeting's Learn id. */
const landed = (ops: readonly OutboxOp[]): OpResult[] => ops.map((op, i) => ({ opId: op.opId, outcome: 'done', serverMeetingId: MEETING_ID, serverRecordId: 70001 + i, serverStatus: 'Present' }));

/**
 * A push's results land a chunk a transaction. The window may close between two chunks (the
 * instructor quits while a term's results land): every op must then be either still waiting,
 * its record as before, or settled, its record holding Learn's id and base; never half. The next
 * sync sends exactly the ones still waiting, and nothing is lost.
 */
describe('results of a push, interrupted between two chunks', () => {
  async function interruptedAfterFirstChunk(db: RollbookDb, ops: readonly OutboxOp[]): Promise<RollbookDb> {
    const closing = applyResults(db, landed(ops), {
      onProgress: (n) => {
        if (n === RESULTS_PER_TRANSACTION) db.close();
      },
    });
    await expect(closing).rejects.toThrow();
    const reopened = await reopenDb(db.name);
    opened.push(reopened);
    return reopened;
  }

  async function expectWholeOps(db: RollbookDb, ops: readonly OutboxOp[]): Promise<{ waiting: string[]; settled: string[] }> {
    const stillThere = new Set(expandOutbox(await db.outbox.toArray()).filter((r) => r.state === 'pending').map((r) => r.opId));
    const records = new Map((await db.attendanceRecords.where('meetingKey').equals(String(MEETING_ID)).toArray()).map((r) => [r.userId, r]));
    const waiting: string[] = [];
    const settled: string[] = [];
    for (const op of ops) {
      if (op.kind !== 'record.set') continue;
      const record = records.get(op.userId)!;
      expect(record.status).toBe('Present');
      if (stillThere.has(op.opId)) {
        expect(record.serverRecordId).toBeUndefined();
        expect(record.baseStatus ?? null).toBeNull();
        waiting.push(op.opId);
      } else {
        expect(record.serverRecordId).toBeGreaterThan(70000);
        expect(record.baseStatus).toBe('Present');
        settled.push(op.opId);
      }
    }
    return { waiting, settled };
  }

  it("a roll call's results: the first chunk settled whole, the rest waiting, and the next sync lands them", { timeout: 30_000 }, async () => {
    const size = 2 * RESULTS_PER_TRANSACTION + 30;
    const first = await seededDb(size);
    const statuses = Array.from({ length: size }, (_, i) => ({ userId: `_${100 + i}_1`, status: 'Present' as const }));
    await attendanceRepo(first).setStatuses(COURSE, MEETING, statuses);
    const ops = await outboxRepo(first).pending();
    expect(ops).toHaveLength(size);

    const db = await interruptedAfterFirstChunk(first, ops);
    const { waiting, settled } = await expectWholeOps(db, ops);
    expect(settled).toEqual(ops.slice(0, RESULTS_PER_TRANSACTION).map((o) => o.opId));
    expect(await pendingCount(db)).toBe(size - RESULTS_PER_TRANSACTION);

    const again = await outboxRepo(db).pending();
    expect(again.map((o) => o.opId)).toEqual(waiting);
    await outboxRepo(db).applyResults(landed(again));
    expect(await pendingCount(db)).toBe(0);
    expect((await expectWholeOps(db, ops)).waiting).toEqual([]);
  });

  it("an import's results (ops in batch rows): the same, whatever batch a chunk ends in", { timeout: 30_000 }, async () => {
    const size = RESULTS_PER_TRANSACTION + 70; // the first chunk ends inside a batch of 50
    const first = await seededDb(size);
    const statuses = Array.from({ length: size }, (_, i) => ({ userId: `_${100 + i}_1`, status: 'Present' as const }));
    await confirmImport(first, { courseId: COURSE, fileName: 'term.csv', existing: new Map([[String(MEETING_ID), statuses]]), created: [], counts: { new: size, changed: 0, unchanged: 0, error: 0 } });
    const ops = await outboxRepo(first).pending();
    expect(ops).toHaveLength(size);
    // A chunk of results that starts and ends inside batches: shifted by 10.
    const shifted = [...ops.slice(10), ...ops.slice(0, 10)];

    const db = await interruptedAfterFirstChunk(first, shifted);
    const { waiting, settled } = await expectWholeOps(db, ops);
    expect(settled.sort()).toEqual(shifted.slice(0, RESULTS_PER_TRANSACTION).map((o) => o.opId).sort());
    expect(waiting).toHaveLength(size - RESULTS_PER_TRANSACTION);

    const again = await outboxRepo(db).pending();
    expect(again.map((o) => o.opId).sort()).toEqual([...waiting].sort());
    await outboxRepo(db).applyResults(landed(again));
    expect(await pendingCount(db)).toBe(0);
    expect((await expectWholeOps(db, ops)).waiting).toEqual([]);
  });
  it('meetings created offline: the window closing between two creates leaves each meeting wholly remapped or wholly local', { timeout: 30_000 }, async () => {
    const size = 40;
    const first = await seededDb(size);
    const fields = (title: string, day: number) => ({ title, description: '', start: `2026-09-0${day}T09:00:00.000Z`, end: `2026-09-0${day}T10:00:00.000Z` });
    const lab = await meetingsRepo(first).createMeeting(COURSE, fields('Lab', 3));
    const seminar = await meetingsRepo(first).createMeeting(COURSE, fields('Seminar', 4));
    const statuses = Array.from({ length: size }, (_, i) => ({ userId: `_${100 + i}_1`, status: 'Absent' as const }));
    await attendanceRepo(first).setStatuses(COURSE, { localId: lab.localId }, statuses);
    await attendanceRepo(first).setStatuses(COURSE, { localId: seminar.localId }, statuses);
    const ops = await outboxRepo(first).pending();
    const serverIdOf = new Map([[lab.localId, 2001], [seminar.localId, 2002]]);
    const results = (sent: readonly OutboxOp[]): OpResult[] =>
      sent.map((op, i): OpResult => {
        if (op.kind === 'meeting.create') return { opId: op.opId, outcome: 'done', serverMeetingId: serverIdOf.get(op.localMeetingId)! };
        if (op.kind !== 'record.set') throw new Error(`unexpected op ${op.kind}`);
        const serverMeetingId = 'localId' in op.meeting ? serverIdOf.get(op.meeting.localId)! : op.meeting.serverId;
        return { opId: op.opId, outcome: 'done', serverMeetingId, serverRecordId: 80001 + i, serverStatus: 'Absent' };
      });

    const closing = applyResults(first, results(ops), {
      onProgress: (n) => {
        if (n === 1) first.close();
      },
    });
    await expect(closing).rejects.toThrow();
    const db = await reopenDb(first.name);
    opened.push(db);

    // The lab landed whole: its key, its records and its waiting ops all name Learn's id.
    expect(await db.meetings.get(lab.localId)).toBeUndefined();
    expect(await db.attendanceRecords.where('meetingKey').equals('2001').count()).toBe(size);
    expect(await db.attendanceRecords.where('meetingKey').equals(lab.localId).count()).toBe(0);
    // The seminar is wholly as before: local, its create still waiting first.
    expect(await db.meetings.get(seminar.localId)).toMatchObject({ title: 'Seminar' });
    expect(await db.attendanceRecords.where('meetingKey').equals(seminar.localId).count()).toBe(size);
    const again = await outboxRepo(db).pending();
    expect(again).toHaveLength(2 * size + 1);
    expect(again.filter((o) => o.kind === 'meeting.create')).toMatchObject([{ localMeetingId: seminar.localId }]);
    for (const op of again) {
      if (op.kind !== 'record.set') continue;
      if ('serverId' in op.meeting) expect(op.meeting.serverId).toBe(2001);
      else expect(op.meeting.localId).toBe(seminar.localId);
    }

    // The next sync lands the rest; nothing lost, nothing doubled.
    await outboxRepo(db).applyResults(results(again));
    expect(await pendingCount(db)).toBe(0);
    for (const key of ['2001', '2002']) {
      const records = await db.attendanceRecords.where('meetingKey').equals(key).toArray();
      expect(records).toHaveLength(size);
      expect(records.every((r) => r.status === 'Absent' && r.baseStatus === 'Absent' && r.serverRecordId! > 80000)).toBe(true);
    }
  });
});
