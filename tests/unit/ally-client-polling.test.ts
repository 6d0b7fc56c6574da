import { describe, expect, it } from 'vitest';
import { ApiError } from '../../electron/core/http';
import { DEFAULT_POLL_SCHEDULE, pollDelay, pollUntilDone, type PollProgress, type PollSchedule } from '../../electron/core/ally/polling';

/**
 * How Rollbook waits for Ally's check and for a format: the backoff schedule (pure), and the
 * loop that reports each stage, stops on success, gives up after its time-out and stops at once
 * when cancelled.
 */
const noJitter = (): number => 0;

describe('poll backoff schedule', () => {
  it('starts at one second and grows by half each time up to fifteen seconds', () => {
    const waits = Array.from({ length: 10 }, (_, i) => pollDelay(i + 1, DEFAULT_POLL_SCHEDULE, noJitter));
    expect(waits).toEqual([1000, 1500, 2250, 3375, 5063, 7594, 11391, 15000, 15000, 15000]);
  });

  it('only shortens a wait with jitter, by at most the jitter share', () => {
    for (const attempt of [1, 4, 12]) {
      const nominal = pollDelay(attempt, DEFAULT_POLL_SCHEDULE, noJitter);
      const shortest = pollDelay(attempt, DEFAULT_POLL_SCHEDULE, () => 0.999999);
      expect(shortest).toBeLessThanOrEqual(nominal);
      expect(shortest).toBeGreaterThanOrEqual(Math.floor(nominal * (1 - DEFAULT_POLL_SCHEDULE.jitter)));
      expect(pollDelay(attempt, DEFAULT_POLL_SCHEDULE, () => 0.5)).toBeLessThan(nominal);
    }
  });

  it('never polls faster than the first wait, even with a factor below one', () => {
    const flat: PollSchedule = { ...DEFAULT_POLL_SCHEDULE, factor: 0.5 };
    expect([1, 2, 3].map((a) => pollDelay(a, flat, noJitter))).toEqual([1000, 1000, 1000]);
  });
});

type Stage = 'pending' | 'inprogress' | 'success';
const FAST: PollSchedule = { initialDelayMs: 5, factor: 1, maxDelayMs: 5, jitter: 0, timeoutMs: 5000 };

function scripted(stages: Stage[]): { check: () => Promise<{ stage: Stage }>; calls: () => number } {
  let calls = 0;
  return {
    check: () => {
      const stage = stages[Math.min(calls, stages.length - 1)] ?? 'pending';
      calls++;
      return Promise.resolve({ stage });
    },
    calls: () => calls,
  };
}

const base = { waitingFor: "Ally's check of Syllabus.pdf", url: 'http://127.0.0.1/ally/status', stageOf: (v: { stage: Stage }) => v.stage, isDone: (v: { stage: Stage }) => v.stage === 'success' };

describe('polling until done', () => {
  it('reports the known first stage, then every stage polled, in order, and stops at success', async () => {
    const source = scripted(['pending', 'inprogress', 'inprogress', 'success', 'success']);
    const seen: PollProgress<Stage>[] = [];
    const done = await pollUntilDone({ ...base, check: source.check, schedule: FAST, first: { stage: 'pending' }, onProgress: (p) => seen.push(p) });

    expect(done.stage).toBe('success');
    expect(seen.map((p) => p.stage)).toEqual(['pending', 'pending', 'inprogress', 'inprogress', 'success']);
    expect(source.calls()).toBe(4);
    const elapsed = seen.map((p) => p.elapsedMs);
    expect(elapsed).toEqual([...elapsed].sort((a, b) => a - b));
  });

  it('waits the schedule between requests', async () => {
    const source = scripted(['pending', 'pending', 'success']);
    const schedule: PollSchedule = { initialDelayMs: 40, factor: 2, maxDelayMs: 1000, jitter: 0, timeoutMs: 5000 };
    const started = Date.now();
    await pollUntilDone({ ...base, check: source.check, schedule });
    // First request at once, then 40 ms and 80 ms waits.
    expect(Date.now() - started).toBeGreaterThanOrEqual(115);
    expect(Date.now() - started).toBeLessThan(3000);
  });

  it('gives up after the time-out with an ApiError of kind timeout that names what it waited for', async () => {
    const source = scripted(['inprogress']);
    const started = Date.now();
    const error = await pollUntilDone({ ...base, check: source.check, schedule: { ...FAST, initialDelayMs: 20, maxDelayMs: 20, timeoutMs: 150 } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ kind: 'timeout', operation: "wait for Ally's check of Syllabus.pdf" });
    expect((error as Error).message).toMatch(/^Rollbook stopped waiting for Ally's check of Syllabus\.pdf after \d+ s \(it was still inprogress\)/);
    expect(Date.now() - started).toBeGreaterThanOrEqual(140);
    expect(Date.now() - started).toBeLessThan(3000);
  });

  it('stops at once when cancelled during a wait: an aborted ApiError and no further request', async () => {
    const source = scripted(['pending']);
    const controller = new AbortController();
    const slow: PollSchedule = { ...FAST, initialDelayMs: 10_000, maxDelayMs: 10_000 };
    const pending = pollUntilDone({
      ...base,
      check: source.check,
      schedule: slow,
      signal: controller.signal,
      onProgress: () => setTimeout(() => controller.abort(), 10),
    });
    const started = Date.now();
    const error = await pending.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ kind: 'aborted', message: "Stopped waiting for Ally's check of Syllabus.pdf: cancelled." });
    expect(Date.now() - started).toBeLessThan(5000);
    const calls = source.calls();
    await new Promise((r) => setTimeout(r, 50));
    expect(source.calls()).toBe(calls);
    expect(calls).toBe(1);
  });

  it('passes on a failed status request as it is', async () => {
    const failure = new Error('Ally answered 500');
    await expect(pollUntilDone({ ...base, check: () => Promise.reject(failure), schedule: FAST })).rejects.toBe(failure);
  });
});
