import { nextPush, PUSH_BUDGET, type PushBudget } from '../../../../shared/domain/push-batch';
import type { OpResult, OutboxOp } from '../../../../shared/domain/outbox';
import type { OutboxRepo } from '../../db';

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
  options: { budget?: PushBudget; onRound?: (round: { sent: number; left: number }) => void; plan?: (ops: readonly OutboxOp[]) => Promise<number> } = {},
): Promise<{ pushes: number; sent: number }> {
  const tried = new Set<string>();
  let pushes = 0;
  let sent = 0;
  for (;;) {
    let waiting = (await outbox.pending()).filter((op) => !tried.has(op.opId));
    if (waiting.length === 0) return { pushes, sent };
    let ops = nextPush(waiting, options.budget ?? PUSH_BUDGET);
    if (options.plan && (await options.plan(ops)) > 0) {
      waiting = (await outbox.pending()).filter((op) => !tried.has(op.opId));
      ops = nextPush(waiting, options.budget ?? PUSH_BUDGET);
    }
    for (const op of ops) tried.add(op.opId);
    await outbox.applyResults(await push(ops));
    pushes++;
    sent += ops.length;
    options.onRound?.({ sent, left: waiting.length - ops.length });
  }
}
