import { describe, expect, it } from 'vitest';
import { decideRetry, DEFAULT_RETRY_POLICY } from '../../electron/core/http/retry-policy';
import { readQuotaHeaders, reserveOf, resetTimeOf } from '../../electron/core/http/quota-headers';
import { SiteBudget } from '../../electron/core/http/site-budget';

/**
 * Learn's daily request quota as each answer reports it, and the site's gate that follows from it:
 * the pure parts, with time passed in (the integration test drives the real client against the sandbox).
 */
const NOW = Date.UTC(2026, 11, 1, 14, 0, 0);
const HOUR = 60 * 60_000;
const quota = (limit: number, remaining: number, reset: number | string, extra: Record<string, string> = {}): Headers =>
  new Headers({ 'X-Rate-Limit-Limit': String(limit), 'X-Rate-Limit-Remaining': String(remaining), 'X-Rate-Limit-Reset': String(reset), ...extra });
const burst = (n: number): number => 1000 * 2 ** (n - 1);

describe('X-Rate-Limit-Reset', () => {
  it('reads seconds to go and epoch seconds, told apart by size', () => {
    expect(resetTimeOf('3600', NOW)).toBe(NOW + HOUR);
    expect(resetTimeOf('86400', NOW)).toBe(NOW + 24 * HOUR);
    expect(resetTimeOf(String(NOW / 1000 + 7200), NOW)).toBe(NOW + 2 * HOUR);
    expect(resetTimeOf('0', NOW)).toBe(NOW);
  });

  it('ignores what is not a whole number of seconds', () => {
    for (const bad of [null, '', 'soon', '-5', '1.5', 'Tue, 01 Dec 2026 16:00:00 GMT']) expect(resetTimeOf(bad, NOW)).toBeUndefined();
  });
});

describe('the quota headers of an answer', () => {
  it('gives limit, remaining and reset only when all three are there', () => {
    expect(readQuotaHeaders(quota(10_000, 7400, 3600), NOW)).toEqual({ limit: 10_000, remaining: 7400, resetAtMs: NOW + HOUR });
    expect(readQuotaHeaders(new Headers({ 'X-Rate-Limit-Limit': '10000', 'X-Rate-Limit-Remaining': '5' }), NOW)).toBeUndefined();
    expect(readQuotaHeaders(new Headers(), NOW)).toBeUndefined();
  });

  it('keeps 5 % in reserve, rounded up', () => {
    expect(reserveOf(10_000)).toBe(500);
    expect(reserveOf(30)).toBe(2);
    expect(reserveOf(0)).toBe(0);
  });
});

describe('the retry policy and the quota', () => {
  it('never retries a 429 that says the quota is used up, with or without Retry-After', () => {
    for (const retryAfter of [null, '1', '86400']) {
      expect(decideRetry({ method: 'GET', attempt: 1, failure: { kind: 'status', status: 429, retryAfter, quota: true } }, DEFAULT_RETRY_POLICY, NOW, () => 0)).toEqual({ retry: false, why: 'quota-used-up' });
    }
    expect(decideRetry({ method: 'GET', attempt: 1, failure: { kind: 'status', status: 429, quota: false } }, DEFAULT_RETRY_POLICY, NOW, () => 0)).toMatchObject({ retry: true });
  });
});

describe("a site's budget and gate", () => {
  it('keeps the last budget with its time, and takes the lowest count within one period', () => {
    const site = new SiteBudget();
    expect(site.snapshot(NOW)).toBeNull();
    site.observe({ status: 200, headers: quota(10_000, 7400, 3600) }, NOW, burst);
    // An answer sent earlier arrives later, with a higher count: the period's count does not go up.
    site.observe({ status: 200, headers: quota(10_000, 7410, 3599) }, NOW + 1000, burst);
    expect(site.snapshot(NOW + 1000)).toEqual({ limit: 10_000, remaining: 7400, resetAt: new Date(NOW + HOUR).toISOString(), observedAt: new Date(NOW + 1000).toISOString(), reserve: 500 });
    // After the reset, a new period: the count is the new one.
    site.observe({ status: 200, headers: quota(10_000, 9999, 86_400) }, NOW + 2 * HOUR, burst);
    expect(site.snapshot(NOW + 2 * HOUR)).toMatchObject({ remaining: 9999 });
  });

  it('closes the gate on a used-up 429 until the reset, even without Retry-After, and sends nothing meanwhile', () => {
    const site = new SiteBudget();
    const closure = site.observe({ status: 429, headers: quota(10_000, 0, 5 * 3600) }, NOW, burst);
    expect(closure).toEqual({ reason: 'used-up', untilMs: NOW + 5 * HOUR });
    for (const priority of ['user', 'background'] as const) {
      expect(site.admit(priority, NOW + HOUR, 120_000)).toEqual({ go: false, refused: { reason: 'used-up', retryAtMs: NOW + 5 * HOUR } });
    }
    expect(site.snapshot(NOW + HOUR)).toMatchObject({ remaining: 0, blockedUntil: new Date(NOW + 5 * HOUR).toISOString() });
    expect(site.admit('user', NOW + 5 * HOUR + 1, 120_000)).toEqual({ go: true });
    // A passed reset reads as a full budget until Learn says otherwise.
    expect(site.snapshot(NOW + 5 * HOUR + 1)).toMatchObject({ remaining: 10_000, resetAt: new Date(NOW + 29 * HOUR).toISOString() });
    expect(site.snapshot(NOW + 5 * HOUR + 1)).not.toHaveProperty('blockedUntil');
  });

  it('waits for the later of Retry-After and the reset', () => {
    const longer = new SiteBudget();
    expect(longer.observe({ status: 429, headers: quota(100, 0, 60, { 'Retry-After': '7200' }) }, NOW, burst)).toEqual({ reason: 'used-up', untilMs: NOW + 2 * HOUR });
    const shorter = new SiteBudget();
    expect(shorter.observe({ status: 429, headers: quota(100, 0, 3600, { 'Retry-After': '30' }) }, NOW, burst)).toEqual({ reason: 'used-up', untilMs: NOW + HOUR });
  });

  it('takes a 429 whose words name the daily quota as used up, when it carries no count', () => {
    const site = new SiteBudget();
    site.observe({ status: 200, headers: quota(100, 40, 3600) }, NOW, burst);
    const closure = site.observe({ status: 429, headers: new Headers(), said: 'The daily request quota of this site is exhausted' }, NOW, burst);
    expect(closure?.reason).toBe('used-up');
  });

  it('sends nothing at 0 left, even before any refusal, until the reset', () => {
    const site = new SiteBudget();
    site.observe({ status: 200, headers: quota(100, 0, 600) }, NOW, burst);
    expect(site.admit('user', NOW + 1000, 120_000)).toEqual({ go: false, refused: { reason: 'used-up', retryAtMs: NOW + 600_000 } });
    expect(site.admit('user', NOW + 600_001, 120_000)).toEqual({ go: true });
  });

  it('backs off a burst (a 429 with requests left and no Retry-After) longer each time in a row, and waits it out instead of refusing', () => {
    const site = new SiteBudget();
    const first = site.observe({ status: 429, headers: quota(100, 50, 3600) }, NOW, burst);
    expect(first).toEqual({ reason: 'slow-down', untilMs: NOW + 1000 });
    // Requests sent together meet the same burst: it counts once.
    site.observe({ status: 429, headers: quota(100, 50, 3600) }, NOW + 10, burst);
    expect(site.admit('user', NOW + 500, 120_000)).toEqual({ go: false, waitMs: 500 });
    const second = site.observe({ status: 429, headers: quota(100, 49, 3600) }, NOW + 1500, burst);
    expect(second).toEqual({ reason: 'slow-down', untilMs: NOW + 1500 + 2000 });
    // An answer resets the count: the next burst starts again from the first wait.
    site.observe({ status: 200, headers: quota(100, 48, 3600) }, NOW + 4000, burst);
    expect(site.observe({ status: 429, headers: quota(100, 47, 3600) }, NOW + 5000, burst)).toEqual({ reason: 'slow-down', untilMs: NOW + 6000 });
  });

  it('refuses a wait longer than the client sleeps through, naming when', () => {
    const site = new SiteBudget();
    site.observe({ status: 429, headers: quota(100, 50, 3600, { 'Retry-After': '600' }) }, NOW, burst);
    expect(site.admit('user', NOW, 120_000)).toEqual({ go: false, refused: { reason: 'slow-down', retryAtMs: NOW + 600_000 } });
  });

  it('below the reserve, refuses background reads and lets the instructor\'s own requests go', () => {
    const site = new SiteBudget();
    site.observe({ status: 200, headers: quota(10_000, 500, 3600) }, NOW, burst);
    expect(site.admit('background', NOW, 120_000)).toEqual({ go: true });
    site.observe({ status: 200, headers: quota(10_000, 499, 3600) }, NOW, burst);
    expect(site.admit('background', NOW, 120_000)).toEqual({ go: false, refused: { reason: 'reserve', retryAtMs: NOW + HOUR } });
    expect(site.admit('user', NOW, 120_000)).toEqual({ go: true });
  });

  it('starts from what was kept, and forgets a period that has ended', () => {
    const kept = new SiteBudget({ known: { limit: 100, remaining: 0, resetAtMs: NOW + HOUR, observedAtMs: NOW - HOUR }, closure: { reason: 'used-up', untilMs: NOW + HOUR } });
    expect(kept.admit('user', NOW, 120_000)).toMatchObject({ go: false, refused: { reason: 'used-up' } });
    expect(kept.admit('user', NOW + HOUR + 1, 120_000)).toEqual({ go: true });
  });
});
