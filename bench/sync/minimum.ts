import type { AttendanceStatus, LearnStatus } from '../../shared/api/attendance';
import type { OutboxOp } from '../../shared/domain/outbox';

/**
 * The fewest requests the API rules allow for a push, computed from the data alone (the ops and
 * what the server held before), so the sync benchmark's "requests sent / minimum" is a check on
 * the engine, not the engine's own opinion of itself. Written from the rules, not from the
 * engine's code (electron/core/sync, shared/domain/record-plan.ts state the same rules):
 *
 * - A create cannot be deduplicated by Learn, so before the first create in a course the course's
 *   meetings are listed (pages of 100, at least one page): once per course and push.
 * - A meeting created in this push has no records: nothing to read. Any other meeting's records
 *   are read (pages of 100, at least one) before writing, to detect conflicts.
 * - Per user and meeting only the last status counts. No request when the server already holds
 *   it; none for a conflict (the server holds a value this device never saw or set: the user decides).
 * - Otherwise one write each (POST or PATCH), unless the bulk "set everyone" to a status B is
 *   cheaper, for whichever B is cheapest (a plurality, not a majority). It is allowed only when no
 *   record of the meeting is in conflict, every student on the roll ends with a status, and every
 *   student not ending at B has an op in the push: a write of their own, or a re-assert (an op for
 *   the status Learn already holds whose base is B) that stands behind putting them back. It then
 *   costs 1 + the read of the meeting's records after it (pages of 100 of the roll: Learn's
 *   coverage is documented as "all users in the course", so what the bulk did is checked) + one
 *   PATCH per student not at B + the writes for users not on the roll + the records off the roll
 *   the bulk touches, put back (`offRoll`: none when it covers only the students).
 * - Knowing who is on the roll takes reading the roster (pages of 100), once per course and push,
 *   counted only when the bulks it enables save more than it costs.
 * - A meeting update is one PATCH; a delete one DELETE; a create deleted in the same push sends
 *   nothing but the look-up (an earlier push may have created it and lost the answer).
 */

export interface ServerBefore {
  /** Meetings each course has before the push (for the look-before-create pages). */
  meetingCount(courseId: string): number;
  /** Records of an existing meeting before the push: userId -> status. */
  records(courseId: string, meetingId: number): ReadonlyMap<string, AttendanceStatus>;
  /** Students on the roll of the course (Student role, available). */
  roster(courseId: string): readonly string[];
  /** Users off the roll a bulk in the course sets too (members who are not available students); 0 when omitted. */
  offRoll?(courseId: string): number;
}

export interface MinimumRequests {
  total: number;
  meetingLists: number;
  creates: number;
  meetingUpdates: number;
  deletes: number;
  recordReads: number;
  rosterReads: number;
  bulks: number;
  /** The read of a meeting's records after each bulk. */
  bulkChecks: number;
  recordWrites: number;
}

export const pages = (items: number, pageSize = 100): number => Math.max(1, Math.ceil(items / pageSize));

interface MeetingOps {
  courseId: string;
  serverId?: number;
  created: boolean;
  deleted: boolean;
  updated: boolean;
  /** userId -> that user's record ops, in order. */
  records: Map<string, Extract<OutboxOp, { kind: 'record.set' }>[]>;
}

/** Per meeting: writes one by one, or the bulk's cost when it is allowed and cheaper. */
interface RecordCost {
  writes: number;
  bulk?: number;
  /** Pages of the read after the bulk (the roll and the records off it that the bulk sets). */
  check?: number;
}

export function minimumRequests(ops: readonly OutboxOp[], server: ServerBefore): MinimumRequests {
  const meetings = groupByMeeting(ops);
  const out: MinimumRequests = { total: 0, meetingLists: 0, creates: 0, meetingUpdates: 0, deletes: 0, recordReads: 0, rosterReads: 0, bulks: 0, bulkChecks: 0, recordWrites: 0 };
  const courses = new Set([...meetings.values()].map((m) => m.courseId));
  for (const courseId of courses) {
    const mine = [...meetings.values()].filter((m) => m.courseId === courseId);
    if (mine.some((m) => m.created)) out.meetingLists += pages(server.meetingCount(courseId));
    const roster = server.roster(courseId);
    const costs: RecordCost[] = [];
    for (const m of mine) {
      if (m.deleted) {
        if (m.serverId !== undefined) out.deletes++;
        continue;
      }
      if (m.created) out.creates++;
      if (m.updated && m.serverId !== undefined) out.meetingUpdates++;
      if (m.records.size === 0) continue;
      const before = m.created || m.serverId === undefined ? new Map<string, AttendanceStatus>() : server.records(courseId, m.serverId);
      if (!m.created) out.recordReads += pages(before.size);
      costs.push(recordCost(m, before, roster, server.offRoll?.(courseId) ?? 0));
    }
    const oneByOne = costs.reduce((n, c) => n + c.writes, 0);
    const withBulks = pages(roster.length) + costs.reduce((n, c) => n + Math.min(c.writes, c.bulk ?? Infinity), 0);
    if (costs.some((c) => c.bulk !== undefined) && withBulks < oneByOne) {
      out.rosterReads += pages(roster.length);
      for (const c of costs) {
        if (c.bulk !== undefined && c.bulk < c.writes) {
          out.bulks++;
          out.bulkChecks += c.check ?? 0;
          out.recordWrites += c.bulk - 1 - (c.check ?? 0);
        } else out.recordWrites += c.writes;
      }
    } else out.recordWrites += oneByOne;
  }
  out.total = out.meetingLists + out.creates + out.meetingUpdates + out.deletes + out.recordReads + out.rosterReads + out.bulks + out.bulkChecks + out.recordWrites;
  return out;
}

function recordCost(m: MeetingOps, before: ReadonlyMap<string, AttendanceStatus>, roster: readonly string[], offRoll: number): RecordCost {
  const end = new Map(before);
  const writers = new Set<string>();
  /** Per user, the statuses Learn may hold without a conflict (bases and earlier statuses of the push). */
  const accepts = new Map<string, Set<LearnStatus | null>>();
  let conflict = false;
  for (const [userId, list] of m.records) {
    const last = list[list.length - 1]!;
    const now = before.get(userId) ?? null;
    const mine = new Set<LearnStatus | null>([...list.map((r) => r.baseStatus), ...list.slice(0, -1).map((r) => r.status)]);
    accepts.set(userId, mine);
    if (now === last.status) continue;
    if (!mine.has(now)) {
      conflict = true;
      continue;
    }
    writers.add(userId);
    end.set(userId, last.status);
  }
  const writes = writers.size;
  if (conflict || roster.length === 0) return { writes };
  const counts = new Map<AttendanceStatus, number>();
  for (const userId of roster) {
    const status = end.get(userId);
    if (status === undefined) return { writes }; // the bulk would mark someone nobody marked
    counts.set(status, (counts.get(status) ?? 0) + 1);
  }
  const onRoll = new Set(roster);
  const outside = [...writers].filter((u) => !onRoll.has(u)).length;
  let best: number | undefined;
  for (const [status, count] of counts) {
    const away = roster.filter((u) => end.get(u) !== status);
    // Everyone the bulk moves needs an op behind putting them back: their own write or a re-assert.
    if (away.some((u) => !writers.has(u) && !accepts.get(u)?.has(status))) continue;
    const cost = 1 + pages(roster.length + offRoll) + (roster.length - count) + outside + offRoll;
    if (best === undefined || cost < best) best = cost;
  }
  return best === undefined ? { writes } : { writes, bulk: best, check: pages(roster.length + offRoll) };
}

function groupByMeeting(ops: readonly OutboxOp[]): Map<string, MeetingOps> {
  const meetings = new Map<string, MeetingOps>();
  const of = (courseId: string, ref: { serverId: number } | { localId: string }): MeetingOps => {
    const key = 'serverId' in ref ? `server:${ref.serverId}` : `local:${ref.localId}`;
    let m = meetings.get(key);
    if (!m) {
      m = { courseId, created: false, deleted: false, updated: false, records: new Map(), ...('serverId' in ref ? { serverId: ref.serverId } : {}) };
      meetings.set(key, m);
    }
    return m;
  };
  for (const op of ops) {
    if (op.kind === 'meeting.create') of(op.courseId, { localId: op.localMeetingId }).created = true;
    else if (op.kind === 'meeting.update') of(op.courseId, op.meeting).updated = true;
    else if (op.kind === 'meeting.delete') of(op.courseId, op.meeting).deleted = true;
    else if (op.kind === 'record.set') {
      const m = of(op.courseId, op.meeting);
      m.records.set(op.userId, [...(m.records.get(op.userId) ?? []), op]);
    }
  }
  return meetings;
}
