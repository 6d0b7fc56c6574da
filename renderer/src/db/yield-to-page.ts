/**
 * Long work (a push's results, the outbox read before a push) goes a slice a task, so a key press
 * or a frame is never held back by more than one slice (no main-thread task over 50 ms).
 * `scheduler.yield` (Chromium) lets the page run what waits and then resumes first, ahead of other
 * timers; elsewhere (Node in the tests, older engines) a new macrotask does the same, more slowly.
 */
interface Yielding {
  yield(): Promise<void>;
}

export function yieldToPage(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: Partial<Yielding> }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/** Milliseconds of work a slice may take before it yields: well under 50, with room for the browser's own part of the task. */
export const SLICE_MS = 12;

/** True when the slice that began at `start` (performance.now()) has had its time. */
export function sliceIsOver(start: number): boolean {
  return performance.now() - start >= SLICE_MS;
}

/** Runs work written as a generator (it yields where it may pause) a slice of time a task; resolves with its value. */
export async function inSlices<T>(steps: Generator<void, T>): Promise<T> {
  let slice = performance.now();
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
    if (sliceIsOver(slice)) {
      await yieldToPage();
      slice = performance.now();
    }
  }
}
