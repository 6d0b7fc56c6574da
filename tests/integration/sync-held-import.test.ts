import 'fake-indexeddb/auto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_RETRY_POLICY } from '../../electron/core/http/retry-policy';
import { createSyncEngine } from '../../electron/core/sync/sync-engine';
import { cacheRepo, confirmImport, importsOf, openRollbookDb, outboxRepo, pendingCount, undoImport } from '../../renderer/src/db';
import { pushInRounds } from '../../renderer/src/features/attendance/push-rounds';
import type { RunningSandbox } from '../../sandbox/server';
import type { OutboxOp } from '../../shared/domain/outbox';
import { heldOpGoes } from '../../shared/domain/site-day';
import { bigSandbox, collect, learnAs, PSYC } from './learn-support';

/**
 * An import sent over two days: the part planned for tomorrow stays in the outbox, unsent, through
 * every sync of today, and goes whole, once, when its day comes; Learn ends with every status.
 */
let sandbox: RunningSandbox;
beforeAll(async () => {
  sandbox = await bigSandbox();
});
afterAll(() => sandbox.close());

const TOMORROW = new Date(Date.now() + 6 * 60 * 60 * 1000).toISOString();

describe('an import held in part until a later day', () => {
  it('sends today only what is planned for today, and the rest once its day comes', { timeout: 120_000 }, async () => {
    const { learn } = learnAs(sandbox, 'instructor');
    const db = await openRollbookDb(`held-${process.pid}-${Date.now()}`);
    const roster = (await collect(learn.courses.listCourseUsers(PSYC, { role: 'Student' }))).filter((m) => m.courseRoleId === 'Student' && (m.availability?.available ?? 'Yes') === 'Yes');
    await cacheRepo(db).putRoster(
      PSYC,
      roster.map((m) => ({ userId: m.userId, userName: m.user?.userName ?? m.userId, givenName: m.user?.name?.given ?? '', familyName: m.user?.name?.family ?? '', role: 'Student' })),
    );
    const ids = roster.map((m) => m.userId).slice(0, 120);
    const fields = (day: string) => ({ title: `Held ${day}`, description: '', start: `2026-12-${day}T09:00:00.000Z`, end: `2026-12-${day}T10:00:00.000Z` });
    const records = (status: 'Present' | 'Absent') => ids.map((userId) => ({ userId, status }));
    const imported = await confirmImport(db, {
      courseId: PSYC,
      fileName: 'term.csv',
      existing: new Map(),
      created: [
        { fields: fields('01'), records: records('Present') },
        { fields: fields('02'), records: records('Absent'), heldUntil: TOMORROW },
      ],
      counts: { new: 240, changed: 0, unchanged: 0, error: 0 },
    });
    expect(await pendingCount(db)).toBe(2 + 240);
    expect((await importsOf(db, PSYC))[0]).toMatchObject({ waiting: 240, sent: 0, held: 120, heldUntil: TOMORROW });

    const engine = createSyncEngine({ learn, retry: { ...DEFAULT_RETRY_POLICY, baseDelayMs: 5, maxDelayMs: 20 } });
    const seen = new Set<string>();
    const push = async (ops: OutboxOp[]) => {
      for (const op of ops) {
        expect(seen.has(op.opId)).toBe(false);
        seen.add(op.opId);
      }
      return engine.push(ops);
    };
    const onLearn = async (title: string) => {
      const meeting = (await collect(learn.attendance.listMeetings(PSYC))).find((m) => m.title === title);
      return meeting ? (await collect(learn.attendance.listRecords(PSYC, meeting.id))).map((r) => r.status) : undefined;
    };

    // Today, twice (the second finds nothing to send): only the first meeting goes.
    await pushInRounds(outboxRepo(db), push);
    expect((await pushInRounds(outboxRepo(db), push)).sent).toBe(0);
    expect(await onLearn('Held 01')).toEqual(ids.map(() => 'Present'));
    expect(await onLearn('Held 02')).toBeUndefined();
    expect(await pendingCount(db)).toBe(1 + 120);
    expect((await importsOf(db, PSYC))[0]).toMatchObject({ waiting: 120, sent: 120, held: 120 });

    // The site's quota resets (Learn says its window now ends a day later): the rest goes, once.
    const nextWindow = { resetAt: new Date(Date.parse(TOMORROW) + 24 * 60 * 60 * 1000).toISOString() };
    const { sent } = await pushInRounds(outboxRepo(db), push, { released: () => Promise.resolve((heldUntil: string) => heldOpGoes(heldUntil, Date.now(), nextWindow)) });
    expect(sent).toBe(1 + 120);
    expect(await onLearn('Held 02')).toEqual(ids.map(() => 'Absent'));
    expect(await pendingCount(db)).toBe(0);
    expect((await importsOf(db, PSYC))[0]).toMatchObject({ waiting: 0, sent: 240, held: 0 });
    expect(imported.written).toBe(240);
    db.close();
  });

  it('undoes a held part like any waiting change: nothing of it reaches Learn', { timeout: 60_000 }, async () => {
    const db = await openRollbookDb(`held-undo-${process.pid}-${Date.now()}`);
    const { id } = await confirmImport(db, {
      courseId: PSYC,
      fileName: 'later.csv',
      existing: new Map(),
      created: [{ fields: { title: 'Held later', description: '', start: '2026-12-05T09:00:00.000Z', end: '2026-12-05T10:00:00.000Z' }, records: [{ userId: 'someone', status: 'Late' }], heldUntil: TOMORROW }],
      counts: { new: 1, changed: 0, unchanged: 0, error: 0 },
    });
    expect(await pendingCount(db)).toBe(2);
    expect(await undoImport(db, id)).toMatchObject({ meetingsRemoved: 1 });
    expect(await pendingCount(db)).toBe(0);
    db.close();
  });
});
