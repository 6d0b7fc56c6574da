import { ApiError } from '../http/api-error';
import { DEFAULT_RETRY_POLICY, decideRetry, type RetryPolicy } from '../http/retry-policy';

/**
 * Repeats a POST the engine knows to be safe to repeat (the bulk status, a record create that is
 * reconciled by reading the record when a repeat fails, a meeting create after looking it up first). The HTTP client never repeats
 * a POST, because in general it cannot know; the engine can. The schedule is the one retry policy
 * (http/retry-policy.ts), asked as if the method were safe to repeat.
 */
export async function repeatPost<T>(
  attemptOnce: (attempt: number) => Promise<T>,
  options: { signal?: AbortSignal; policy?: RetryPolicy } = {},
): Promise<T> {
  const policy = options.policy ?? DEFAULT_RETRY_POLICY;
  for (let attempt = 1; ; attempt++) {
    try {
      return await attemptOnce(attempt);
    } catch (error) {
      if (!(error instanceof ApiError) || options.signal?.aborted) throw error;
      const failure =
        error.kind === 'http' && error.status !== undefined
          ? {
              kind: 'status' as const,
              status: error.status,
              retryAfter: error.retryAfterMs === undefined ? null : String(Math.ceil(error.retryAfterMs / 1000)),
              // The site's quota used up (or kept for the instructor): refused until the reset, never repeated.
              quota: error.rateLimit === 'used-up' || error.rateLimit === 'reserve',
            }
          : error.kind === 'network' || error.kind === 'timeout'
            ? { kind: error.kind }
            : undefined;
      if (!failure) throw error;
      const decision = decideRetry({ method: 'PUT', attempt, failure }, policy, Date.now(), Math.random);
      if (!decision.retry) throw error;
      await sleep(decision.delayMs, options.signal);
    }
  }
}

function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    function done(): void {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    }
    signal?.addEventListener('abort', done, { once: true });
  });
}
