/**
 * One refresh at a time: callers that arrive while a refresh runs share it. The shared work does
 * not take any one caller's AbortSignal (one caller giving up must not cancel the others); each
 * caller stops waiting on its own signal instead.
 */
export class SingleFlight<T> {
  #running: Promise<T> | undefined;

  get running(): Promise<T> | undefined {
    return this.#running;
  }

  run(task: () => Promise<T>, signal?: AbortSignal): Promise<T> {
    if (!this.#running) {
      const started = task().finally(() => {
        if (this.#running === started) this.#running = undefined;
      });
      this.#running = started;
    }
    return untilAborted(this.#running, signal);
  }
}

/** `promise`, or a rejection with the signal's reason as soon as the signal aborts. */
export function untilAborted<T>(promise: Promise<T>, signal?: AbortSignal): Promise<T> {
  if (!signal) return promise;
  if (signal.aborted) return Promise.reject(signal.reason as Error);
  return new Promise<T>((resolve, reject) => {
    const onAbort = (): void => reject(signal.reason as Error);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}
