import type { Clock } from './clock';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * How `X-Rate-Limit-Reset` is written. The vendor's quotas page says both "the remaining time
 * before the rate limit resets" and "given in UTC epoch seconds"; the default is the first
 * (seconds to go), the other is a control (docs/api-notes/quota-and-rate-limits.md, "Rate limits").
 */
export type ResetForm = 'seconds' | 'epoch';

/** `Retry-After` on the quota's 429: none (the vendor page promises none), fixed seconds, or the time until the reset. */
export type QuotaRetryAfter = null | number | 'reset';

export interface QuotaState {
  limit: number;
  used: number;
  remaining: number;
  /** When the window ends and the budget refills (ISO, sandbox clock). */
  resetAt: string;
  resetInSeconds: number;
  resetForm: ResetForm;
  retryAfter: QuotaRetryAfter;
}

/**
 * Learn's daily request budget of one site for the developer group of its applications (10,000
 * calls a day by default). The sandbox registers one group, so one budget per world: every token,
 * user and OAuth client of the application draws on it. Reported on every Learn answer as
 * `X-Rate-Limit-Limit`, `-Remaining` and `-Reset`; past it, requests are answered 429.
 */
export class DailyQuota {
  #windowStart: number;
  #used = 0;
  resetForm: ResetForm;
  retryAfter: QuotaRetryAfter;

  constructor(
    private readonly clock: Clock,
    public limit: number,
    answers: { resetForm?: ResetForm; retryAfter?: QuotaRetryAfter } = {},
  ) {
    this.#windowStart = clock.now();
    this.resetForm = answers.resetForm ?? 'seconds';
    this.retryAfter = answers.retryAfter ?? null;
  }

  /** A new window once the last one ended (or the clock was moved back before it began). */
  #roll(): void {
    const now = this.clock.now();
    if (now - this.#windowStart >= DAY_MS || now < this.#windowStart) {
      this.#windowStart = now;
      this.#used = 0;
    }
  }

  /** Counts one call; false when the quota was already spent. */
  take(): boolean {
    this.#roll();
    if (this.#used >= this.limit) return false;
    this.#used++;
    return true;
  }

  remaining(): number {
    this.#roll();
    return Math.max(0, this.limit - this.#used);
  }

  resetInSeconds(): number {
    this.#roll();
    return Math.max(0, Math.ceil((this.#windowStart + DAY_MS - this.clock.now()) / 1000));
  }

  headers(): Record<string, string> {
    const inSeconds = this.resetInSeconds();
    const reset = this.resetForm === 'epoch' ? Math.ceil((this.#windowStart + DAY_MS) / 1000) : inSeconds;
    return {
      'X-Rate-Limit-Limit': String(this.limit),
      'X-Rate-Limit-Remaining': String(this.remaining()),
      'X-Rate-Limit-Reset': String(reset),
    };
  }

  /** The `Retry-After` value of the 429 sent once the budget is spent, if any. */
  retryAfterHeader(): Record<string, string> {
    if (this.retryAfter === null) return {};
    const seconds = this.retryAfter === 'reset' ? this.resetInSeconds() : this.retryAfter;
    return { 'Retry-After': String(seconds) };
  }

  /** A new full window from now. */
  reset(): void {
    this.#windowStart = this.clock.now();
    this.#used = 0;
  }

  /** Control: this many left in the current window (at most the limit). */
  setRemaining(remaining: number): void {
    this.#roll();
    this.#used = this.limit - Math.min(remaining, this.limit);
  }

  /** Control: the current window ends this many seconds from now (at most a day). */
  setResetInSeconds(seconds: number): void {
    this.#roll();
    this.#windowStart = this.clock.now() + Math.min(seconds * 1000, DAY_MS) - DAY_MS;
  }

  state(): QuotaState {
    const resetInSeconds = this.resetInSeconds();
    return {
      limit: this.limit,
      used: this.#used,
      remaining: this.remaining(),
      resetAt: new Date(this.#windowStart + DAY_MS).toISOString(),
      resetInSeconds,
      resetForm: this.resetForm,
      retryAfter: this.retryAfter,
    };
  }
}
