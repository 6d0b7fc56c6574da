import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { meetingKey } from '../../shared/domain/coalesce';
import type { OutboxOp } from '../../shared/domain/outbox';
import { nextPush, PUSH_BUDGET, type PushBudget } from '../../shared/domain/push-batch';

/** How sync cuts the outbox into pushes the host accepts, keeping meetings whole and the user's order. */

const COURSE = '_12_1';
let n = 0;
const at = '2026-11-23T09:00:00.000Z';
const id = (): string => `op-${String(++n).padStart(7, '0')}`;

function meetingOps(local: string, students: number): OutboxOp[] {
  const create: OutboxOp = { opId: id(), kind: 'meeting.create', courseId: COURSE, at, localMeetingId: local, fields: { title: `Lecture ${local}`, description: '', start: at, end: at } };
  const records = Array.from({ length: students }, (_, i): OutboxOp => ({ opId: id(), kind: 'record.set', courseId: COURSE, at, meeting: { localId: local }, userId: `_${1000 + i}_1`, status: 'Present', baseStatus: null }));
  return [create, ...records];
}

function changeOp(title: string, bodyChars = 0): OutboxOp {
  return { opId: id(), kind: 'change', courseId: COURSE, at, change: { channel: 'content.create', request: { courseId: COURSE, kind: 'document', title, body: 'x'.repeat(bodyChars) } }, label: `New page "${title}"`, localId: `local:${crypto.randomUUID()}`, known: [] };
}

/** Every push until the outbox is empty, as sync sends them. */
function allPushes(ops: readonly OutboxOp[], budget: PushBudget): OutboxOp[][] {
  const pushes: OutboxOp[][] = [];
  let left = [...ops];
  while (left.length > 0) {
    const push = nextPush(left, budget);
    expect(push.length).toBeGreaterThan(0);
    pushes.push(push);
    const sent = new Set(push.map((o) => o.opId));
    left = left.filter((o) => !sent.has(o.opId));
  }
  return pushes;
}

const bytes = (ops: readonly OutboxOp[]): number => Buffer.byteLength(JSON.stringify({ ops }));
const groupOf = (op: OutboxOp): string => (op.kind === 'change' ? op.opId : op.kind === 'meeting.create' ? meetingKey({ localId: op.localMeetingId }) : meetingKey(op.meeting));

describe('pushes of a big outbox', () => {
  it('sends a roll for 20 new 300-student meetings (1.5 MB) in pushes under browser mode’s 1 MiB body limit, meetings whole', () => {
    const ops = Array.from({ length: 20 }, (_, i) => meetingOps(`m${i}`, 300)).flat();
    expect(bytes(ops)).toBeGreaterThan(1024 * 1024);
    const pushes = allPushes(ops, PUSH_BUDGET);
    expect(pushes.length).toBeGreaterThan(1);
    for (const push of pushes) {
      expect(bytes(push)).toBeLessThan(1024 * 1024);
      expect(push.length).toBeLessThanOrEqual(PUSH_BUDGET.maxOps);
    }
    // No meeting is cut in two: each lands in exactly one push.
    const pushesOfMeeting = new Map<string, Set<number>>();
    pushes.forEach((push, i) => {
      for (const op of push) pushesOfMeeting.set(groupOf(op), (pushesOfMeeting.get(groupOf(op)) ?? new Set()).add(i));
    });
    expect([...pushesOfMeeting.values()].every((set) => set.size === 1)).toBe(true);
    expect(pushesOfMeeting.size).toBe(20);
  });

  it('splits one meeting larger than the budget rather than never sending it', () => {
    const ops = meetingOps('huge', 1_000);
    const pushes = allPushes(ops, { maxOps: 300, maxBytes: 1024 * 1024 });
    expect(pushes.map((p) => p.length)).toEqual([300, 300, 300, 101]);
    expect(pushes[0]![0]!.kind).toBe('meeting.create');
  });

  it('sends one change too big for the budget alone, and never reorders changes (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.oneof(fc.record({ meeting: fc.integer({ min: 0, max: 4 }), students: fc.integer({ min: 1, max: 40 }) }), fc.integer({ min: 0, max: 3_000 })), { minLength: 1, maxLength: 25 }),
        fc.integer({ min: 500, max: 20_000 }),
        fc.integer({ min: 1, max: 60 }),
        (plan, maxBytes, maxOps) => {
          const ops = plan.flatMap((step) => (typeof step === 'number' ? [changeOp(`T${step}`, step)] : meetingOps(`m${step.meeting}-${n}`, step.students)));
          const pushes = allPushes(ops, { maxBytes, maxOps });
          const flat = pushes.flat();
          // Every op exactly once.
          expect(flat.map((o) => o.opId).sort()).toEqual(ops.map((o) => o.opId).sort());
          // Changes in the order made, across pushes; each push in outbox order.
          expect(flat.filter((o) => o.kind === 'change').map((o) => o.opId)).toEqual(ops.filter((o) => o.kind === 'change').map((o) => o.opId));
          for (const push of pushes) {
            expect(push.map((o) => o.opId)).toEqual([...push.map((o) => o.opId)].sort());
            // Within budget, unless a single op is bigger than the budget by itself.
            if (push.length > 1) {
              expect(push.length).toBeLessThanOrEqual(maxOps);
              expect(push.reduce((b, o) => b + Buffer.byteLength(JSON.stringify(o)) + 1, 0)).toBeLessThanOrEqual(maxBytes);
            }
          }
        },
      ),
      { numRuns: 200 },
    );
  });
});
