import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { AttendanceStatus, LearnStatus } from '../../shared/api/attendance';
import { clearRequests, planClears } from '../../shared/domain/clear-plan';
import { coalesce } from '../../shared/domain/coalesce';
import type { OutboxOp } from '../../shared/domain/outbox';
import type { ServerRecord } from '../../shared/domain/record-plan';

// The undo's deletes on Learn: what they send, decided from what Learn holds, must leave Learn with
// no record where this device's own mark was, keep what Learn changed since, and cost the fewest requests.

const STATUSES: AttendanceStatus[] = ['Present', 'Absent', 'Late', 'Excused'];
const status = fc.constantFrom<LearnStatus>(...STATUSES, 'Unknown-later');
const users = fc.uniqueArray(fc.integer({ min: 1, max: 40 }).map((n) => `_${n}_1`), { maxLength: 25 });

/** Learn after the plan is sent: the deletes applied (all of the meeting's, or each). */
function applied(server: ReadonlyMap<string, ServerRecord>, plan: ReturnType<typeof planClears>): Map<string, ServerRecord> {
  if (plan.all) return new Map();
  const after = new Map(server);
  for (const d of plan.deletes) after.delete(d.clear.userId);
  return after;
}

describe('planClears', () => {
  it('deletes exactly the records still as this device left them, keeps everything else, in the fewest requests', () => {
    fc.assert(
      fc.property(users, users, fc.array(status, { minLength: 50, maxLength: 50 }), fc.array(status, { minLength: 50, maxLength: 50 }), (held, cleared, learnStatus, mine) => {
        const server = new Map(held.map((u, i): [string, ServerRecord] => [u, { id: i + 1, status: learnStatus[i]! }]));
        const clears = cleared.map((userId, i) => ({ userId, opId: `op${i}`, acceptable: [mine[i]!] }));
        const plan = planClears(clears, server);
        const after = applied(server, plan);
        for (const c of clears) {
          const was = server.get(c.userId);
          // Learn held this device's status: gone. Learn held another (changed since): kept as it was.
          if (was && c.acceptable.includes(was.status)) expect(after.has(c.userId)).toBe(false);
          else expect(after.get(c.userId)).toEqual(was);
        }
        // No record another user holds is touched.
        for (const [u, r] of server) if (!cleared.includes(u)) expect(after.get(u)).toEqual(r);
        // Every clear gets exactly one outcome.
        expect(plan.done.length + plan.kept.length + plan.deletes.length).toBe(clears.length);
        // Fewest: one request when the deletes are the whole meeting (and more than one), else one each.
        const expected = plan.deletes.length > 1 && plan.deletes.length === server.size ? 1 : plan.deletes.length;
        expect(clearRequests(plan)).toBe(expected);
      }),
    );
  });

  it('takes a whole mark-all back in one request when the meeting held nothing else', () => {
    const server = new Map(Array.from({ length: 300 }, (_, i): [string, ServerRecord] => [`_${i}_1`, { id: i, status: 'Present' }]));
    const clears = [...server.keys()].map((userId, i) => ({ userId, opId: `op${i}`, acceptable: ['Present' as const] }));
    expect(clearRequests(planClears(clears, server))).toBe(1);
    // One student marked by hand before stays: the rest go one by one, never with the meeting's delete.
    const plan = planClears(clears.slice(1), server);
    expect(plan.all).toBe(false);
    expect(clearRequests(plan)).toBe(299);
  });
});

describe('coalesce with clears', () => {
  const meeting = { serverId: 7 };
  const at = '2026-11-28T10:00:00.000Z';
  const set = (opId: string, userId: string, s: AttendanceStatus, baseStatus: LearnStatus | null): OutboxOp => ({ opId, kind: 'record.set', courseId: '_1_1', at, meeting, userId, status: s, baseStatus });
  const clear = (opId: string, userId: string, baseStatus: LearnStatus | null): OutboxOp => ({ opId, kind: 'record.clear', courseId: '_1_1', at, meeting, userId, baseStatus });

  it('the last op per student wins, whether a status or a clear, and the earlier ones follow it', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.constantFrom('_1_1', '_2_1', '_3_1'), fc.option(fc.constantFrom(...STATUSES), { nil: null })), { minLength: 1, maxLength: 20 }), (steps) => {
        const ops = steps.map(([u, s], i) => (s === null ? clear(`op${String(i).padStart(2, '0')}`, u, 'Present') : set(`op${String(i).padStart(2, '0')}`, u, s, null)));
        const plan = coalesce(ops);
        const [m] = plan.meetings;
        const lastOf = new Map(ops.map((o) => [(o as { userId: string }).userId, o]));
        for (const [userId, op] of lastOf) {
          if (op.kind === 'record.set') expect(m!.records.find((r) => r.userId === userId)?.status).toBe(op.status);
          else expect(m!.clears.find((c) => c.userId === userId)?.opId).toBe(op.opId);
        }
        // Each op leads or follows, once.
        const leaders = [...m!.records.map((r) => r.opId), ...m!.clears.map((c) => c.opId)];
        expect(leaders.length + plan.followers.length).toBe(ops.length);
      }),
    );
  });

  it('a status set after a clear accepts Learn holding no record; a clear accepts what this device set before it', () => {
    const plan = coalesce([set('a1', '_1_1', 'Late', 'Present'), clear('a2', '_1_1', 'Late'), set('a3', '_2_1', 'Absent', null), clear('a4', '_2_1', 'Absent'), set('a5', '_2_1', 'Present', null)]);
    const [m] = plan.meetings;
    expect(m!.clears).toEqual([{ userId: '_1_1', opId: 'a2', acceptable: expect.arrayContaining(['Late', 'Present']) }]);
    expect(m!.records[0]).toMatchObject({ userId: '_2_1', status: 'Present', acceptable: expect.arrayContaining([null, 'Absent']) });
  });
});
