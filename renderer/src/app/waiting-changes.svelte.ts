import { untrack } from 'svelte';
import { waitingChanges, type RollbookDb, type WaitingChange } from '../db';
import { LiveQuery } from '../ui/live-query.svelte';

/** How long a screen waits for its saved copy to show a read before it lets go of what it laid over. */
export const CATCH_UP_MS = 5_000;

/**
 * Content changes still waiting for Learn, live: what a screen lays over its last read. `scope`
 * is a course id (or a calendar, or `system`), absent for every scope; `filter` keeps the screen's
 * own channels. When one leaves the queue (sync sent it, or the user discarded it), `onleft` runs
 * with the changes that left, so the screen reads Learn's copy again: the local stand-ins vanish
 * as Learn's own things appear. Construct during component initialisation (it registers effects).
 *
 * `laidOver` is what a screen lays over its read: the waiting changes, plus those that left while
 * the read `onleft` started (the promise it returns) is still on its way. Without them, a change
 * that reached Learn vanished from the screen until Learn's copy of it was read (a post made
 * offline went missing for 125 ms after sync on the loopback sandbox, longer on a real network).
 * `all` is the queue itself, for lists and counts of what still waits.
 */
export class LiveWaitingChanges {
  readonly #query: LiveQuery<WaitingChange[], { db: RollbookDb; scope: string | undefined }>;
  #held = $state.raw<WaitingChange[]>([]);

  constructor(db: RollbookDb, scope: () => string | undefined, onleft: (left: WaitingChange[]) => Promise<unknown> | void, filter: (change: WaitingChange) => boolean = () => true) {
    this.#query = new LiveQuery(
      () => ({ db, scope: scope() }),
      // Only the outbox's range of content changes is observed: a roll call tap does not re-run it.
      async ({ db: d, scope: s }) => (await waitingChanges(d, s)).filter(filter),
    );
    // A plain array: it only remembers what the last answer held.
    let before: WaitingChange[] = [];
    $effect(() => {
      const now = this.all.map((c) => c.opId);
      const left = before.filter((c) => !now.includes(c.opId));
      before = this.all;
      if (left.length === 0) return;
      untrack(() => {
        const reading = onleft(left);
        if (!reading) return;
        this.#held = [...this.#held, ...left];
        // Let go either way. Not .finally: on a failed read it makes a second rejected promise that
        // nobody handles (the screen handles its own read's failure).
        const letGo = (): void => void (this.#held = this.#held.filter((c) => !left.includes(c)));
        void reading.then(letGo, letGo);
      });
    });
  }

  /** Oldest first; empty until the first answer. */
  get all(): WaitingChange[] {
    return this.#query.current ?? [];
  }

  /** The waiting changes and those whose read of Learn's copy is still on its way, oldest first. */
  get laidOver(): WaitingChange[] {
    if (this.#held.length === 0) return this.all;
    const waiting = this.all.map((c) => c.opId);
    return [...this.all, ...this.#held.filter((c) => !waiting.includes(c.opId))].sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0));
  }
}
