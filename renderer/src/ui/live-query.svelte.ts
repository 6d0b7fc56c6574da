import { liveQuery, type Table } from 'dexie';
import { untrack } from 'svelte';
import { landing } from './landing.svelte';

/**
 * Dexie's liveQuery as a Svelte 5 reader: `current` is the latest answer (undefined until the
 * first one). The screens read the database only through this, so every write — from this screen,
 * another tab or a sync — re-renders what depends on it.
 *
 * `deps` is read inside the effect, so the query re-subscribes when reactive inputs (the course,
 * the meeting, a search term) change; the query itself runs outside Svelte's tracking.
 * Construct it during component initialisation (it registers an effect).
 *
 * Dexie observes the index ranges a query reads, so a narrow query re-runs only when its rows
 * change. It only observes reads made in its liveQuery zone: a querier that awaits a nested
 * native async function before its next read leaves that zone (the reads after it run, but are
 * not observed); await Dexie's own promises instead (see findMeeting).
 *
 * `watch` names tables whose EVERY change re-runs the query (each is counted at the start), for
 * queries that cannot avoid such an await. It is a whole-table watch: each use is listed, with
 * why it stays, in docs/decisions/roll-call-paints-from-memory.md ("Roll call in the same frame").
 *
 * `paused` (reactive) stops re-runs while true, keeping the last answer: the roll call holds its
 * read while keys are pressed (features/attendance/roll-call-writer.svelte.ts). A push's results
 * landing do the same for every query but those made `liveWhileLanding` (ui/landing.svelte.ts).
 */
export class LiveQuery<T, D = void> {
  // Raw: each answer replaces the last whole and is never changed in place, so a deep proxy would
  // only cost (a 1,000-row roster read through proxies was most of a roll call key press).
  #value = $state.raw<T | undefined>(undefined);
  #error = $state<unknown>(undefined);
  /** Who waits for an answer (`until`); plain, nothing renders from it. */
  #waiters: { test: (value: T) => boolean; done: () => void }[] = [];

  constructor(deps: () => D, query: (deps: D) => T | Promise<T>, watch?: (deps: D) => readonly Table[], options: { paused?: () => boolean; liveWhileLanding?: boolean } = {}) {
    $effect(() => {
      const input = deps();
      // Paused: no re-runs, the last answer stays; on resuming the query runs afresh, so its first
      // answer holds every change made meanwhile. A push's results landing pause every query
      // that has an answer already (landing.svelte.ts): one read after the landing, not one a commit.
      if (options.paused?.()) return;
      if (!options.liveWhileLanding && landing.on && untrack(() => this.#value) !== undefined) return;
      const observed = watch?.(input) ?? [];
      const run = async (): Promise<T> => (await Promise.all([Promise.all(observed.map((t) => t.count())), query(input)]))[1];
      const subscription = liveQuery(run).subscribe({
        next: (value) => {
          this.#value = value;
          this.#error = undefined;
          for (const waiter of [...this.#waiters]) if (waiter.test(value)) waiter.done();
        },
        error: (error: unknown) => {
          this.#error = error;
        },
      });
      return () => subscription.unsubscribe();
    });
  }

  get current(): T | undefined {
    return this.#value;
  }

  /**
   * Resolves once an answer passes `test` (at once if the current one does), or after `ms` with
   * whatever came: for a screen that wrote something and must know its reader shows it.
   */
  until(test: (value: T) => boolean, ms: number): Promise<void> {
    const now = this.#value;
    if (now !== undefined && test(now)) return Promise.resolve();
    return new Promise((resolve) => {
      const waiter = {
        test,
        done: () => {
          clearTimeout(timer);
          this.#waiters = this.#waiters.filter((w) => w !== waiter);
          resolve();
        },
      };
      const timer = setTimeout(waiter.done, ms);
      this.#waiters.push(waiter);
    });
  }

  /** Set when the last run of the query failed (shown to the user, never swallowed). */
  get error(): unknown {
    return this.#error;
  }
}
