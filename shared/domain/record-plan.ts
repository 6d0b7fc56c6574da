import type { AttendanceStatus } from '../api/attendance';
import type { RecordIntent } from './coalesce';

/**
 * What to send for one meeting's records, decided from what the server holds now (read just
 * before). Pure, so the conflict and bulk rules are tested without a server.
 *
 * Per record: the server already at the target -> done; the server at a value this device did
 * not expect (not its base, not one of its own earlier statuses) -> conflict, never overwritten;
 * else a write (POST when there is no record, PATCH otherwise).
 *
 * The bulk operation sets every student on the roll, so it is used only when
 * - no record of the meeting is in conflict (a bulk would overwrite it),
 * - every student has a status after this push (the bulk must not mark someone nobody marked),
 * - most students (more than half) end with one status B, and
 * - 1 bulk + one PATCH per student not ending at B is fewer requests than the writes alone, and
 * - the bulk moves nobody away from a status nobody asked to change. Putting such a student back
 *   would take a PATCH that no outbox op stands behind: if it failed, nothing queued would ever
 *   mend Learn (the property test found exactly this under faults).
 */

export interface ServerRecord {
  id: number;
  status: AttendanceStatus;
}

export type RecordDecision =
  | { intent: RecordIntent; kind: 'done'; server: ServerRecord }
  | { intent: RecordIntent; kind: 'conflict'; server: ServerRecord | undefined }
  | { intent: RecordIntent; kind: 'write'; method: 'POST' | 'PATCH' };

export type RecordWrite = Extract<RecordDecision, { kind: 'write' }>;

export interface BulkPlan {
  status: AttendanceStatus;
  /** PATCHed after the bulk, each for the user's op that asked for it. */
  exceptions: { userId: string; status: AttendanceStatus; opId: string }[];
  /** Writes for users the bulk does not cover (not on the roll): sent as usual. */
  outside: RecordWrite[];
}

export function decideRecords(intents: readonly RecordIntent[], server: ReadonlyMap<string, ServerRecord>): RecordDecision[] {
  return intents.map((intent): RecordDecision => {
    const now = server.get(intent.userId);
    if (now?.status === intent.status) return { intent, kind: 'done', server: now };
    if (!intent.acceptable.includes(now?.status ?? null)) return { intent, kind: 'conflict', server: now };
    return { intent, kind: 'write', method: now ? 'PATCH' : 'POST' };
  });
}

/** Each user's status after the writes, for every user the meeting knows of. */
function finalStatuses(decisions: readonly RecordDecision[], server: ReadonlyMap<string, ServerRecord>): Map<string, AttendanceStatus> {
  const final = new Map<string, AttendanceStatus>();
  for (const [userId, r] of server) final.set(userId, r.status);
  for (const d of decisions) if (d.kind === 'write') final.set(d.intent.userId, d.intent.status);
  return final;
}

function majority(statuses: Iterable<AttendanceStatus>): { status: AttendanceStatus; count: number } | undefined {
  const counts = new Map<AttendanceStatus, number>();
  for (const s of statuses) counts.set(s, (counts.get(s) ?? 0) + 1);
  let best: { status: AttendanceStatus; count: number } | undefined;
  for (const [status, count] of counts) if (!best || count > best.count) best = { status, count };
  return best;
}

/**
 * Whether reading the roster could pay off: a lower bound on the bulk's cost (1 bulk + the users
 * already known to end away from the majority + `rosterCost` for reading the roster) against the writes.
 */
export function bulkMightPay(decisions: readonly RecordDecision[], server: ReadonlyMap<string, ServerRecord>, rosterCost: number): boolean {
  const writes = decisions.filter((d) => d.kind === 'write').length;
  if (writes < 2 || decisions.some((d) => d.kind === 'conflict')) return false;
  const final = finalStatuses(decisions, server);
  const top = majority(final.values());
  if (!top) return false;
  return 1 + (final.size - top.count) + rosterCost < writes;
}

/** The bulk plan for this meeting, or undefined when per-record writes are the rule (see the file comment). */
export function chooseBulk(decisions: readonly RecordDecision[], server: ReadonlyMap<string, ServerRecord>, students: readonly string[]): BulkPlan | undefined {
  if (students.length === 0 || decisions.some((d) => d.kind === 'conflict')) return undefined;
  const final = finalStatuses(decisions, server);
  const onRoll: AttendanceStatus[] = [];
  for (const s of students) {
    const status = final.get(s);
    if (status === undefined) return undefined; // someone would be marked by the bulk alone
    onRoll.push(status);
  }
  const top = majority(onRoll);
  if (!top || top.count * 2 <= students.length) return undefined;
  const roll = new Set(students);
  const opOf = new Map(decisions.filter((d) => d.kind === 'write').map((d) => [d.intent.userId, d.intent.opId]));
  const exceptions: BulkPlan['exceptions'] = [];
  for (const userId of students.filter((s) => final.get(s) !== top.status)) {
    const opId = opOf.get(userId);
    if (opId === undefined) return undefined; // the bulk would move a student nobody asked to change
    exceptions.push({ userId, status: final.get(userId)!, opId });
  }
  const outside = decisions.filter((d): d is RecordWrite => d.kind === 'write' && !roll.has(d.intent.userId));
  const writes = decisions.filter((d) => d.kind === 'write').length;
  if (1 + exceptions.length + outside.length >= writes) return undefined;
  return { status: top.status, exceptions, outside };
}
