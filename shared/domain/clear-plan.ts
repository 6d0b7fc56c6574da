import type { RecordClear } from './coalesce';
import type { ServerRecord } from './record-plan';

/**
 * What to send for one meeting's clears (an undo's deletes), decided from what Learn holds now.
 * Pure, so the rule is property-tested without a server:
 * - Learn holds no record: done, nothing sent;
 * - Learn holds a status this device did not set or read (changed in Learn since): kept as it is,
 *   never deleted;
 * - else deleted. When the deletes are every record Learn holds at the meeting, and more than one,
 *   seed 001's "Delete all records of a meeting" takes them off in one request; otherwise one
 *   "Delete record" each.
 */
export interface ClearPlan {
  done: RecordClear[];
  kept: { clear: RecordClear; server: ServerRecord }[];
  deletes: { clear: RecordClear; server: ServerRecord }[];
  /** The deletes go as one delete of all the meeting's records. */
  all: boolean;
}

export function planClears(clears: readonly RecordClear[], server: ReadonlyMap<string, ServerRecord>): ClearPlan {
  const plan: ClearPlan = { done: [], kept: [], deletes: [], all: false };
  for (const clear of clears) {
    const now = server.get(clear.userId);
    if (!now) plan.done.push(clear);
    else if (clear.acceptable.includes(now.status)) plan.deletes.push({ clear, server: now });
    else plan.kept.push({ clear, server: now });
  }
  plan.all = plan.deletes.length > 1 && plan.deletes.length === server.size;
  return plan;
}

/** Learn requests the plan sends (the read before it not counted). */
export function clearRequests(plan: ClearPlan): number {
  return plan.all ? 1 : plan.deletes.length;
}
