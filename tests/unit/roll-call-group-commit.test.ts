import 'fake-indexeddb/auto'; // first: Dexie looks for indexedDB when it loads
import { afterEach, describe, expect, it, vi } from 'vitest';
import { attendanceRepo, GroupCommit, meetingMarks, type MeetingMarks, type RollbookDb } from '../../renderer/src/db';
import { RollCallMarks } from '../../renderer/src/features/attendance/roll-call-marks';
import { RollCallWriter } from '../../renderer/src/features/attendance/roll-call-writer';
import type { AttendanceStatus, LearnStatus } from '../../shared/api/attendance';
import { COURSE, MEETING, MEETING_ID, outboxOps, seededDb } from './db-fixtures';

/**
 * Group commit of roll call presses: presses made while a commit is in flight share the
 * next transaction, yet each row says "saving" until its own batch is durable, a failed batch
 * reverts exactly its rows, nothing committed is lost, and undo still goes back one press a step.
 */
let db: RollbookDb;
afterEach(() => db?.close());

const KEY = String(MEETING_ID);
const statusOf = async (userId: string): Promise<LearnStatus | null | undefined> => (await db.attendanceRecords.get([KEY, userId]))?.status;

/** The screen's pieces: marks in memory, the writer, and its last read of the meeting. */
async function screen(): Promise<{ marks: RollCallMarks; press: (userId: string, status: AttendanceStatus) => Promise<boolean | undefined> }> {
  // Read once, as the screen does before a burst; later presses build on what the writer wrote since.
  const read: MeetingMarks = await meetingMarks(db, MEETING);
  const writer = new RollCallWriter(db, () => read);
  const marks = new RollCallMarks();
  return {
    marks,
    press: (userId, status) => marks.set([{ userId, status }], () => writer.press({ courseId: COURSE, meeting: MEETING, userId, status }).then(() => true)),
  };
}

describe('group commit of key presses', () => {
  it('writes presses made during a commit together, and undo still takes back one press at a time', async () => {
    db = await seededDb();
    const { marks, press } = await screen();
    const transactions = vi.spyOn(db, 'transaction');
    // Three presses in one go: the first commits alone, the two made while it is in flight share the next.
    const first = press('_100_1', 'Present');
    const second = press('_101_1', 'Absent');
    const third = press('_100_1', 'Late'); // the same student again, on top of the first
    expect([marks.saving('_100_1'), marks.saving('_101_1')]).toEqual([true, true]);
    expect(await Promise.all([first, second, third])).toEqual([true, true, true]);
    expect(transactions).toHaveBeenCalledTimes(2);
    expect([marks.saving('_100_1'), marks.saving('_101_1')]).toEqual([false, false]);

    expect(await statusOf('_100_1')).toBe('Late');
    expect(await statusOf('_101_1')).toBe('Absent');
    expect((await outboxOps(db)).map((o) => (o.kind === 'record.set' ? [o.userId, o.status] : o.kind))).toEqual([
      ['_100_1', 'Present'],
      ['_101_1', 'Absent'],
      ['_100_1', 'Late'],
    ]);
    const repo = attendanceRepo(db);
    expect(await repo.undoLast(COURSE, MEETING)).toMatchObject({ restored: 1, notUndoable: 0, changedSince: 0 });
    expect(await statusOf('_100_1')).toBe('Present');
    expect(await repo.undoLast(COURSE, MEETING)).toMatchObject({ restored: 1, notUndoable: 0, changedSince: 0 });
    expect(await statusOf('_101_1')).toBeUndefined();
    expect(await repo.undoLast(COURSE, MEETING)).toMatchObject({ restored: 1, notUndoable: 0, changedSince: 0 });
    expect(await statusOf('_100_1')).toBeUndefined();
    expect(await repo.undoLast(COURSE, MEETING)).toBeNull();
    // Nothing undone is left to send.
    expect(await db.outbox.where('state').equals('pending').count()).toBe(0);
  });

  it('a failed batch reverts exactly its rows; what was committed before and after stays', async () => {
    db = await seededDb();
    const { marks, press } = await screen();
    const committed = press('_100_1', 'Present');
    // Made while the first commit is in flight: one batch, which fails as a whole (an invalid status
    // fails the op's validation, as a full disk would fail the transaction).
    const failing = [press('_101_1', 'Absent'), press('_102_1', 'Maybe' as AttendanceStatus), press('_100_1', 'Excused')];
    expect(await committed).toBe(true);
    expect(await Promise.all(failing)).toEqual([undefined, undefined, undefined]);
    expect(await press('_103_1', 'Late')).toBe(true);

    // On screen: the failed batch's rows show what is saved (the first press for _100_1, not yet
    // read back from the store) and say why; the rows of the batches around it are untouched.
    expect(marks.statusOf('_100_1', null)).toBe('Present');
    expect(marks.statusOf('_101_1', null)).toBeNull();
    expect(marks.statusOf('_102_1', null)).toBeNull();
    expect(marks.statusOf('_103_1', null)).toBe('Late');
    expect(marks.failures.map(([userId, f]) => [userId, f.status])).toEqual([
      ['_101_1', 'Absent'],
      ['_102_1', 'Maybe'],
      ['_100_1', 'Excused'],
    ]);
    expect(['_100_1', '_101_1', '_102_1', '_103_1'].some((u) => marks.saving(u))).toBe(false);

    // In the store: exactly the committed presses, each with its op and its undo step.
    expect(await statusOf('_100_1')).toBe('Present');
    expect(await statusOf('_101_1')).toBeUndefined();
    expect(await statusOf('_102_1')).toBeUndefined();
    expect(await statusOf('_103_1')).toBe('Late');
    expect((await outboxOps(db)).map((o) => (o.kind === 'record.set' ? o.userId : o.kind))).toEqual(['_100_1', '_103_1']);
    const repo = attendanceRepo(db);
    expect(await repo.undoLast(COURSE, MEETING)).toMatchObject({ restored: 1, notUndoable: 0, changedSince: 0 });
    expect(await statusOf('_103_1')).toBeUndefined();
    expect(await statusOf('_100_1')).toBe('Present');
    expect(await repo.undoLast(COURSE, MEETING)).toMatchObject({ restored: 1, notUndoable: 0, changedSince: 0 });
    expect(await repo.undoLast(COURSE, MEETING)).toBeNull();
  });

  it('settles each item with its own batch, in order, one batch at a time', async () => {
    const batches: string[][] = [];
    const open: (() => void)[] = [];
    const queue = new GroupCommit<string>((items) => {
      batches.push(items);
      return new Promise<void>((resolve, reject) => open.push(() => (items.includes('bad') ? reject(new Error('disk full')) : resolve())));
    });
    const settled: string[] = [];
    const track = (item: string): Promise<void> =>
      queue.add(item).then(
        () => void settled.push(`${item} ok`),
        () => void settled.push(`${item} failed`),
      );
    const a = track('a');
    const rest = [track('b'), track('bad')];
    expect(batches).toEqual([['a']]);
    open.shift()!();
    await a;
    expect(settled).toEqual(['a ok']);
    await vi.waitFor(() => expect(batches).toEqual([['a'], ['b', 'bad']]));
    const c = track('c'); // made while the second batch is in flight: waits for it
    expect(batches).toHaveLength(2);
    open.shift()!();
    await Promise.all(rest);
    await vi.waitFor(() => expect(batches).toEqual([['a'], ['b', 'bad'], ['c']]));
    open.shift()!();
    await c;
    expect(settled).toEqual(['a ok', 'b failed', 'bad failed', 'c ok']);
  });
});
