import type { AttendanceStatus, LearnStatus } from '../api/attendance';
import type { MeetingFields, MeetingRef, OutboxOp } from './outbox';

/**
 * Coalescing and ordering of outbox ops, pure so it is property-tested without a server.
 *
 * One push becomes one plan per meeting, in the order the user first touched each meeting:
 * - the last status per meeting and user wins; the earlier ops follow it (superseded when it
 *   lands, failed with it when it does not, so nothing the user did is dropped before it is sent);
 * - updates of one meeting merge into one PATCH (later fields win), or into the create itself when
 *   the meeting was created in this push;
 * - a create followed by its delete cancels both and every op on that meeting (the engine still
 *   looks the meeting up, in case an earlier push created it and lost the answer);
 * - a delete makes every other op on that meeting follow it;
 * - a clear (record.clear, an undo's) is a status like any other: the last op per user wins, and
 *   a status set after a clear accepts Learn holding no record (the clear may have landed).
 * A meeting's records are always sent after its create, with the local id mapped to the server id.
 */

export type MeetingKey = string;

export function meetingKey(ref: MeetingRef): MeetingKey {
  return 'serverId' in ref ? `server:${ref.serverId}` : `local:${ref.localId}`;
}

/** One user's final status at one meeting, with what the server may hold without it being a conflict. */
export interface RecordIntent {
  userId: string;
  status: AttendanceStatus;
  /** The op that carries the result (the last one); the others follow it. */
  opId: string;
  /**
   * Server values that are not a conflict: the base this device last read, and the statuses this
   * device itself set in earlier ops of the push (an earlier push may have sent them and lost the answer).
   */
  acceptable: (LearnStatus | null)[];
}

export interface MeetingPlan {
  key: MeetingKey;
  courseId: string;
  ref: MeetingRef;
  /** Created in this push (fields with later updates merged in). */
  create?: { opId: string; localId: string; fields: MeetingFields };
  /** Changes of a meeting that already has a server id; every op listed gets the PATCH's result. */
  update?: { opIds: string[]; fields: Partial<MeetingFields> };
  /** Deleted in this push. With `create` set, the pair cancels: nothing is created. */
  delete?: { opId: string };
  records: RecordIntent[];
  /** Records to take off Learn (record.clear), each the last op of its user at this meeting. */
  clears: RecordClear[];
}

/** One user's record at one meeting to delete, with the statuses Learn may hold for the delete to go ahead. */
export interface RecordClear {
  userId: string;
  opId: string;
  /** Statuses this device set or read (never null: no record is already cleared). Any other is Learn's since, kept. */
  acceptable: LearnStatus[];
}

/** An op whose result is another op's: `share` = the same result; `supersede` = superseded by it when it lands. */
export interface Follower {
  opId: string;
  leader: string;
  mode: 'share' | 'supersede';
}

export interface SyncPlan {
  meetings: MeetingPlan[];
  followers: Follower[];
}

type RecordOp = Extract<OutboxOp, { kind: 'record.set' | 'record.clear' }>;

export function coalesce(ops: readonly OutboxOp[]): SyncPlan {
  const plans = new Map<MeetingKey, MeetingPlan>();
  const followers: Follower[] = [];
  const recordOps = new Map<MeetingKey, Map<string, RecordOp[]>>();
  const updateOps = new Map<MeetingKey, Extract<OutboxOp, { kind: 'meeting.update' }>[]>();

  const planFor = (courseId: string, ref: MeetingRef): MeetingPlan => {
    const key = meetingKey(ref);
    let plan = plans.get(key);
    if (!plan) {
      plan = { key, courseId, ref, records: [], clears: [] };
      plans.set(key, plan);
    }
    return plan;
  };

  for (const op of ops) {
    if (op.kind === 'meeting.create') {
      const plan = planFor(op.courseId, { localId: op.localMeetingId });
      plan.create = { opId: op.opId, localId: op.localMeetingId, fields: { ...op.fields } };
    } else if (op.kind === 'meeting.update') {
      const plan = planFor(op.courseId, op.meeting);
      updateOps.set(plan.key, [...(updateOps.get(plan.key) ?? []), op]);
    } else if (op.kind === 'meeting.delete') {
      planFor(op.courseId, op.meeting).delete ??= { opId: op.opId };
    } else if (op.kind === 'record.set' || op.kind === 'record.clear') {
      const plan = planFor(op.courseId, op.meeting);
      const byUser = recordOps.get(plan.key) ?? new Map<string, RecordOp[]>();
      byUser.set(op.userId, [...(byUser.get(op.userId) ?? []), op]);
      recordOps.set(plan.key, byUser);
    }
  }

  for (const plan of plans.values()) {
    const updates = updateOps.get(plan.key) ?? [];
    const deleted = plan.delete?.opId;
    if (deleted) {
      // Nothing but the delete is sent: everything else on this meeting follows it.
      if (plan.create) followers.push({ opId: plan.create.opId, leader: deleted, mode: 'supersede' });
      for (const u of updates) followers.push({ opId: u.opId, leader: deleted, mode: 'supersede' });
      for (const list of recordOps.get(plan.key)?.values() ?? []) for (const r of list) followers.push({ opId: r.opId, leader: deleted, mode: 'supersede' });
      continue;
    }
    if (updates.length > 0) {
      const fields = Object.assign({}, ...updates.map((u) => u.fields)) as Partial<MeetingFields>;
      if (plan.create) {
        plan.create.fields = { ...plan.create.fields, ...dropUndefined(fields) };
        for (const u of updates) followers.push({ opId: u.opId, leader: plan.create.opId, mode: 'share' });
      } else {
        const [lead, ...rest] = updates.map((u) => u.opId) as [string, ...string[]];
        plan.update = { opIds: [lead, ...rest], fields };
        for (const opId of rest) followers.push({ opId, leader: lead, mode: 'share' });
      }
    }
    for (const [userId, list] of recordOps.get(plan.key) ?? []) {
      const last = list[list.length - 1]!;
      const acceptable = new Set<LearnStatus | null>([last.baseStatus, ...list.map((r) => r.baseStatus)]);
      for (const earlier of list.slice(0, -1)) {
        acceptable.add(earlier.kind === 'record.set' ? earlier.status : null);
        followers.push({ opId: earlier.opId, leader: last.opId, mode: 'supersede' });
      }
      if (last.kind === 'record.set') plan.records.push({ userId, status: last.status, opId: last.opId, acceptable: [...acceptable] });
      else plan.clears.push({ userId, opId: last.opId, acceptable: [...acceptable].filter((s): s is LearnStatus => s !== null) });
    }
  }
  return { meetings: [...plans.values()], followers };
}

function dropUndefined<T extends object>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;
}
