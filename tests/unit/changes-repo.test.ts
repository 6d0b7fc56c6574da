import 'fake-indexeddb/auto'; // first: Dexie looks for indexedDB when it loads
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { localRefsOf, LocalId, type QueuedChange } from '../../shared/domain/queued-change';
import type { OpResult, OutboxOp } from '../../shared/domain/outbox';
import { attendanceRepo, CHANGE_KEY, discardChange, hasWaitingChanges, learnIdOf, meetingsRepo, outboxRepo, queueChange, waitingChanges, type RollbookDb } from '../../renderer/src/db';
import { COURSE, freshDb, MEETING, outboxOps, seededDb } from './db-fixtures';

/**
 * The store's queue of content-review changes (renderer/src/db/changes-repo.ts): what it accepts,
 * what screens read back, what it hands to sync, and what a push's results do to it.
 */
let db: RollbookDb;
afterEach(() => db?.close());

const OTHER = '_13_1';
const ITEM = '_40_1';

const rule = (title: string, courseId = COURSE, contentId = ITEM): QueuedChange => ({ channel: 'adaptiveRelease.createRule', request: { courseId, contentId, title } });
const criterion = (ruleId: string, contentId = ITEM): QueuedChange => ({ channel: 'adaptiveRelease.createCriterion', request: { courseId: COURSE, contentId, ruleId, criterion: { type: 'Memberships' } } });
const users = (ruleId: string, criterionId: string): QueuedChange => ({ channel: 'adaptiveRelease.setUsers', request: { courseId: COURSE, contentId: ITEM, ruleId, criterionId, userIds: ['_100_1'] } });
const rename = (ruleId: string, title: string): QueuedChange => ({ channel: 'adaptiveRelease.renameRule', request: { courseId: COURSE, contentId: ITEM, ruleId, title } });
const announcement = (title: string): QueuedChange => ({ channel: 'announcements.create', request: { announcement: { title } } });

async function queue(change: QueuedChange, courseId = COURSE, known?: string[]) {
  return queueChange(db, { courseId, change, label: `${change.channel} ${JSON.stringify(change.request).slice(0, 60)}`, ...(known ? { known } : {}) });
}

const changeOps = async (): Promise<Extract<OutboxOp, { kind: 'change' }>[]> => (await outboxOps(db)).filter((o): o is Extract<OutboxOp, { kind: 'change' }> => o.kind === 'change');

describe('queueing a change', () => {
  it('refuses a request its channel would refuse, and writes nothing', async () => {
    db = await freshDb();
    await expect(queue(rule('x'.repeat(101)))).rejects.toThrow();
    await expect(queueChange(db, { courseId: COURSE, change: rule('Ok'), label: '' })).rejects.toThrow();
    await expect(queueChange(db, { courseId: COURSE, change: { channel: 'content.children', request: { courseId: COURSE } } as unknown as QueuedChange, label: 'read' })).rejects.toThrow();
    expect(await db.outbox.count()).toBe(0);
  });

  it('gives a create a local id and keeps what was there; other changes get neither', async () => {
    db = await freshDb();
    const made = await queue(rule('Seniors'), COURSE, ['_7_1', '_8_1', '_7_1']);
    expect(LocalId.safeParse(made.localId).success).toBe(true);
    const renamed = await queue(rename(made.localId!, 'Juniors'));
    expect(renamed.localId).toBeUndefined();
    const [create, change] = await changeOps();
    expect(create).toMatchObject({ opId: made.opId, localId: made.localId, known: ['_7_1', '_8_1'] });
    expect(change).not.toHaveProperty('localId');
    expect(change).not.toHaveProperty('known');
    expect((await db.outbox.get(made.opId))?.meetingKey).toBe(CHANGE_KEY);
  });
});

describe('what is waiting', () => {
  it('lists changes oldest first, per scope or all, without attendance ops, failures with their reason', async () => {
    db = await seededDb();
    const a = await queue(rule('A'));
    await attendanceRepo(db).setStatus(COURSE, MEETING, '_100_1', 'Absent');
    const b = await queue(announcement('Snow day'), 'system');
    const c = await queue(rule('C', OTHER), OTHER);
    const d = await queue(rename('_7_1', 'D'));
    expect((await waitingChanges(db)).map((w) => w.opId)).toEqual([a.opId, b.opId, c.opId, d.opId]);
    expect((await waitingChanges(db, COURSE)).map((w) => w.opId)).toEqual([a.opId, d.opId]);
    expect((await waitingChanges(db, 'system')).map((w) => [w.label, w.localId, w.state])).toEqual([[expect.stringMatching(/^announcements\.create/), b.localId, 'pending']]);

    await outboxRepo(db).applyResults([{ opId: d.opId, outcome: 'failed', retryable: false, message: 'Rename: Learn answered 404' }]);
    expect((await waitingChanges(db, COURSE)).at(-1)).toMatchObject({ opId: d.opId, state: 'failed', error: 'Rename: Learn answered 404', retryable: false });
  });

  it('is handed to sync with the attendance ops, in the order the user made them; a failure only if worth retrying', async () => {
    db = await seededDb();
    const a = await queue(rule('A'));
    await attendanceRepo(db).setStatus(COURSE, MEETING, '_100_1', 'Absent');
    const b = await queue(rename('_7_1', 'B'));
    const sent = await outboxRepo(db).pending();
    expect(sent.map((o) => o.kind)).toEqual(['change', 'record.set', 'change']);
    expect(sent[0]).toMatchObject({ opId: a.opId, change: rule('A'), localId: a.localId });
    await outboxRepo(db).applyResults([{ opId: b.opId, outcome: 'failed', retryable: false, message: 'refused' }]);
    expect((await outboxRepo(db).pending()).map((o) => o.opId)).not.toContain(b.opId);
    await outboxRepo(db).retry(b.opId);
    expect((await outboxRepo(db).pending()).map((o) => o.opId)).toContain(b.opId);
  });
});

describe('the results of a push', () => {
  it("maps a create's local id in every change still waiting, even one queued during the push, and removes the done op", async () => {
    db = await freshDb();
    const made = await queue(rule('Seniors'));
    const crit = await queue(criterion(made.localId!));
    const sent = await outboxRepo(db).pending();
    // While the push is on the way the user goes on naming the rule by its local id.
    const later = await queue(rename(made.localId!, 'Seniors only'));
    await outboxRepo(db).applyResults([
      { opId: crit.opId, outcome: 'failed', retryable: true, message: 'waits for the rule' },
      { opId: sent[0]!.opId, outcome: 'done', createdId: '_77_1' },
    ]);
    const left = await changeOps();
    expect(left.map((o) => o.opId)).toEqual([crit.opId, later.opId]);
    expect(left.map((o) => (o.change.request as { ruleId: string }).ruleId)).toEqual(['_77_1', '_77_1']);
    expect(left[0]!.localId).toBe(crit.localId); // its own local id stays until its own create lands
    expect((await waitingChanges(db, COURSE))[0]).toMatchObject({ state: 'failed', error: 'waits for the rule' });
  });

  it('names what landed by its Learn id in a change queued afterwards by a screen still holding the local id', async () => {
    db = await freshDb();
    const made = await queue(rule('Juniors'));
    await outboxRepo(db).applyResults([{ opId: made.opId, outcome: 'done', createdId: '_78_1' }]);
    expect(await learnIdOf(db, made.localId!)).toBe('_78_1');
    // The release panel was opened before the sync and still holds the local id.
    await queue(rename(made.localId!, 'Juniors only'));
    const [op] = await changeOps();
    expect(op!.change.request).toMatchObject({ ruleId: '_78_1', title: 'Juniors only' });
    expect(localRefsOf(op!.change)).toEqual([]);
  });

  it('lets a later change go out at once when the only one waiting was refused by Learn, but not while one is on its way', async () => {
    db = await freshDb();
    const first = await queue(rename('_70_1', 'A'));
    expect(await hasWaitingChanges(db, COURSE)).toBe(true);
    await outboxRepo(db).applyResults([{ opId: first.opId, outcome: 'failed', retryable: true, message: 'Learn answered 503' }]);
    expect(await hasWaitingChanges(db, COURSE)).toBe(true);
    await outboxRepo(db).applyResults([{ opId: first.opId, outcome: 'failed', retryable: false, message: 'Learn answered 403' }]);
    expect(await hasWaitingChanges(db, COURSE)).toBe(false);
    expect(await waitingChanges(db, COURSE)).toHaveLength(1); // still listed, for Try again or Discard
  });

  it('removes a done change that created nothing, keeps a failed one with its message', async () => {
    db = await freshDb();
    const a = await queue(rename('_7_1', 'A'));
    const b = await queue(rename('_8_1', 'B'));
    await outboxRepo(db).applyResults([
      { opId: a.opId, outcome: 'done' },
      { opId: b.opId, outcome: 'failed', retryable: false, message: 'Rename rule: Learn answered 403' },
    ]);
    expect(await waitingChanges(db)).toMatchObject([{ opId: b.opId, state: 'failed', error: 'Rename rule: Learn answered 403' }]);
  });

  it('never disturbs meetings or records: a meeting mapped to its server id leaves change ops as they were', async () => {
    db = await seededDb();
    const { localId } = await meetingsRepo(db).createMeeting(COURSE, { title: 'Lab', description: '', start: '2026-09-03T09:00:00.000Z', end: '2026-09-03T10:00:00.000Z' });
    await attendanceRepo(db).setStatus(COURSE, { localId }, '_100_1', 'Late');
    const made = await queue(rule('R'));
    const before = await db.outbox.get(made.opId);
    const [create] = await outboxRepo(db).pending();
    await outboxRepo(db).applyResults([{ opId: create!.opId, outcome: 'done', serverMeetingId: 1042 }]);
    expect(await db.outbox.get(made.opId)).toEqual(before);
    expect(await db.attendanceRecords.get(['1042', '_100_1'])).toMatchObject({ status: 'Late' });
    expect((await outboxOps(db)).find((o) => o.kind === 'record.set')).toMatchObject({ meeting: { serverId: 1042 } });
  });
});

describe('discarding a change', () => {
  it('takes a create with its dependents and theirs, and nothing else', async () => {
    db = await seededDb();
    const keep1 = await queue(rule('Other'));
    const r = await queue(rule('Seniors'));
    const c = await queue(criterion(r.localId!));
    const u = await queue(users(r.localId!, c.localId!));
    const n = await queue(rename(r.localId!, 'Seniors only'));
    const keep2 = await queue(criterion(keep1.localId!));
    const keep3 = await queue(rule('Elsewhere', OTHER), OTHER);
    await attendanceRepo(db).setStatus(COURSE, MEETING, '_100_1', 'Absent');
    expect(await discardChange(db, r.opId)).toBe(4);
    const left = (await changeOps()).map((o) => o.opId);
    expect(left).toEqual([keep1.opId, keep2.opId, keep3.opId]);
    expect(left).not.toContain(u.opId);
    expect(left).not.toContain(n.opId);
    expect((await outboxOps(db)).some((o) => o.kind === 'record.set')).toBe(true);
    // A change that is not a create goes alone.
    expect(await discardChange(db, keep2.opId)).toBe(1);
    expect(await discardChange(db, 'no-such-op')).toBe(0);
  });
});

describe('any order of results (property)', () => {
  // Steps: a new rule, a criterion on an earlier rule, a rename of an earlier rule; then the push's
  // results in any order, done or failed, with more changes queued on the way.
  type Step = { kind: 'rule' } | { kind: 'criterion' | 'rename'; pick: number };
  const step: fc.Arbitrary<Step> = fc.oneof(fc.record({ kind: fc.constant('rule' as const) }), fc.record({ kind: fc.constantFrom('criterion' as const, 'rename' as const), pick: fc.nat() }));

  it('leaves no change naming a local id whose create is done', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 8 }), fc.array(step, { maxLength: 3 }), fc.array(fc.record({ done: fc.boolean(), key: fc.double({ noNaN: true }) })), async (before, during, fate) => {
        db = await freshDb();
        try {
          const rules: string[] = ['_7_1'];
          const apply = async (s: Step) => {
            if (s.kind === 'rule') rules.push((await queue(rule(`R${rules.length}`))).localId!);
            else {
              const target = rules[s.pick % rules.length]!;
              await queue(s.kind === 'criterion' ? criterion(target) : rename(target, 'Renamed'));
            }
          };
          for (const s of before) await apply(s);
          const sent = await outboxRepo(db).pending();
          for (const s of during) await apply(s);
          const results: OpResult[] = sent
            .map((op, i) => ({ op, f: fate[i] ?? { done: true, key: i } }))
            .sort((x, y) => x.f.key - y.f.key)
            .map(({ op, f }, i): OpResult => (f.done ? { opId: op.opId, outcome: 'done', ...(op.kind === 'change' && op.localId ? { createdId: `_${900 + i}_1` } : {}) } : { opId: op.opId, outcome: 'failed', retryable: true, message: 'later' }));
          await outboxRepo(db).applyResults(results);
          const doneLocal = new Set(sent.filter((op) => op.kind === 'change' && op.localId && results.some((r) => r.opId === op.opId && r.outcome === 'done')).map((op) => (op as { localId: string }).localId));
          for (const op of await changeOps()) {
            expect(localRefsOf(op.change).filter((id) => doneLocal.has(id))).toEqual([]);
            expect(op.localId === undefined || !doneLocal.has(op.localId)).toBe(true);
          }
        } finally {
          db.close();
        }
      }),
      { numRuns: 40 },
    );
  });
});
