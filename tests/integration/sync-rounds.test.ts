import 'fake-indexeddb/auto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_RETRY_POLICY } from '../../electron/core/http/retry-policy';
import { createSyncEngine } from '../../electron/core/sync/sync-engine';
import { attendanceRepo, cacheRepo, meetingsRepo, openRollbookDb, outboxRepo, pendingCount, queueChange } from '../../renderer/src/db';
import { pushInRounds } from '../../renderer/src/features/attendance/push-rounds';
import type { RunningSandbox } from '../../sandbox/server';
import type { OutboxOp } from '../../shared/domain/outbox';
import { contract } from '../../shared/ipc/contract';
import { bigSandbox, collect, learnAs, PSYC } from './learn-support';
import { setBulkCovers } from '../support/sandbox-controls';

/**
 * An outbox bigger than one push (a roll for new meetings of the 300-student lecture) reaches
 * Learn whole, in pushes within the budget, each passing the contract's request schema and each
 * applied before the next is read, so ops of a meeting created by one push go out under its Learn
 * id in the next.
 */

/** Small pushes, so a few meetings' worth of ops takes several (the real budget is tested in tests/unit/sync-push-batch.test.ts). */
const BUDGET = { maxOps: 5_000, maxBytes: 100 * 1024 };
const MEETINGS = 4;
let sandbox: RunningSandbox;
beforeAll(async () => {
  sandbox = await bigSandbox();
  // Whom the bulk covers is not this test's subject: students only, as the sandbox did before its
  // default became the Swagger's "all users in the course".
  await setBulkCovers(sandbox, 'students');
});
afterAll(() => sandbox.close());

describe('sync of an outbox bigger than one push', () => {
  it('sends every op once, in pushes the host accepts, and Learn ends with every meeting and status', { timeout: 120_000 }, async () => {
    const { learn } = learnAs(sandbox, 'instructor');
    const db = await openRollbookDb(`rounds-${process.pid}-${Date.now()}`);
    const roster = (await collect(learn.courses.listCourseUsers(PSYC, { role: 'Student' }))).filter((m) => m.courseRoleId === 'Student' && (m.availability?.available ?? 'Yes') === 'Yes');
    await cacheRepo(db).putRoster(
      PSYC,
      roster.map((m) => ({ userId: m.userId, userName: m.user?.userName ?? m.userId, givenName: m.user?.name?.given ?? '', familyName: m.user?.name?.family ?? '', role: 'Student' })),
    );
    const ids = roster.map((m) => m.userId);
    for (let i = 0; i < MEETINGS; i++) {
      const day = String(i + 1).padStart(2, '0');
      const { localId } = await meetingsRepo(db).createMeeting(PSYC, { title: `Rounds ${day}`, description: '', start: `2026-12-${day}T09:00:00.000Z`, end: `2026-12-${day}T10:00:00.000Z` });
      await attendanceRepo(db).markAllNotYetMarked(PSYC, { localId }, ids, i % 2 === 0 ? 'Present' : 'Absent');
    }
    // A content change waits behind them and goes out too.
    await queueChange(db, { courseId: PSYC, change: { channel: 'content.create', request: { courseId: PSYC, kind: 'folder', title: 'After the rounds' } }, label: 'New folder "After the rounds"', known: [] });
    const total = await pendingCount(db);
    expect(total).toBe(MEETINGS * (1 + ids.length) + 1);

    const engine = createSyncEngine({ learn, retry: { ...DEFAULT_RETRY_POLICY, baseDelayMs: 5, maxDelayMs: 20 } });
    const sizes: number[] = [];
    const seen = new Set<string>();
    const { pushes, sent } = await pushInRounds(outboxRepo(db), async (ops: OutboxOp[]) => {
      // What the IPC boundary checks: the contract's request schema and browser mode's body limit.
      const body = JSON.stringify({ identity: 'site-0123456789abcdef01234567', ops });
      sizes.push(Buffer.byteLength(body));
      contract['sync.push'].request.parse(JSON.parse(body));
      for (const op of ops) {
        expect(seen.has(op.opId)).toBe(false);
        seen.add(op.opId);
      }
      return engine.push(ops);
    }, { budget: BUDGET });

    expect(sent).toBe(total);
    expect(pushes).toBeGreaterThan(1);
    expect(Math.max(...sizes)).toBeLessThan(BUDGET.maxBytes + 100);
    expect(pushes).toBeGreaterThanOrEqual(Math.ceil(total / 400));
    // The folder needs a writer the engine was not given here: it is the one op left, waiting.
    expect(await pendingCount(db)).toBe(1);

    const meetings = (await collect(learn.attendance.listMeetings(PSYC))).filter((m) => m.title?.startsWith('Rounds '));
    expect(meetings).toHaveLength(MEETINGS);
    for (const meeting of meetings.slice(0, 3)) {
      const records = await collect(learn.attendance.listRecords(PSYC, meeting.id));
      expect(records).toHaveLength(ids.length);
    }
    db.close();
  });
});
