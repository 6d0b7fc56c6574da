import { nextPush, PUSH_BUDGET, type PushBudget } from '../../../../shared/domain/push-batch';
import type { OpResult, OutboxOp } from '../../../../shared/domain/outbox';
import type { OutboxRepo } from '../../db';

/**
 * One sync: the outbox sent in pushes of bounded size (shared/domain/push-batch.ts), each push's
 * results applied before the next is read, so later ops already name what earlier pushes created.
 * An op is sent at most once per sync: one that failed and may be retried waits for the next
 * sync, rather than being sent again and again now.
 */
export async function pushInRounds(
  outbox: Pick<OutboxRepo, 'pending' | 'applyResults'>,
  push: (ops: OutboxOp[]) => Promise<OpResult[]>,
  options: {
    budget?: PushBudget;
    onRound?: (round: { sent: number; left: number }) => void;
    /**
     * Asked before each round: which ops held for a later day go now (outbox-repo `pending`).
     * Asked again each round, so a push that shows the site's day has turned lets them go at once.
     */
    released?: () => Promise<(heldUntil: string) => boolean>;
  } = {},
): Promise<{ pushes: number; sent: number }> {
  const tried = new Set<string>();
  let pushes = 0;
  let sent = 0;
  for (;;) {
    const released = options.released ? await options.released() : undefined;
    const waiting = (await outbox.pending(released)).filter((op) => !tried.has(op.opId));
    if (waiting.length === 0) return { pushes, sent };
    const ops = nextPush(waiting, options.budget ?? PUSH_BUDGET);
    for (const op of ops) tried.add(op.opId);
    await outbox.applyResults(await push(ops));
    pushes++;
    sent += ops.length;
    options.onRound?.({ sent, left: waiting.length - ops.length });
  }
}
