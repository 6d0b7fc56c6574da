import type { Follower } from '../../../shared/domain/coalesce';
import type { OpResult, OutboxOp } from '../../../shared/domain/outbox';
import { SignInRequiredError } from '../auth/access-token';
import { ApiError } from '../http/api-error';

/**
 * The results of one push: one per op, in input order. Ops the plan folded into others take their
 * leader's result (shared, or "superseded" once the leader landed; a failed leader fails its
 * followers too, so nothing is dropped before it reached Learn). An op nobody settled (the push
 * stopped first) fails as retryable: it is sent again next time.
 */
export class ResultBook {
  readonly #results = new Map<string, OpResult>();

  set(result: OpResult): void {
    this.#results.set(result.opId, result);
  }

  has(opId: string): boolean {
    return this.#results.has(opId);
  }

  /** Records a failure; `what` names the thing in the user's words ("Absent for jsmith at "Lecture 12" (2 Sep)"). */
  fail(opId: string, what: string, error: unknown): void {
    this.set({ opId, outcome: 'failed', ...failureOf(what, error) });
  }

  finish(ops: readonly OutboxOp[], followers: readonly Follower[], stopReason: string | undefined): OpResult[] {
    const leaderOf = new Map(followers.map((f) => [f.opId, f]));
    const resolve = (opId: string, seen: Set<string>): OpResult => {
      const own = this.#results.get(opId);
      if (own) return own;
      const follower = leaderOf.get(opId);
      if (follower && !seen.has(opId)) {
        const leader = resolve(follower.leader, seen.add(opId));
        if (leader.outcome === 'failed') return { ...leader, opId };
        if (follower.mode === 'supersede') return { opId, outcome: 'superseded', by: follower.leader };
        return { ...leader, opId };
      }
      return {
        opId,
        outcome: 'failed',
        retryable: true,
        message: stopReason ?? 'Not sent yet: sync stopped before this change was sent. It will be sent next time.',
      };
    };
    return ops.map((op) => resolve(op.opId, new Set()));
  }
}

/** Whether trying again later can help, and a message naming the thing and the fix. */
export function failureOf(what: string, error: unknown): { retryable: boolean; message: string } {
  if (error instanceof SignInRequiredError) return { retryable: true, message: `${what}: not sent. ${error.message}` };
  if (error instanceof ApiError) {
    const retryable =
      error.kind === 'network' || error.kind === 'timeout' || error.kind === 'aborted' || (error.kind === 'http' && (error.status === 429 || (error.status ?? 0) >= 500));
    const next = retryable ? ' It will be sent again at the next sync.' : '';
    return { retryable, message: `${what}: ${error.message}${next}` };
  }
  const text = error instanceof Error ? error.message : String(error);
  return { retryable: true, message: `${what}: ${text}. It will be sent again at the next sync.` };
}
