import type { Clock } from './clock';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Learn's daily request quota per site (10,000 calls by default), reported on every response as
 * `X-Rate-Limit-Limit`, `X-Rate-Limit-Remaining` and `X-Rate-Limit-Reset` (seconds until the
 * window resets). Past the quota, requests are answered 429.
 */
export class DailyQuota {
  #windowStart: number;
  #used = 0;

  constructor(
    private readonly clock: Clock,
    public limit: number,
  ) {
    this.#windowStart = clock.now();
  }

  #roll(): void {
    const now = this.clock.now();
    if (now - this.#windowStart >= DAY_MS) {
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

  resetInSeconds(): number {
    return Math.max(0, Math.ceil((this.#windowStart + DAY_MS - this.clock.now()) / 1000));
  }

  headers(): Record<string, string> {
    this.#roll();
    return {
      'X-Rate-Limit-Limit': String(this.limit),
      'X-Rate-Limit-Remaining': String(Math.max(0, this.limit - this.#used)),
      'X-Rate-Limit-Reset': String(this.resetInSeconds()),
    };
  }

  reset(): void {
    this.#windowStart = this.clock.now();
    this.#used = 0;
  }
}
