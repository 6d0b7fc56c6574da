import { meetingKey } from './coalesce';
import type { OutboxOp } from './outbox';

/**
 * How much one `sync.push` carries. The outbox can hold far more than one call should: a
 * 100,000-row CSV import queues 100,000 ops, and an assignment change carries its files. Browser
 * mode refuses IPC bodies over 1 MiB and the contract over 20,000 ops, so sync sends the outbox
 * in pushes of at most this much, each applied before the next is read (so a meeting or a folder
 * created by one push is named by its Learn id in the next).
 */
export interface PushBudget {
  maxOps: number;
  /** JSON bytes (UTF-8) of the ops of one push. */
  maxBytes: number;
}
export const PUSH_BUDGET: PushBudget = { maxOps: 5_000, maxBytes: 900 * 1024 };

const encoder = new TextEncoder();
const bytesOf = (op: OutboxOp): number => encoder.encode(JSON.stringify(op)).length + 1;
/**
 * The same sum as each op's `bytesOf`, from one JSON text of the whole group (its brackets and
 * commas make up the ones): a term's import is 4,800 ops a push, and one text an op held the page
 * for a tenth of a second.
 */
const groupBytes = (group: readonly OutboxOp[]): number => encoder.encode(JSON.stringify(group)).length - 1;

/** Ops that belong in one push: a meeting with all its ops (the engine plans a meeting as a whole), or one content change. */
function groupKey(op: OutboxOp): string {
  if (op.kind === 'change') return `change:${op.opId}`;
  if (op.kind === 'meeting.create') return meetingKey({ localId: op.localMeetingId });
  return meetingKey(op.meeting);
}

/**
 * The next push: the first ops in outbox order, whole meetings at a time (in the order each was
 * first touched), stopping at the first meeting or change that would not fit, so the user's
 * order is kept. A single meeting larger than the budget is split (the engine handles part of a
 * meeting's records; it only loses the bulk write for that push). Never empty when `ops` is not.
 */
export function nextPush(ops: readonly OutboxOp[], budget: PushBudget = PUSH_BUDGET): OutboxOp[] {
  const steps = cutPush(ops, budget);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/** Ops between two pauses of `cutPush`. */
const OPS_PER_STEP = 500;

/**
 * `nextPush` in steps: it pauses (yields) every few hundred ops and after each meeting it sizes,
 * so the page can cut a term's import (12,000 ops) a slice of time a task; its value is the push.
 */
export function* cutPush(ops: readonly OutboxOp[], budget: PushBudget = PUSH_BUDGET): Generator<void, OutboxOp[]> {
  const groups = new Map<string, OutboxOp[]>();
  for (const [i, op] of ops.entries()) {
    if (i % OPS_PER_STEP === OPS_PER_STEP - 1) yield;
    const key = groupKey(op);
    const group = groups.get(key);
    if (group) group.push(op);
    else groups.set(key, [op]);
  }
  const batch: OutboxOp[] = [];
  let bytes = 0;
  for (const group of groups.values()) {
    yield;
    const size = groupBytes(group);
    if (batch.length + group.length <= budget.maxOps && bytes + size <= budget.maxBytes) {
      batch.push(...group);
      bytes += size;
      continue;
    }
    if (batch.length > 0) break;
    // One meeting alone is over the budget: send as much of it as fits, in order.
    for (const op of group) {
      const b = bytesOf(op);
      if (batch.length > 0 && (batch.length + 1 > budget.maxOps || bytes + b > budget.maxBytes)) break;
      batch.push(op);
      bytes += b;
    }
    break;
  }
  // Outbox order within the push, as the engine expects (coalescing reads it in order).
  // One pass over the outbox rather than a sort: a term's import is 12,000 ops, cut on the main thread.
  const chosen = new Set(batch);
  const out: OutboxOp[] = [];
  for (const [i, op] of ops.entries()) {
    if (i % OPS_PER_STEP === OPS_PER_STEP - 1) yield;
    if (chosen.has(op)) out.push(op);
  }
  return out;
}
