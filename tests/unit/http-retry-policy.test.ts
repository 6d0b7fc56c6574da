import { describe, expect, it } from 'vitest';
import { backoffDelay, decideRetry, DEFAULT_RETRY_POLICY, isSafeToRepeat, type RetryPolicy } from '../../electron/core/http/retry-policy';

const policy: RetryPolicy = { ...DEFAULT_RETRY_POLICY, baseDelayMs: 500, maxDelayMs: 20_000, maxAttempts: 4 };
const NOW = Date.UTC(2026, 8, 1, 12, 0, 0);
const low = (): number => 0;
const high = (): number => 0.999999;

describe('backoff schedule', () => {
  it('doubles per retry, with a floor of half the step and a ceiling of the full step', () => {
    const floors = [1, 2, 3, 4, 5].map((n) => backoffDelay(n, policy, low));
    const ceilings = [1, 2, 3, 4, 5].map((n) => backoffDelay(n, policy, high));
    expect(floors).toEqual([250, 500, 1000, 2000, 4000]);
    expect(ceilings).toEqual([500, 1000, 2000, 4000, 8000]);
  });

  it('never waits longer than maxDelayMs, however many retries', () => {
    expect(backoffDelay(30, policy, high)).toBe(20_000);
    expect(backoffDelay(30, policy, low)).toBe(10_000);
  });

  it('spreads clients that failed together (jitter comes from the random source)', () => {
    const delays = [0.1, 0.5, 0.9].map((r) => backoffDelay(3, policy, () => r));
    expect(new Set(delays).size).toBe(3);
  });
});

describe('which failures are retried', () => {
  const decide = (method: string, failure: Parameters<typeof decideRetry>[0]['failure'], attempt = 1) =>
    decideRetry({ method, attempt, failure }, policy, NOW, low);

  it.each([429, 502, 503, 504])('retries %i on a GET', (status) => {
    expect(decide('GET', { kind: 'status', status })).toMatchObject({ retry: true, reason: `HTTP ${status}` });
  });

  it.each([400, 401, 403, 404, 409, 501, 505])('does not retry %i on a GET', (status) => {
    expect(decide('GET', { kind: 'status', status })).toEqual({ retry: false, why: 'not-retryable' });
  });

  it.each([500, 507, 599])('retries %i on a read (a read changes nothing), but not on a write, whose change may have been made', (status) => {
    for (const method of ['GET', 'HEAD', 'OPTIONS']) expect(decide(method, { kind: 'status', status })).toMatchObject({ retry: true, reason: `HTTP ${status}` });
    for (const method of ['PUT', 'PATCH', 'DELETE']) expect(decide(method, { kind: 'status', status })).toEqual({ retry: false, why: 'not-retryable' });
  });

  it.each(['GET', 'HEAD', 'OPTIONS', 'PUT', 'PATCH', 'DELETE', 'get', 'patch'])('repeats %s after a dropped connection or a time-out', (method) => {
    expect(decide(method, { kind: 'network' })).toMatchObject({ retry: true });
    expect(decide(method, { kind: 'timeout' })).toMatchObject({ retry: true });
  });

  it('never repeats a POST: not after a dropped connection, a time-out, a 503 or a 429', () => {
    expect(isSafeToRepeat('POST')).toBe(false);
    for (const failure of [{ kind: 'network' }, { kind: 'timeout' }, { kind: 'status', status: 503 }, { kind: 'status', status: 429, retryAfter: '1' }] as const) {
      expect(decide('POST', failure)).toEqual({ retry: false, why: 'not-safe-to-repeat' });
    }
  });

  it('does not repeat a request whose body was a one-shot stream', () => {
    expect(decideRetry({ method: 'PUT', attempt: 1, failure: { kind: 'network' }, repeatableBody: false }, policy, NOW, low)).toEqual({ retry: false, why: 'not-safe-to-repeat' });
  });

  it('gives up after maxAttempts attempts in all', () => {
    expect(decide('GET', { kind: 'status', status: 503 }, 3)).toMatchObject({ retry: true });
    expect(decide('GET', { kind: 'status', status: 503 }, 4)).toEqual({ retry: false, why: 'attempts-exhausted' });
  });
});

describe('Retry-After in the decision', () => {
  it('waits at least what the server asked, instead of the backoff', () => {
    const d = decideRetry({ method: 'GET', attempt: 1, failure: { kind: 'status', status: 429, retryAfter: '7' } }, policy, NOW, high);
    expect(d.retry && d.delayMs).toBeGreaterThanOrEqual(7000);
    expect(d.retry && d.delayMs).toBeLessThanOrEqual(8000);
  });

  it('reads an HTTP date against the injected clock', () => {
    const at = new Date(NOW + 30_000).toUTCString();
    const d = decideRetry({ method: 'GET', attempt: 1, failure: { kind: 'status', status: 503, retryAfter: at } }, policy, NOW, low);
    expect(d).toEqual({ retry: true, delayMs: 30_000, reason: 'HTTP 503' });
  });

  it('does not sleep through a wait over the cap: it surfaces with the wait', () => {
    const d = decideRetry({ method: 'GET', attempt: 1, failure: { kind: 'status', status: 429, retryAfter: '121' } }, policy, NOW, low);
    expect(d).toEqual({ retry: false, why: 'retry-after-too-long', retryAfterMs: 121_000 });
    expect(decideRetry({ method: 'GET', attempt: 1, failure: { kind: 'status', status: 429, retryAfter: '120' } }, policy, NOW, low)).toMatchObject({ retry: true, delayMs: 120_000 });
  });

  it('falls back to the backoff when Retry-After is garbage', () => {
    const d = decideRetry({ method: 'GET', attempt: 2, failure: { kind: 'status', status: 429, retryAfter: 'soon' } }, policy, NOW, low);
    expect(d).toEqual({ retry: true, delayMs: 500, reason: 'HTTP 429' });
  });
});
