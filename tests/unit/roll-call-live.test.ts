import 'fake-indexeddb/auto'; // first: Dexie looks for indexedDB when it loads
import { liveQuery } from 'dexie';
import { afterEach, describe, expect, it } from 'vitest';
import { attendanceRepo, cacheRepo, courseRoster, expandOutbox, meetingMarks, meetingsRepo, type RollbookDb, type SavedMark } from '../../renderer/src/db';
import { RollCallMarks } from '../../renderer/src/features/attendance/roll-call-marks';
import { COURSE, MEETING, MEETING_ID, seededDb } from './db-fixtures';

let db: RollbookDb;
afterEach(() => db?.close());

/** Every answer of a liveQuery, as it comes; `stop` ends the subscription. */
function follow<T>(query: () => Promise<T>): { answers: T[]; next: (ok: (v: T) => boolean) => Promise<T>; stop: () => void } {
  const answers: T[] = [];
  const waiting: { ok: (v: T) => boolean; resolve: (v: T) => void }[] = [];
  const sub = liveQuery(query).subscribe({
    next: (value) => {
      answers.push(value);
      for (const w of [...waiting]) {
        if (!w.ok(value)) continue;
        waiting.splice(waiting.indexOf(w), 1);
        w.resolve(value);
      }
    },
  });
  return {
    answers,
    next: (ok) => new Promise<T>((resolve) => (answers.some(ok) ? resolve(answers.find(ok)!) : waiting.push({ ok, resolve }))),
    stop: () => sub.unsubscribe(),
  };
}

describe('the roll call reads only its own meeting', () => {
  it('sees a tap on its meeting, and is not re-run by taps on another meeting', async () => {
    db = await seededDb();
    await cacheRepo(db).putMeetings(COURSE, [
      { id: MEETING_ID, courseId: COURSE, title: 'Lecture 1', description: '', start: '2026-09-01T09:00:00.000Z', end: '2026-09-01T10:00:00.000Z' },
      { id: MEETING_ID + 1, courseId: COURSE, title: 'Lecture 2', description: '', start: '2026-09-08T09:00:00.000Z', end: '2026-09-08T10:00:00.000Z' },
    ], new Date().toISOString());
    const live = follow(() => meetingMarks(db, MEETING));
    await live.next(() => true);

    await attendanceRepo(db).setStatus(COURSE, MEETING, '_101_1', 'Absent');
    const seen = await live.next((m) => m.marks.get('_101_1')?.status === 'Absent');
    expect(seen.marks.get('_101_1')).toMatchObject<Partial<SavedMark>>({ status: 'Absent', pending: true, conflict: false });
    const runs = live.answers.length;

    // Another meeting's taps: a whole-table watch would re-read this meeting for each.
    // Each waited for until a reader of that meeting has seen it, so a re-run here would be done too.
    const other = { serverId: MEETING_ID + 1 };
    const otherLive = follow(() => meetingMarks(db, other));
    await otherLive.next(() => true);
    for (const userId of ['_101_1', '_102_1', '_103_1']) {
      await attendanceRepo(db).setStatus(COURSE, other, userId, 'Late');
      await otherLive.next((m) => m.marks.has(userId));
    }
    otherLive.stop();
    // Then one more tap here, to know the subscription is alive and has caught up.
    await attendanceRepo(db).setStatus(COURSE, MEETING, '_102_1', 'Present');
    await live.next((m) => m.marks.get('_102_1')?.status === 'Present');
    expect(live.answers.length).toBe(runs + 1);
    live.stop();
  });

  it('follows a meeting made offline by its local id, through the lookup of its row', async () => {
    db = await seededDb();
    const { localId } = await meetingsRepo(db).createMeeting(COURSE, { title: 'Offline', description: '', start: '2026-09-02T09:00:00.000Z', end: '2026-09-02T10:00:00.000Z' });
    const ref = { localId };
    const live = follow(() => meetingMarks(db, ref));
    await live.next(() => true);
    await attendanceRepo(db).setStatus(COURSE, ref, '_100_1', 'Excused');
    expect((await live.next((m) => m.marks.has('_100_1'))).marks.get('_100_1')?.status).toBe('Excused');
    live.stop();
  });

  it('reads the roster in last-name order', async () => {
    db = await seededDb(8);
    const names = (await courseRoster(db, COURSE)).map((s) => s.familyName);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
    expect(names).toHaveLength(8);
  });
});

describe('the tap\'s transaction', () => {
  it('writes in one go from what the screen read, and reads again when Learn changed it meanwhile', async () => {
    db = await seededDb();
    const repo = attendanceRepo(db);
    const before = await meetingMarks(db, MEETING);
    const meeting = before.meeting!;
    await repo.setStatus(COURSE, MEETING, '_100_1', 'Absent', { meeting, record: undefined });
    // The screen read no record for _101_1, but a refresh from Learn stored Learn's Late since.
    await cacheRepo(db).putRecords(COURSE, MEETING_ID, [{ id: 50001, userId: '_101_1', status: 'Late' }], new Date().toISOString());
    await repo.setStatus(COURSE, MEETING, '_101_1', 'Present', { meeting, record: before.marks.get('_101_1')?.record });

    const ops = expandOutbox(await db.outbox.orderBy('opId').toArray());
    expect(ops.map((o) => [o.userId, o.op.kind === 'record.set' ? [o.op.status, o.op.baseStatus] : null])).toEqual([
      ['_100_1', ['Absent', null]],
      ['_101_1', ['Present', 'Late']], // one op, on Learn's value: the stale guess wrote nothing
    ]);
    expect((await db.attendanceRecords.get([String(MEETING_ID), '_101_1']))?.serverRecordId).toBe(50001);
    expect(await repo.undoLast(COURSE, MEETING)).toMatchObject({ restored: 1, notUndoable: 0, changedSince: 0, cleared: 0 });
    expect((await db.attendanceRecords.get([String(MEETING_ID), '_101_1']))?.status).toBe('Late');
  });

  it('keeps at least 100 undo steps of a meeting, dropping older ones in batches', async () => {
    db = await seededDb();
    const repo = attendanceRepo(db);
    const statuses = ['Present', 'Absent'] as const;
    for (let i = 0; i < 130; i++) await repo.setStatus(COURSE, MEETING, '_100_1', statuses[i % 2]!);
    const steps = await db.undoLog.where('[courseId+meetingKey]').equals([COURSE, String(MEETING_ID)]).count();
    expect(steps).toBeGreaterThanOrEqual(100);
    expect(steps).toBeLessThan(120);
    expect(await repo.undoLast(COURSE, MEETING)).toMatchObject({ restored: 1, notUndoable: 0, changedSince: 0, cleared: 0 });
    expect((await db.attendanceRecords.get([String(MEETING_ID), '_100_1']))?.status).toBe('Present');
  });
});

describe('marks in memory', () => {
  it('shows a mark at once, "saving" until the write commits, then gives way to the store', async () => {
    const marks = new RollCallMarks();
    let commit!: () => void;
    const done = marks.set([{ userId: 'u1', status: 'Absent' }], () => new Promise<boolean>((resolve) => (commit = () => resolve(true))));
    expect(marks.statusOf('u1', null)).toBe('Absent');
    expect(marks.saving('u1')).toBe(true);
    marks.storeRead(); // a read from before the commit does not take the mark away
    expect(marks.statusOf('u1', null)).toBe('Absent');
    commit();
    expect(await done).toBe(true);
    expect(marks.saving('u1')).toBe(false);
    marks.storeRead();
    expect(marks.statusOf('u1', 'Absent')).toBe('Absent');
    expect(marks.statusOf('u1', 'Late')).toBe('Late'); // the store is the truth again
  });

  it('reverts a mark whose commit failed and says why, until the student is set again', async () => {
    const marks = new RollCallMarks();
    const quota = new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    expect(await marks.set([{ userId: 'u1', status: 'Late' }], () => Promise.reject(quota))).toBeUndefined();
    expect(marks.statusOf('u1', 'Present')).toBe('Present');
    expect(marks.saving('u1')).toBe(false);
    expect(marks.notSaved('u1')).toEqual({ status: 'Late', reason: 'this device’s storage is full; free some space, then press the key again' });
    expect(marks.failures.map(([u]) => u)).toEqual(['u1']);

    await marks.set([{ userId: 'u1', status: 'Late' }], () => Promise.resolve(true));
    expect(marks.notSaved('u1')).toBeUndefined();
    expect(marks.failures).toEqual([]);
  });

  it('keeps the later of two presses on one student when the earlier one fails after it', async () => {
    const marks = new RollCallMarks();
    let fail!: (e: Error) => void;
    const first = marks.set([{ userId: 'u1', status: 'Late' }], () => new Promise<boolean>((_, reject) => (fail = reject)));
    const second = marks.set([{ userId: 'u1', status: 'Absent' }], () => Promise.resolve(true));
    await second;
    fail(new Error('Transaction aborted.'));
    await first;
    expect(marks.statusOf('u1', null)).toBe('Absent');
    expect(marks.notSaved('u1')).toBeUndefined();
  });

  it('lets undo wait for the presses still saving, so Ctrl+Z undoes the last press and not the one before', async () => {
    const marks = new RollCallMarks();
    const order: string[] = [];
    let commit!: () => void;
    void marks.set([{ userId: 'u3', status: 'Absent' }], () => new Promise<void>((resolve) => (commit = resolve)).then(() => void order.push('press committed')));
    const undo = marks.settled().then(() => void order.push('undo runs'));
    await Promise.resolve();
    expect(order).toEqual([]);
    commit();
    await undo;
    expect(order).toEqual(['press committed', 'undo runs']);
    await marks.settled(); // nothing in flight: at once
  });
});
