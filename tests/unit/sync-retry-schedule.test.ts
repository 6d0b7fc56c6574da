import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { afterResults, FIRST_RETRY_MS, isDue, keepOnly, LONGEST_RETRY_MS, nextDue, retryDelayMs, type RetrySchedule } from '../../renderer/src/features/attendance/retry-schedule';
import type { OpResult } from '../../shared/domain/outbox';

// A change Learn keeps refusing is sent again after 1, 2, 4, ... minutes (at most 30), or when
// Learn said it may, never every minute for as long as it fails.
const T0 = Date.parse('2026-11-28T10:00:00Z');
const refused = (opId: string, retryAt?: string): OpResult => ({ opId, outcome: 'failed', retryable: true, message: 'Learn had a problem', ...(retryAt ? { retryAt } : {}) });

/** Times at which the op is sent in `hours` if the runner looks every minute and Learn refuses every time. */
function sendsOver(hours: number): number[] {
  let schedule: RetrySchedule = new Map();
  const sent: number[] = [];
  for (let t = T0; t < T0 + hours * 3_600_000; t += 60_000) {
    if (!isDue(schedule, 'op', t)) continue;
    sent.push(t);
    schedule = afterResults(schedule, [refused('op')], t);
  }
  return sent;
}

describe('the retry schedule of a failed change', () => {
  it('waits 1, 2, 4, ... minutes, capped at 30', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 20].map(retryDelayMs)).toEqual([1, 2, 4, 8, 16, 30, 30, 30].map((m) => m * 60_000));
    expect(retryDelayMs(0)).toBe(0);
    const gaps = sendsOver(3).map((t, i, all) => (i === 0 ? 0 : (t - (all[i - 1] ?? t)) / 60_000));
    expect(gaps.slice(0, 7)).toEqual([0, 1, 2, 4, 8, 16, 30]);
  });

  it('sends an op Learn keeps refusing a handful of times an hour, not sixty', () => {
    expect(sendsOver(1).length).toBe(6);
    // An idle day with one op failing: about two an hour once the cap is reached.
    expect(sendsOver(24).length).toBeLessThanOrEqual(6 + 2 * 24);
  });

  it('goes at the time Learn named, neither sooner nor later', () => {
    const reset = '2026-11-29T02:00:00Z';
    const schedule = afterResults(new Map(), [refused('op', reset)], T0);
    expect(isDue(schedule, 'op', Date.parse(reset) - 1)).toBe(false);
    expect(isDue(schedule, 'op', Date.parse(reset))).toBe(true);
    expect(nextDue(schedule, T0)).toBe(Date.parse(reset));
    // A quota that resets 35 s after the refusal: the change goes at the reset, not at the minute's backoff.
    const soon = afterResults(new Map(), [refused('op', new Date(T0 + 35_000).toISOString())], T0);
    expect(isDue(soon, 'op', T0 + 34_999)).toBe(false);
    expect(nextDue(soon, T0)).toBe(T0 + 35_000);
    // After failures in a row too: the named time is the one.
    const again = afterResults(afterResults(new Map(), [refused('op')], T0), [refused('op', new Date(T0 + 90_000).toISOString())], T0 + 60_000);
    expect(nextDue(again, T0 + 60_000)).toBe(T0 + 90_000);
  });

  it('forgets an op once it lands, or once it needs the instructor', () => {
    let schedule = afterResults(new Map(), [refused('a'), refused('b'), refused('c')], T0);
    schedule = afterResults(schedule, [{ opId: 'a', outcome: 'done' }, { opId: 'b', outcome: 'failed', retryable: false, message: 'not allowed' }], T0 + FIRST_RETRY_MS);
    expect([...schedule.keys()]).toEqual(['c']);
    expect(isDue(schedule, 'a', T0)).toBe(true);
    expect([...keepOnly(schedule, ['x']).keys()]).toEqual([]);
  });

  it('never lets a failed op go again sooner than a minute (or Learn`s time), nor later than 30 minutes past its last failure or Learn`s time', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 40 }), fc.option(fc.integer({ min: 0, max: 48 * 3_600_000 })), (failures, named) => {
        let schedule: RetrySchedule = new Map();
        for (let i = 0; i < failures - 1; i++) schedule = afterResults(schedule, [refused('op')], T0);
        const retryAt = named === null ? undefined : new Date(T0 + named).toISOString();
        schedule = afterResults(schedule, [refused('op', retryAt)], T0);
        const at = nextDue(schedule, T0) ?? 0;
        if (named === null) {
          expect(at - T0).toBeGreaterThanOrEqual(FIRST_RETRY_MS);
          expect(at - T0).toBeLessThanOrEqual(LONGEST_RETRY_MS);
        } else expect(isDue(schedule, 'op', T0 + named)).toBe(true);
        if (named !== null && named > 0) expect(isDue(schedule, 'op', T0 + named - 1)).toBe(false);
      }),
    );
  });
});
