/**
 * Learn's daily request quota as each answer reports it (the vendor's quotas page,
 * groups-quotas-rates.md): `X-Rate-Limit-Limit` (the ceiling), `X-Rate-Limit-Remaining` (left for
 * the 24-hour period) and `X-Rate-Limit-Reset`. The page calls the reset both "the remaining time
 * before the rate limit resets" and "given in UTC epoch seconds", so both are read, told apart by
 * size (docs/api-notes/quota-and-rate-limits.md, "Request quota"): a period is at most a day (86,400 s), an epoch second
 * of this century is over a billion.
 */

/** What one answer says of the site's quota. */
export interface QuotaReading {
  limit: number;
  remaining: number;
  /** When the period ends (ms since the epoch). */
  resetAtMs: number;
}

/** At or above this, `X-Rate-Limit-Reset` is an epoch second (2001-09-09); below it, seconds to go. */
export const EPOCH_SECONDS_FROM = 1_000_000_000;

/** `X-Rate-Limit-Reset` as the time of the reset (ms), from seconds to go or an epoch second; undefined when unreadable. */
export function resetTimeOf(header: string | null | undefined, nowMs: number): number | undefined {
  const seconds = wholeNumber(header);
  if (seconds === undefined) return undefined;
  return seconds >= EPOCH_SECONDS_FROM ? seconds * 1000 : nowMs + seconds * 1000;
}

/**
 * The quota an answer reports, or undefined when it carries no complete, readable set (Ally,
 * the token endpoint, a proxy's own answer). Remaining above the limit is read as the limit.
 */
export function readQuotaHeaders(headers: Headers, nowMs: number): QuotaReading | undefined {
  const limit = wholeNumber(headers.get('x-rate-limit-limit'));
  const remaining = wholeNumber(headers.get('x-rate-limit-remaining'));
  const resetAtMs = resetTimeOf(headers.get('x-rate-limit-reset'), nowMs);
  if (limit === undefined || remaining === undefined || resetAtMs === undefined) return undefined;
  return { limit, remaining: Math.min(remaining, limit), resetAtMs };
}

/** The share of the limit kept for the instructor's own work: below it, background reads stop. */
export const RESERVE_SHARE = 0.05;

/** Requests kept in reserve for a limit (5 %, rounded up: 500 of 10,000). */
export function reserveOf(limit: number): number {
  return Math.ceil(limit * RESERVE_SHARE);
}

function wholeNumber(header: string | null | undefined): number | undefined {
  const text = header?.trim();
  if (!text || !/^\d{1,15}$/.test(text)) return undefined;
  return Number(text);
}
