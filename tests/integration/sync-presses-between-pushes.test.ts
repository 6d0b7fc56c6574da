import 'fake-indexeddb/auto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_RETRY_POLICY } from '../../electron/core/http/retry-policy';
import { createSyncEngine } from '../../electron/core/sync/sync-engine';
import { attendanceRepo, meetingsRepo, openRollbookDb, outboxRepo, pendingCount, type RollbookDb } from '../../renderer/src/db';
import { pushInRounds } from '../../renderer/src/features/attendance/push-rounds';
import type { RunningSandbox } from '../../sandbox/server';
import type { LearnStatus } from '../../shared/api/attendance';
import type { MeetingRef, OutboxOp } from '../../shared/domain/outbox';
import { bigSandbox, collect, learnAs, PSYC } from './learn-support';

/**
 * Presses that straddle a push. A slow push (a loaded machine, a far Learn) is still on its way
 * when the instructor presses the same student again, or undoes: the new op was made while the
 * store still thought Learn had the older status. Once the push lands, Learn holds this device's
 * own status, and the next push must send the new one as an ordinary change, not call our own
 * earlier write a conflict with Learn (CI saw this: "1 change waiting" and a conflict for the
 * student whose Excused was changed to Absent and back while the first push was out).
 */
let sandbox: RunningSandbox;
beforeAll(async () => {
  sandbox = await bigSandbox();
});
afterAll(() => sandbox.close());

async function learnStatus(meetingTitle: string, userId: string): Promise<LearnStatus | undefined> {
  const { learn } = learnAs(sandbox, 'instructor');
  const meeting = (await collect(learn.attendance.listMeetings(PSYC))).find((m) => m.title === meetingTitle);
  if (!meeting) throw new Error(`no meeting ${meetingTitle} on Learn`);
  return (await collect(learn.attendance.listRecords(PSYC, meeting.id))).find((r) => r.userId === userId)?.status;
}

/** A meeting on Learn (its create pushed) and one student of its roll. */
async function syncedMeeting(db: RollbookDb, title: string, push: (ops: OutboxOp[]) => ReturnType<ReturnType<typeof createSyncEngine>['push']>): Promise<{ ref: MeetingRef; userId: string }> {
  const { learn } = learnAs(sandbox, 'instructor');
  const userId = (await collect(learn.courses.listCourseUsers(PSYC, { role: 'Student' }))).find((m) => m.courseRoleId === 'Student')!.userId;
  const { localId } = await meetingsRepo(db).createMeeting(PSYC, { title, description: '', start: '2026-12-03T09:00:00.000Z', end: '2026-12-03T10:00:00.000Z' });
  await pushInRounds(outboxRepo(db), push);
  const meeting = await db.meetings.where('localId').equals(localId).first();
  expect(meeting?.serverId).toBeDefined();
  return { ref: { serverId: meeting!.serverId! }, userId };
}

describe('presses made while a push is on its way', () => {
  const engine = (): ReturnType<typeof createSyncEngine> => createSyncEngine({ learn: learnAs(sandbox, 'instructor').learn, retry: { ...DEFAULT_RETRY_POLICY, baseDelayMs: 5, maxDelayMs: 20 } });

  it('sends a second press of the same student as a change, not a conflict with our own first press', async () => {
    const db = await openRollbookDb(`straddle-${process.pid}-${Date.now()}`);
    const sync = engine();
    const title = 'Straddle: press again';
    const { ref, userId } = await syncedMeeting(db, title, (ops) => sync.push(ops));
    const roll = attendanceRepo(db);

    await roll.setStatus(PSYC, ref, userId, 'Excused');
    let pressed = false;
    await pushInRounds(outboxRepo(db), async (ops) => {
      const results = await sync.push(ops);
      // Learn has Excused; its answer is not yet in the store when the instructor presses Absent.
      if (!pressed) {
        pressed = true;
        await roll.setStatus(PSYC, ref, userId, 'Absent');
      }
      return results;
    });

    expect(await db.conflicts.count()).toBe(0);
    expect(await pendingCount(db)).toBe(0);
    expect(await learnStatus(title, userId)).toBe('Absent');
    db.close();
  });

  it('sends an undo made while the press it undoes was on its way, and Learn ends where the screen is', async () => {
    const db = await openRollbookDb(`straddle-undo-${process.pid}-${Date.now()}`);
    const sync = engine();
    const title = 'Straddle: undo';
    const { ref, userId } = await syncedMeeting(db, title, (ops) => sync.push(ops));
    const roll = attendanceRepo(db);

    // Excused reaches Learn; then Absent is pressed and goes out; while it is out, Ctrl+Z.
    await roll.setStatus(PSYC, ref, userId, 'Excused');
    await pushInRounds(outboxRepo(db), (ops) => sync.push(ops));
    await roll.setStatus(PSYC, ref, userId, 'Absent');
    let undone = false;
    await pushInRounds(outboxRepo(db), async (ops) => {
      const results = await sync.push(ops);
      if (!undone) {
        undone = true;
        await roll.undoLast(PSYC, ref);
      }
      return results;
    });

    expect(await db.conflicts.count()).toBe(0);
    expect(await pendingCount(db)).toBe(0);
    expect(await learnStatus(title, userId)).toBe('Excused');
    expect((await db.attendanceRecords.get([String((ref as { serverId: number }).serverId), userId]))?.status).toBe('Excused');
    db.close();
  });
});
