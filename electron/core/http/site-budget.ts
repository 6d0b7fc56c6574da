import type { RequestBudget } from '../../../shared/ipc/budget-channels';
import type { RateLimitReason } from './api-error';
import { readQuotaHeaders, reserveOf } from './quota-headers';
import { parseRetryAfter } from './retry-policy';

/**
 * One Learn site's request budget and its gate. Learn's quota is the site's, shared by every user
 * of the application (groups-quotas-rates.md), so the budget is kept per site origin, not per
 * request: every answer updates it, and a refusal closes the gate for every request to the site.
 *
 * - A 429 closes the gate until the later of its Retry-After and, when the quota is used up
 *   (Remaining 0, or the 429 says so), the reset. With neither (a burst), for a backoff that
 *   grows with each burst in a row. While closed, nothing is sent to the site.
 * - Known to be at 0 (the last answer said so): nothing is sent until the reset.
 * - Below the reserve (5 % of the limit), background reads are not sent; the instructor's own
 *   writes and the reads they asked for still go.
 * A budget whose reset has passed counts as unknown (a new period began). Pure: time comes in.
 */

export type RequestPriority = 'background' | 'user';

/** What is known of the site's quota, and since when (ms since the epoch). */
export interface KnownBudget {
  limit: number;
  remaining: number;
  resetAtMs: number;
  observedAtMs: number;
}

/** The gate closed: why, and until when (ms). */
export interface Closure {
  reason: 'used-up' | 'slow-down';
  untilMs: number;
}

export type Admission = { go: true } | { go: false; waitMs: number } | { go: false; refused: { reason: RateLimitReason; retryAtMs: number } };

/** What the budget keeps between launches. */
export interface KeptBudget {
  known?: KnownBudget | undefined;
  closure?: Closure | undefined;
}

const DAY_MS = 24 * 60 * 60 * 1000;
/** A used-up 429 that names no reset (no quota headers, none seen before): this long before asking again. */
const UNKNOWN_RESET_WAIT_MS = 15 * 60_000;
/** A reset this much later than the one known is a new period; closer ones are the same reset read again. */
const SAME_RESET_MS = 60_000;
/** A refusal's own words that say the quota, not a burst, is the cause (the sandbox's and Learn's wording). */
const SAYS_QUOTA = /\bquota\b|\bdaily\b/i;

export class SiteBudget {
  #known: KnownBudget | undefined;
  #closure: Closure | undefined;
  /** 429s without Retry-After in a row, for the burst backoff. */
  #bursts = 0;

  constructor(
    kept: KeptBudget = {},
    /** Called after every change; `gate` when the gate closed or its time moved. */
    private readonly changed: (gate: boolean) => void = () => undefined,
  ) {
    this.#known = kept.known;
    this.#closure = kept.closure;
  }

  /** Whether a request may be sent now; a closure shorter than `maxWaitMs` (a burst) is waited out, a longer one refuses. */
  admit(priority: RequestPriority, nowMs: number, maxWaitMs: number): Admission {
    const closure = this.closure(nowMs);
    if (closure) {
      const waitMs = closure.untilMs - nowMs;
      if (closure.reason === 'slow-down' && waitMs <= maxWaitMs) return { go: false, waitMs };
      return { go: false, refused: { reason: closure.reason, retryAtMs: closure.untilMs } };
    }
    const known = this.current(nowMs);
    if (known && known.remaining === 0) return { go: false, refused: { reason: 'used-up', retryAtMs: known.resetAtMs } };
    if (known && priority === 'background' && known.remaining < reserveOf(known.limit)) return { go: false, refused: { reason: 'reserve', retryAtMs: known.resetAtMs } };
    return { go: true };
  }

  /**
   * Takes one answer's news: its quota headers, and for a 429 the gate's new closure, returned
   * (`burstWaitMs` gives the backoff for the n-th burst in a row). `said`: the 429's own words.
   */
  observe(answer: { status: number; headers: Headers; said?: string | undefined }, nowMs: number, burstWaitMs: (burst: number) => number): Closure | undefined {
    const reading = readQuotaHeaders(answer.headers, nowMs);
    const before = this.#known;
    if (reading) {
      const newPeriod = !before || before.resetAtMs <= nowMs || reading.limit !== before.limit || reading.resetAtMs > before.resetAtMs + SAME_RESET_MS;
      // Answers in flight together arrive in any order: within a period, the lowest count is the latest.
      const remaining = newPeriod ? reading.remaining : Math.min(before.remaining, reading.remaining);
      this.#known = { limit: reading.limit, remaining, resetAtMs: reading.resetAtMs, observedAtMs: nowMs };
    }
    if (answer.status !== 429) {
      if (answer.status < 400) this.#bursts = 0;
      if (reading) this.changed(before?.remaining !== 0 && this.#known?.remaining === 0);
      return undefined;
    }
    const known = this.current(nowMs);
    const usedUp = known?.remaining === 0 || (answer.said !== undefined && SAYS_QUOTA.test(answer.said));
    const retryAfterMs = parseRetryAfter(answer.headers.get('retry-after'), nowMs);
    let untilMs = retryAfterMs === undefined ? 0 : nowMs + retryAfterMs;
    if (usedUp) untilMs = Math.max(untilMs, known?.remaining === 0 ? known.resetAtMs : nowMs + UNKNOWN_RESET_WAIT_MS);
    const current = this.closure(nowMs);
    if (untilMs === 0) {
      // A burst: the next one in a row waits longer; 429s of requests sent together (the gate already closed) count once.
      if (!current) this.#bursts++;
      untilMs = current ? current.untilMs : nowMs + burstWaitMs(Math.max(1, this.#bursts));
    }
    const reason = usedUp || current?.reason === 'used-up' ? 'used-up' : 'slow-down';
    this.#closure = { reason, untilMs: Math.max(untilMs, current?.untilMs ?? 0) };
    this.changed(true);
    return this.#closure;
  }

  /** The gate's closure, if it is closed now. */
  closure(nowMs: number): Closure | undefined {
    return this.#closure && this.#closure.untilMs > nowMs ? this.#closure : undefined;
  }

  /** The budget known for the current period; undefined before any answer or once its reset has passed. */
  current(nowMs: number): KnownBudget | undefined {
    return this.#known && this.#known.resetAtMs > nowMs ? this.#known : undefined;
  }

  /** When the gate opens or the quota resets next: a moment the screen's figures change without an answer. */
  nextChange(nowMs: number): number | undefined {
    const times = [this.closure(nowMs)?.untilMs, this.current(nowMs)?.resetAtMs].filter((t): t is number => t !== undefined);
    return times.length > 0 ? Math.min(...times) : undefined;
  }

  kept(): KeptBudget {
    return { known: this.#known, closure: this.#closure };
  }

  /** The budget as screens show it; null before any answer. A past reset reads as a full budget until the next answer. */
  snapshot(nowMs: number): RequestBudget | null {
    const known = this.#known;
    if (!known) return null;
    const current = this.current(nowMs);
    // The vendor's period is 24 hours: a passed reset is followed by one a day later.
    const resetAtMs = current ? current.resetAtMs : known.resetAtMs + Math.ceil((nowMs - known.resetAtMs + 1) / DAY_MS) * DAY_MS;
    const blocked = Math.max(this.closure(nowMs)?.untilMs ?? 0, current?.remaining === 0 ? current.resetAtMs : 0);
    return {
      limit: known.limit,
      remaining: current ? current.remaining : known.limit,
      resetAt: new Date(resetAtMs).toISOString(),
      observedAt: new Date(known.observedAtMs).toISOString(),
      ...(blocked > nowMs ? { blockedUntil: new Date(blocked).toISOString() } : {}),
      reserve: reserveOf(known.limit),
    };
  }
}
