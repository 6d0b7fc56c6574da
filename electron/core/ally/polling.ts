import { setTimeout as sleep } from 'node:timers/promises';
import { ApiError } from '../http';

/**
 * How Rollbook waits for Ally: it asks for the status, and asks again after a delay that starts
 * short (a small file is done in seconds) and grows by a factor up to a ceiling (a long scan may
 * take minutes), with a little jitter so many files uploaded together do not poll in step. The
 * whole wait has a time-out; a caller's AbortSignal stops it between or during requests.
 */
export interface PollSchedule {
  /** Wait before the second status request. */
  initialDelayMs: number;
  /** Each wait is the previous one times this (at least 1). */
  factor: number;
  /** Longest single wait. */
  maxDelayMs: number;
  /** Share of each wait that is random, 0..1 (0.2: the wait is 80%..100% of its nominal value). */
  jitter: number;
  /** The whole wait gives up after this long. */
  timeoutMs: number;
}

export const DEFAULT_POLL_SCHEDULE: PollSchedule = {
  initialDelayMs: 1000,
  factor: 1.5,
  maxDelayMs: 15_000,
  jitter: 0.2,
  timeoutMs: 10 * 60_000,
};

/** The wait after status request number `attempt` (1 for the first), with `random` in [0, 1). */
export function pollDelay(attempt: number, schedule: PollSchedule, random: () => number): number {
  const nominal = Math.min(schedule.maxDelayMs, schedule.initialDelayMs * Math.max(1, schedule.factor) ** Math.max(0, attempt - 1));
  const jitter = Math.min(1, Math.max(0, schedule.jitter));
  // Jitter only shortens a wait, so the ceiling holds.
  return Math.round(nominal * (1 - jitter * random()));
}

/** Where a wait stands, for a progress display. */
export interface PollProgress<S extends string> {
  stage: S;
  /** Milliseconds since the wait began (for an upload: since the upload was sent). */
  elapsedMs: number;
}

export interface PollOptions<T, S extends string> {
  /** For messages: what the user is waiting for ("Ally's check of Syllabus.pdf"). */
  waitingFor: string;
  /** For errors: the status URL polled (origin and path). */
  url: string;
  /** One status request. */
  check: (signal: AbortSignal) => Promise<T>;
  stageOf: (value: T) => S;
  isDone: (value: T) => boolean;
  schedule: PollSchedule;
  signal?: AbortSignal | undefined;
  onProgress?: ((progress: PollProgress<S>) => void) | undefined;
  /** The status already known (the upload's answer): reported, and the first request waits one delay. */
  first?: T | undefined;
  /** When the wait began; defaults to now. */
  startedAt?: number | undefined;
  now?: () => number;
  random?: () => number;
}

/**
 * Polls until `isDone`, reporting each stage seen in order. Rejects with ApiError kind `aborted`
 * when the caller aborts (no request is made after that), kind `timeout` after
 * `schedule.timeoutMs`, and with whatever a status request throws.
 */
export async function pollUntilDone<T, S extends string>(options: PollOptions<T, S>): Promise<T> {
  const now = options.now ?? Date.now;
  const random = options.random ?? Math.random;
  const startedAt = options.startedAt ?? now();
  const deadline = AbortSignal.timeout(Math.max(0, options.schedule.timeoutMs - (now() - startedAt)));
  const signal = options.signal ? AbortSignal.any([options.signal, deadline]) : deadline;
  let lastStage = 'not started';
  const report = (value: T): void => {
    const stage = options.stageOf(value);
    lastStage = stage;
    options.onProgress?.({ stage, elapsedMs: now() - startedAt });
  };

  let value = options.first;
  let seen = 0;
  try {
    if (value !== undefined) {
      report(value);
      seen = 1;
    }
    while (value === undefined || !options.isDone(value)) {
      if (seen > 0) await sleep(pollDelay(seen, options.schedule, random), undefined, { signal });
      value = await options.check(signal);
      seen += 1;
      report(value);
    }
    return value;
  } catch (error) {
    // The caller's cancel wins over our own deadline, and both over the error they caused.
    const base = { method: 'GET', url: options.url, operation: `wait for ${options.waitingFor}`, attempts: seen, cause: error };
    if (options.signal?.aborted) throw new ApiError({ ...base, kind: 'aborted', message: `Stopped waiting for ${options.waitingFor}: cancelled.` });
    if (deadline.aborted) {
      const waited = Math.round((now() - startedAt) / 1000);
      const message = `Rollbook stopped waiting for ${options.waitingFor} after ${waited} s (it was still ${lastStage}). Ally keeps working on it; try again later.`;
      throw new ApiError({ ...base, kind: 'timeout', message });
    }
    throw error;
  }
}
