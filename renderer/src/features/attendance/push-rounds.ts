import { cutPush, PUSH_BUDGET, type PushBudget } from '../../../../shared/domain/push-batch';
import type { OpResult, OutboxOp } from '../../../../shared/domain/outbox';
import { inSlices, yieldToPage, type OutboxRepo } from '../../db';

export interface RoundEvents {
  /** A push was answered and applied: ops sent so far, and how many waited beyond them. */
  onRound?: (round: { sent: number; left: number }) => void;
  /**
   * A push was answered: `last` when nothing else waited, so Learn's part of the sync is over and
   * what follows is this device storing the answers (`onLanding` as they land).
   */
  onAnswer?: (answer: { results: number; last: boolean }) => void;
  onLanding?: (landed: number, total: number) => void;
}

/**
 * One sync: the outbox sent in pushes of bounded size (shared/domain/push-batch.ts), each push's
 * results applied before the next is read, so later ops already name what earlier pushes created.
 * An op is sent at most once per sync: one that failed and may be retried waits for the next
 * sync, rather than being sent again and again now. `plan` runs before each push with the ops
 * it would send and may queue more of the same meetings (re-asserts, db/reassert-repo.ts): the
 * push is then cut again from the outbox, so what it queued goes in the same push as its meeting.
 */
export async function pushInRounds(
  outbox: Pick<OutboxRepo, 'pending' | 'applyResults'>,
  push: (ops: OutboxOp[]) => Promise<OpResult[]>,
  options: {
    budget?: PushBudget;
    /** Before each push, may queue more ops of the same meetings (re-asserts): the push is then cut again. */
    plan?: (ops: readonly OutboxOp[]) => Promise<number>;
    /**
     * Asked before each round: which ops held for a later day go now (outbox-repo `pending`).
     * Asked again each round, so a push that shows the site's day has turned lets them go at once.
     */
    released?: () => Promise<(heldUntil: string) => boolean>;
  } & RoundEvents = {},
): Promise<{ pushes: number; sent: number }> {
  const tried = new Set<string>();
  let pushes = 0;
  let sent = 0;
  for (;;) {
    const released = options.released ? await options.released() : undefined;
    let waiting = (await outbox.pending(released)).filter((op) => !tried.has(op.opId));
    if (waiting.length === 0) return { pushes, sent };
    // Reading the outbox, cutting the push (a slice of time a task) and planning it each take tasks
    // of their own: a term's import is 12,000 ops, and the three in one task held the page for a fifth of a second.
    await yieldToPage();
    let ops = await inSlices(cutPush(waiting, options.budget ?? PUSH_BUDGET));
    await yieldToPage();
    if (options.plan && (await options.plan(ops)) > 0) {
      waiting = (await outbox.pending(released)).filter((op) => !tried.has(op.opId));
      await yieldToPage();
      ops = await inSlices(cutPush(waiting, options.budget ?? PUSH_BUDGET));
    }
    for (const op of ops) tried.add(op.opId);
    const results = await push(ops);
    options.onAnswer?.({ results: results.length, last: ops.length === waiting.length });
    await outbox.applyResults(results, options.onLanding);
    pushes++;
    sent += ops.length;
    options.onRound?.({ sent, left: waiting.length - ops.length });
  }
}
