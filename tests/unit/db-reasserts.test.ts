import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { attendanceRepo, cacheRepo, outboxRepo, queueReasserts } from '../../renderer/src/db';
import { COURSE, MEETING, MEETING_ID, members, outboxOps, seededDb } from './db-fixtures';

/** Before a push, the renderer queues the re-asserts a bulk of its meetings needs (db/reassert-repo.ts). */

const roll = members(10).map((m) => m.userId);

async function absencesOnLearn(absent: readonly string[]) {
  const db = await seededDb(10);
  // Learn already holds the absences (they landed before "mark everyone").
  await cacheRepo(db).putRecords(COURSE, MEETING_ID, absent.map((userId, i) => ({ id: 50001 + i, userId, status: 'Absent' as const })), new Date().toISOString());
  return db;
}

describe('re-asserts queued before a push', () => {
  it('queues one op per student on Learn the cheapest bulk would move: their status, based on the bulk\'s', async () => {
    const absent = roll.slice(0, 2);
    const db = await absencesOnLearn(absent);
    await attendanceRepo(db).markAllNotYetMarked(COURSE, MEETING, roll, 'Present');
    const push = await outboxRepo(db).pending();
    expect(push).toHaveLength(8);

    expect(await queueReasserts(db, push)).toBe(2);
    const queued = (await outboxOps(db)).filter((op) => op.kind === 'record.set' && absent.includes(op.userId));
    expect(queued.map((op) => op.kind === 'record.set' && [op.userId, op.status, op.baseStatus])).toEqual(absent.map((u) => [u, 'Absent', 'Present']));
    // No undo step and no change to the records: the instructor did not make them.
    const records = await db.attendanceRecords.where('meetingKey').equals(String(MEETING_ID)).toArray();
    expect(records.filter((r) => absent.includes(r.userId)).map((r) => [r.status, r.baseStatus])).toEqual([
      ['Absent', 'Absent'],
      ['Absent', 'Absent'],
    ]);
    await expect(attendanceRepo(db).undoLast(COURSE, MEETING)).resolves.toMatchObject({});
    expect((await outboxOps(db)).filter((op) => op.kind === 'record.set' && absent.includes(op.userId))).toHaveLength(2);

    // Planned again with them in the push (a retry, a later round): nothing new.
    expect(await queueReasserts(db, await outboxRepo(db).pending())).toBe(0);
  });

  it('queues nothing where writing each record is cheaper, or for a student with a change of their own waiting elsewhere', async () => {
    const db = await absencesOnLearn(roll.slice(0, 6));
    await attendanceRepo(db).markAllNotYetMarked(COURSE, MEETING, roll, 'Present');
    // 4 writes; a Present bulk would cost 1 + 1 + 6 re-asserts: no.
    expect(await queueReasserts(db, await outboxRepo(db).pending())).toBe(0);

    const held = await absencesOnLearn(roll.slice(0, 1));
    await attendanceRepo(held).markAllNotYetMarked(COURSE, MEETING, roll, 'Present');
    const push = await outboxRepo(held).pending();
    // The absent student's own tap is waiting but not in this push (held back): no op to stand behind the bulk.
    await attendanceRepo(held).setStatus(COURSE, MEETING, roll[0]!, 'Late');
    expect(await queueReasserts(held, push)).toBe(0);
  });
});
