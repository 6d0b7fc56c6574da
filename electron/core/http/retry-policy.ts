/**
 * The one retry policy, as pure functions so the schedule is unit-tested without waiting:
 * which failures are retried, for which methods, after how long, and when to give up.
 *
 * - Retried: HTTP 429, 502, 503, 504, a network failure (connection refused, reset or dropped)
 *   and a time-out — only for methods safe to repeat (GET, HEAD, OPTIONS, PUT, PATCH, DELETE).
 *   A POST is never repeated here: its outcome may be unknown, and the caller reconciles.
 * - Reads (GET, HEAD, OPTIONS) are also retried on a 500 or any other 5xx but 501 and 505 (which
 *   say the request will never work): a read changes nothing, and one 500 on reading a meeting's
 *   records must not fail every change of that meeting. Writes keep the narrower list: a 500 on a
 *   write may mean it was applied, and its caller decides.
 * - Delay: exponential backoff with "equal jitter" (half fixed, half random), so two clients that
 *   failed together do not retry together, yet every wait has a floor.
 * - `Retry-After` (seconds or an HTTP date) wins over the backoff when present. A wait longer than
 *   `maxRetryAfterMs` is not slept through: the failure surfaces with the wait in the error.
 * - A 429 that says the site's daily quota is used up is never retried: every try until the reset
 *   is refused, and costs the whole institution a request (http-client.ts closes the site's gate).
 */

export interface RetryPolicy {
  /** Attempts in all, the first included (4 = one try and up to three retries). */
  maxAttempts: number;
  /** Backoff before the first retry, before jitter; doubles on each further retry. */
  baseDelayMs: number;
  /** Ceiling of one backoff wait (Retry-After is capped separately). */
  maxDelayMs: number;
  /** Longest Retry-After the client sleeps through; longer ones surface as an error. */
  maxRetryAfterMs: number;
  /** Statuses that mean "try again later". */
  retryStatuses: readonly number[];
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = {
  maxAttempts: 4,
  baseDelayMs: 500,
  maxDelayMs: 20_000,
  maxRetryAfterMs: 120_000,
  retryStatuses: [429, 502, 503, 504],
};

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);
const NEVER_WORKS = new Set([501, 505]);

/** Whether a status is worth another try for this method. */
function retryableStatus(method: string, status: number, policy: RetryPolicy): boolean {
  if (policy.retryStatuses.includes(status)) return true;
  return READS.has(method.toUpperCase()) && status >= 500 && status <= 599 && !NEVER_WORKS.has(status);
}

/** Methods whose repetition leaves the server as one request would (RFC 9110 §9.2.2). */
const SAFE_TO_REPEAT = new Set(['GET', 'HEAD', 'OPTIONS', 'PUT', 'PATCH', 'DELETE']);

/**
 * True for GET, HEAD, OPTIONS, PUT, PATCH and DELETE. PATCH is not idempotent in general, but
 * every PATCH Rollbook sends sets fields to values (never increments), so repeating it is safe.
 */
export function isSafeToRepeat(method: string): boolean {
  return SAFE_TO_REPEAT.has(method.toUpperCase());
}

/**
 * `Retry-After` in milliseconds from `nowMs`: delta-seconds (`120`) or an HTTP date
 * (`Wed, 21 Oct 2015 07:28:00 GMT`). A date in the past is 0. Missing or unreadable is undefined.
 */
export function parseRetryAfter(header: string | null | undefined, nowMs: number): number | undefined {
  if (header == null) return undefined;
  const value = header.trim();
  if (value === '') return undefined;
  if (/^\d+$/.test(value)) return Number(value) * 1000;
  // Only RFC 9110's three date forms: Date.parse alone also reads "12" or "1.5" as dates.
  const asctime = /^[A-Za-z]{3} [A-Za-z]{3} +\d{1,2} \d\d:\d\d:\d\d \d{4}$/.test(value);
  if (!asctime && !/^[A-Za-z]{3,9}, .* GMT$/.test(value)) return undefined;
  // asctime has no zone and means GMT; Date.parse would read it as local time.
  const at = Date.parse(asctime ? `${value} GMT` : value);
  if (Number.isNaN(at)) return undefined;
  return Math.max(0, at - nowMs);
}

/** Backoff before retry number `retry` (1 for the first retry), with equal jitter from `random` in [0, 1). */
export function backoffDelay(retry: number, policy: RetryPolicy, random: () => number): number {
  const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** Math.max(0, retry - 1));
  const half = ceiling / 2;
  return Math.round(half + random() * half);
}

/** What went wrong with one attempt, as far as retrying cares. */
export type AttemptFailure =
  /** `quota`: a 429 that says the site's daily quota is used up: never retried (it would be refused until the reset). */
  | { kind: 'status'; status: number; retryAfter?: string | null; quota?: boolean }
  | { kind: 'network' }
  | { kind: 'timeout' };

export type RetryDecision =
  | { retry: true; delayMs: number; reason: string }
  | { retry: false; why: 'not-retryable' | 'not-safe-to-repeat' | 'attempts-exhausted' | 'quota-used-up' }
  | { retry: false; why: 'retry-after-too-long'; retryAfterMs: number };

export interface RetryInput {
  method: string;
  /** The attempt that just failed (1 for the first). */
  attempt: number;
  failure: AttemptFailure;
  /** False when the request body cannot be sent twice (a one-shot stream). */
  repeatableBody?: boolean;
}

/** Decides whether and when to try again after a failed attempt. Pure: time and chance come in. */
export function decideRetry(input: RetryInput, policy: RetryPolicy, nowMs: number, random: () => number): RetryDecision {
  const { failure } = input;
  if (failure.kind === 'status' && failure.quota === true) return { retry: false, why: 'quota-used-up' };
  if (failure.kind === 'status' && !retryableStatus(input.method, failure.status, policy)) return { retry: false, why: 'not-retryable' };
  if (!isSafeToRepeat(input.method) || input.repeatableBody === false) return { retry: false, why: 'not-safe-to-repeat' };
  if (input.attempt >= policy.maxAttempts) return { retry: false, why: 'attempts-exhausted' };
  const reason = failure.kind === 'status' ? `HTTP ${failure.status}` : failure.kind;
  const backoff = backoffDelay(input.attempt, policy, random);
  if (failure.kind === 'status') {
    const retryAfterMs = parseRetryAfter(failure.retryAfter, nowMs);
    if (retryAfterMs !== undefined) {
      if (retryAfterMs > policy.maxRetryAfterMs) return { retry: false, why: 'retry-after-too-long', retryAfterMs };
      // The server's wait is a floor; a bit of jitter on top spreads clients that were told the same.
      return { retry: true, delayMs: retryAfterMs + Math.round(random() * Math.min(1000, policy.baseDelayMs)), reason };
    }
  }
  return { retry: true, delayMs: backoff, reason };
}
