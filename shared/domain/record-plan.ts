import type { AttendanceStatus, LearnStatus } from '../api/attendance';
import { bulkOptions } from './bulk-choice';
import type { RecordIntent } from './coalesce';

/**
 * What to send for one meeting's records, decided from what the server holds now (read just
 * before). Pure, so the conflict and bulk rules are tested without a server.
 *
 * Per record: the server already at the target -> done; the server at a value this device did
 * not expect (not its base, not one of its own earlier statuses) -> conflict, never overwritten;
 * else a write (POST when there is no record, PATCH otherwise).
 *
 * The bulk operation sets every student on the roll; the cheapest one (bulk-choice.ts: any
 * status, plurality or not) is used when it is fewer requests than the writes and
 * - no record of the meeting is in conflict (a bulk would overwrite it),
 * - every student has a status after this push (the bulk must not mark someone nobody marked),
 * - every student it moves away from their status has an op in the push that stands behind
 *   putting them back: their own write, or a re-assert (an op already done on Learn whose
 *   accepted values include the bulk's status, so that a failed PATCH after the bulk is a plain
 *   write next time). A student with no such op is never moved: the PATCH putting them back
 *   would have no outbox op behind it, and if it failed nothing queued would mend Learn.
 */

export interface ServerRecord {
  id: number;
  /** Possibly a status Rollbook does not know: it matches no intent and no base (a conflict, never overwritten). */
  status: LearnStatus;
}

export type RecordDecision =
  | { intent: RecordIntent; kind: 'done'; server: ServerRecord }
  | { intent: RecordIntent; kind: 'conflict'; server: ServerRecord | undefined }
  | { intent: RecordIntent; kind: 'write'; method: 'POST' | 'PATCH' };

export type RecordWrite = Extract<RecordDecision, { kind: 'write' }>;

export interface BulkPlan {
  status: AttendanceStatus;
  /**
   * PATCHed after the bulk, each for the op that asked for it; `reassert`: the op's status was
   * already on Learn (its decision was 'done'), and only the bulk makes the PATCH necessary.
   */
  exceptions: { userId: string; status: AttendanceStatus; opId: string; reassert: boolean }[];
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
function finalStatuses(decisions: readonly RecordDecision[], server: ReadonlyMap<string, ServerRecord>): Map<string, LearnStatus> {
  const final = new Map<string, LearnStatus>();
  for (const [userId, r] of server) final.set(userId, r.status);
  for (const d of decisions) if (d.kind === 'write') final.set(d.intent.userId, d.intent.status);
  return final;
}

function writersOf(decisions: readonly RecordDecision[]): Set<string> {
  return new Set(decisions.filter((d) => d.kind === 'write').map((d) => d.intent.userId));
}

/**
 * Whether reading the roster could pay off: the bulk's cost with the roll taken as the users the
 * meeting already knows of (a lower bound: more students only add exceptions or forbid the bulk),
 * plus `rosterCost` for reading the roster, against the writes.
 */
export function bulkMightPay(decisions: readonly RecordDecision[], server: ReadonlyMap<string, ServerRecord>, rosterCost: number): boolean {
  const writers = writersOf(decisions);
  if (writers.size < 2 || decisions.some((d) => d.kind === 'conflict')) return false;
  const final = finalStatuses(decisions, server);
  const best = bulkOptions({ students: [...final.keys()], final, writers })[0];
  return best !== undefined && best.cost + rosterCost < writers.size;
}

/** The bulk plan for this meeting, or undefined when per-record writes are the rule (see the file comment). */
export function chooseBulk(decisions: readonly RecordDecision[], server: ReadonlyMap<string, ServerRecord>, students: readonly string[], offRollTouched = 0): BulkPlan | undefined {
  if (decisions.some((d) => d.kind === 'conflict')) return undefined;
  const final = finalStatuses(decisions, server);
  const writers = writersOf(decisions);
  const writeOf = new Map(decisions.filter((d) => d.kind === 'write').map((d) => [d.intent.userId, d.intent]));
  const doneOf = new Map(decisions.filter((d) => d.kind === 'done').map((d) => [d.intent.userId, d.intent]));
  const roll = new Set(students);
  for (const option of bulkOptions({ students, final, writers, offRollTouched })) {
    const exceptions: BulkPlan['exceptions'] = [];
    for (const userId of option.away) {
      const own = writeOf.get(userId);
      const reassert = doneOf.get(userId);
      if (own) exceptions.push({ userId, status: own.status, opId: own.opId, reassert: false });
      else if (reassert?.acceptable.includes(option.status)) exceptions.push({ userId, status: reassert.status, opId: reassert.opId, reassert: true });
      else break; // the bulk would move a student nobody asked to put back
    }
    if (exceptions.length < option.away.length) continue;
    const outside = decisions.filter((d): d is RecordWrite => d.kind === 'write' && !roll.has(d.intent.userId));
    return { status: option.status, exceptions, outside };
  }
  return undefined;
}
