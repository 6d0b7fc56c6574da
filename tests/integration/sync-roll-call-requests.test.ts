import 'fake-indexeddb/auto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_RETRY_POLICY } from '../../electron/core/http/retry-policy';
import { createSyncEngine } from '../../electron/core/sync/sync-engine';
import { attendanceRepo, cacheRepo, meetingsRepo, openRollbookDb, outboxRepo, pendingCount, queueReasserts, type RollbookDb } from '../../renderer/src/db';
import { pushInRounds } from '../../renderer/src/features/attendance/push-rounds';
import type { RunningSandbox } from '../../sandbox/server';
import type { OutboxOp } from '../../shared/domain/outbox';
import { configureLogger } from '../../shared/logger';
import { setBulkCovers } from '../support/sandbox-controls';
import { bigSandbox, collect, learnAs, PSYC } from './learn-support';
import { delta, stats } from './sync-support';

const pages = (n: number): number => Math.ceil(n / 100);

/**
 * A roll call of the 300-student lecture through the renderer's own store and push loop (re-asserts
 * planned before each push) and the real engine, counted at the sandbox, under both coverages of
 * Learn's bulk. Online: 20 absences pushed as they happen (in 5 pushes), then "Mark everyone not yet
 * marked Present". Offline: the same marks, then one sync. The meeting's create is counted apart.
 * Learn must end with exactly the store's marks, nothing waiting.
 */

let sandbox: RunningSandbox;
beforeAll(async () => {
  sandbox = await bigSandbox();
  configureLogger({ level: 'error' });
});
afterAll(async () => {
  configureLogger({ level: 'info' });
  await sandbox.close();
});

async function storeWithRoster(): Promise<{ db: RollbookDb; students: string[] }> {
  const db = await openRollbookDb(`roll-call-requests-${process.pid}-${Date.now()}-${Math.random().toString(36).slice(2)}`);
  const { learn } = learnAs(sandbox, 'instructor');
  const members = (await collect(learn.courses.listCourseUsers(PSYC, { role: 'Student' }))).filter((m) => m.courseRoleId === 'Student' && (m.availability?.available ?? 'Yes') === 'Yes');
  await cacheRepo(db).putRoster(
    PSYC,
    members.map((m) => ({ userId: m.userId, userName: m.user?.userName ?? m.userId, givenName: m.user?.name?.given ?? '', familyName: m.user?.name?.family ?? '', role: 'Student' })),
  );
  return { db, students: members.map((m) => m.userId) };
}

/** Members of the lecture who are not students on the roll: what a bulk covering the course sets too. */
async function offRoll(students: readonly string[]): Promise<number> {
  const { learn } = learnAs(sandbox, 'instructor');
  return (await collect(learn.courses.listCourseUsers(PSYC))).filter((m) => !students.includes(m.userId)).length;
}

async function rollCall(online: boolean, covers: 'course' | 'students'): Promise<{ create: number; marks: number; pushes: number; offRoll: number; byRoute: Record<string, number> }> {
  await sandbox.controlFetch(`/__sandbox/reset`, { method: 'POST' });
  await sandbox.controlFetch(`/__sandbox/quota`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ limit: 1_000_000 }) });
  await setBulkCovers(sandbox, covers);
  const { db, students } = await storeWithRoster();
  const engine = createSyncEngine({ learn: learnAs(sandbox, 'instructor').learn, retry: { ...DEFAULT_RETRY_POLICY, baseDelayMs: 5, maxDelayMs: 20 } });
  let pushes = 0;
  const sync = (): Promise<unknown> =>
    pushInRounds(
      outboxRepo(db),
      (ops: OutboxOp[]) => {
        pushes++;
        return engine.push(ops);
      },
      { plan: (ops) => queueReasserts(db, ops) },
    );
  const title = `Roll call ${online ? 'online' : 'offline'} ${covers}`;
  const { localId } = await meetingsRepo(db).createMeeting(PSYC, { title, description: '', start: '2026-12-07T09:00:00.000Z', end: '2026-12-07T10:15:00.000Z' });
  const start = await stats(sandbox);
  if (online) await sync();
  const created = await stats(sandbox);
  const meeting = (await db.meetings.where('localId').equals(localId).first())!;
  const ref = meeting.serverId !== undefined ? { serverId: meeting.serverId } : { localId };
  const roll = attendanceRepo(db);
  const absent = students.filter((_, i) => i % 15 === 7).slice(0, 20);
  for (const [i, userId] of absent.entries()) {
    await roll.setStatus(PSYC, ref, userId, 'Absent');
    if (online && i % 4 === 3) await sync();
  }
  await roll.markAllNotYetMarked(PSYC, ref, students, 'Present');
  await sync();
  const end = await stats(sandbox);

  expect(await pendingCount(db)).toBe(0);
  const { learn } = learnAs(sandbox, 'instructor');
  const serverId = (await db.meetings.where('localId').equals(localId).first())!.serverId!;
  const onLearn = new Map((await collect(learn.attendance.listRecords(PSYC, serverId))).map((r) => [r.userId, r.status]));
  const wanted = new Map(students.map((u) => [u, absent.includes(u) ? 'Absent' : 'Present']));
  expect(onLearn).toEqual(wanted);
  const figures = { create: created.total - start.total, marks: end.total - created.total, pushes, offRoll: covers === 'course' ? await offRoll(students) : 0, byRoute: delta(created, end) };
  if (process.env.ROLL_CALL_FIGURES) console.info(title, JSON.stringify({ ...figures, total: end.total - start.total }));
  return figures;
}

describe('a roll call of 300, counted at Learn', () => {
  for (const covers of ['students', 'course'] as const) {
    it(`online, 20 absences as they happen then "mark everyone": one bulk and the absences re-asserted (bulk covers ${covers})`, async () => {
      const { marks, offRoll, pushes, byRoute } = await rollCall(true, covers);
      // Six pushes after the create, one read of the roster (3 pages) between them.
      expect(pushes).toBe(7);
      expect(byRoute['GET /learn/api/public/v1/courses/:courseId/users']).toBe(3);
      expect(byRoute['POST /learn/api/public/v1/courses/:courseId/meetings/:meetingId/users/bulk']).toBe(1);
      // 5 pushes of 4 absences: 5 record reads + 20 POSTs, the roster once (3 pages, kept across
      // pushes); then 1 read + 1 bulk + its check (3 or 4 pages) + 20 re-asserts + what it set off the roll, put back.
      expect(marks).toBeLessThanOrEqual(5 + 20 + 3 + 1 + 1 + pages(300 + offRoll) + 20 + offRoll);
    }, 60_000);

    it(`offline, every mark then one sync: create, roster, one bulk, its check and the 20 absences (bulk covers ${covers})`, async () => {
      const { create, marks, offRoll } = await rollCall(false, covers);
      expect(create).toBe(0);
      // The look-up and the create go in the same push: 1 + 1 + 3 roster pages + 1 bulk + its check + 20 + what it set off the roll.
      expect(marks).toBeLessThanOrEqual(1 + 1 + 3 + 1 + pages(300 + offRoll) + 20 + offRoll);
    }, 60_000);
  }
});
