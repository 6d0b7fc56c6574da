import type { OpResult } from '../../../../shared/domain/outbox';

/**
 * When a failed change is worth sending again. Learn's requests are the institution's shared
 * quota, so a change Learn keeps refusing is not sent every minute for as long as it fails: it
 * waits 1, 2, 4, ... minutes (at most 30) after each failure. A refusal that names its time
 * (`retryAt`: the quota resets, or Learn asked to slow down) goes at that time, neither later (a
 * reset 35 s away, then a minute's backoff, left the change 25 s late) nor sooner: the site's gate
 * closed until then for every request, and it spaces refusals in a row itself (site-budget.ts). A success forgets
 * the op; a reconnect or the instructor's own "Sync now"/"Retry" forgets them all.
 * Pure data in, data out: the runner keeps the map and the clock.
 */

export const FIRST_RETRY_MS = 60_000;
export const LONGEST_RETRY_MS = 30 * 60_000;

export interface RetryEntry {
  /** Failures in a row. */
  failures: number;
  /** Not sent again before this (epoch ms). */
  notBefore: number;
}

export type RetrySchedule = ReadonlyMap<string, RetryEntry>;

/** Nothing waits for its backoff (at the start, a reconnect, the instructor's own "Sync now"). */
export const NO_RETRIES: RetrySchedule = new Map();

/** The wait after the `failures`-th failure in a row: 1, 2, 4, ... minutes, capped. */
export function retryDelayMs(failures: number): number {
  if (failures <= 0) return 0;
  return Math.min(LONGEST_RETRY_MS, FIRST_RETRY_MS * 2 ** Math.min(failures - 1, 30));
}

/** The schedule after one push's results arrived at `now`. */
export function afterResults(schedule: RetrySchedule, results: readonly OpResult[], now: number): RetrySchedule {
  const next = new Map(schedule);
  for (const result of results) {
    if (result.outcome !== 'failed' || !result.retryable) {
      // Landed, superseded, in conflict, or waiting for the instructor: not ours to time.
      next.delete(result.opId);
      continue;
    }
    const failures = (schedule.get(result.opId)?.failures ?? 0) + 1;
    const named = result.retryAt !== undefined ? Date.parse(result.retryAt) : Number.NaN;
    next.set(result.opId, { failures, notBefore: Number.isNaN(named) ? now + retryDelayMs(failures) : Math.max(now, named) });
  }
  return next;
}

/** Whether the op may be sent at `now` (one the schedule does not know always may). */
export function isDue(schedule: RetrySchedule, opId: string, now: number): boolean {
  const entry = schedule.get(opId);
  return entry === undefined || entry.notBefore <= now;
}

/** The earliest time a waiting op falls due, for a timer; undefined when none waits. */
export function nextDue(schedule: RetrySchedule, now: number): number | undefined {
  let earliest: number | undefined;
  for (const { notBefore } of schedule.values()) if (notBefore > now && (earliest === undefined || notBefore < earliest)) earliest = notBefore;
  return earliest;
}

/** Forgets ops no longer waiting (discarded, resolved), so the map does not grow for good. */
export function keepOnly(schedule: RetrySchedule, waiting: readonly string[]): RetrySchedule {
  const still = new Set(waiting);
  const next = new Map<string, RetryEntry>();
  for (const [opId, entry] of schedule) if (still.has(opId)) next.set(opId, entry);
  return next;
}
