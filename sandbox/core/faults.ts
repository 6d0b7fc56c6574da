import { Rng } from './rng';

/**
 * Fault injection, deterministic from a seed: the same seed and the same request sequence give
 * the same faults. Set by CLI flags and by `POST /__sandbox/faults`.
 */
export interface FaultConfig {
  /** Added latency per request (of those `pathPattern` matches), in milliseconds. */
  latencyMs: number;
  /** Share (0..1) of requests answered 500, 502 or 503 before any change is made. */
  serverErrorRate: number;
  /** Which 5xx statuses that share draws from (default all three). */
  serverErrorStatuses: number[];
  /** Share (0..1) of requests answered 429 with Retry-After before any change is made. */
  rateLimitRate: number;
  /** Retry-After seconds on injected 429s. */
  retryAfterSeconds: number;
  /** Share (0..1) of requests applied and then answered by a dropped connection (the response is lost). */
  dropAfterApplyRate: number;
  /** Methods subject to the dropped connection (default the writes; add GET to lose read answers). */
  dropMethods: string[];
  /** Only requests whose path matches this regular expression are subject to faults (default all API paths). */
  pathPattern: string | null;
  /** Seed of the fault draws. */
  seed: number;
  /**
   * The next `count` requests matching `pathPattern` (and `method`, when given) are answered with
   * `status` (default 500), before any drawn fault: "Learn has a bad moment on this one read".
   */
  failNext: { count: number; method?: string; status?: number } | null;
}

export const NO_FAULTS: FaultConfig = {
  latencyMs: 0,
  serverErrorRate: 0,
  serverErrorStatuses: [500, 502, 503],
  rateLimitRate: 0,
  retryAfterSeconds: 1,
  dropAfterApplyRate: 0,
  dropMethods: ['POST', 'PUT', 'PATCH', 'DELETE'],
  pathPattern: null,
  seed: 1,
  failNext: null,
};

export type FaultDecision =
  | { kind: 'none' }
  | { kind: 'serverError'; status: number }
  | { kind: 'rateLimited'; retryAfterSeconds: number }
  | { kind: 'dropAfterApply' };

export class Faults {
  #config: FaultConfig = { ...NO_FAULTS };
  #rng = new Rng(NO_FAULTS.seed);
  #pattern: RegExp | null = null;
  /** Counters the tests read to prove faults really happened. */
  readonly injected = { serverError: 0, rateLimited: 0, dropped: 0 };

  get config(): FaultConfig {
    return this.#config;
  }

  /** Merges a partial configuration; a new seed restarts the draw sequence. */
  configure(partial: Partial<FaultConfig>): FaultConfig {
    const next = { ...this.#config, ...partial };
    for (const key of ['serverErrorRate', 'rateLimitRate', 'dropAfterApplyRate'] as const) {
      if (!(next[key] >= 0 && next[key] <= 1)) throw new RangeError(`${key} must be between 0 and 1`);
    }
    if (!(next.latencyMs >= 0)) throw new RangeError('latencyMs must not be negative');
    this.#pattern = next.pathPattern ? new RegExp(next.pathPattern) : null;
    if (partial.seed !== undefined || this.#config.seed !== next.seed) this.#rng = new Rng(next.seed);
    this.#config = next;
    return next;
  }

  reset(): void {
    this.#config = { ...NO_FAULTS };
    this.#rng = new Rng(NO_FAULTS.seed);
    this.#pattern = null;
    this.injected.serverError = 0;
    this.injected.rateLimited = 0;
    this.injected.dropped = 0;
  }

  applies(path: string): boolean {
    return this.#pattern ? this.#pattern.test(path) : true;
  }

  /** Draws the fault for one request. Draw order is fixed so the sequence is reproducible. */
  decide(method: string, path: string): FaultDecision {
    if (!this.applies(path)) return { kind: 'none' };
    const c = this.#config;
    const next = c.failNext;
    if (next && next.count > 0 && (next.method === undefined || next.method.toUpperCase() === method.toUpperCase())) {
      this.#config = { ...c, failNext: next.count > 1 ? { ...next, count: next.count - 1 } : null };
      this.injected.serverError++;
      return { kind: 'serverError', status: next.status ?? 500 };
    }
    const r = this.#rng.next();
    if (r < c.serverErrorRate) {
      this.injected.serverError++;
      return { kind: 'serverError', status: this.#rng.pick(c.serverErrorStatuses) };
    }
    if (r < c.serverErrorRate + c.rateLimitRate) {
      this.injected.rateLimited++;
      return { kind: 'rateLimited', retryAfterSeconds: c.retryAfterSeconds };
    }
    if (c.dropMethods.includes(method.toUpperCase()) && this.#rng.next() < c.dropAfterApplyRate) {
      this.injected.dropped++;
      return { kind: 'dropAfterApply' };
    }
    return { kind: 'none' };
  }
}
