import { untrack } from 'svelte';
import { waitingChanges, type RollbookDb, type WaitingChange } from '../db';
import { LiveQuery } from '../ui/live-query.svelte';

/**
 * Content changes still waiting for Learn, live: what a screen lays over its last read. `scope`
 * is a course id (or a calendar, or `system`), absent for every scope; `filter` keeps the screen's
 * own channels. When one leaves the queue (sync sent it, or the user discarded it), `onleft` runs
 * with the changes that left, so the screen reads Learn's copy again: the local stand-ins vanish
 * as Learn's own things appear. Construct during component initialisation (it registers effects).
 */
export class LiveWaitingChanges {
  readonly #query: LiveQuery<WaitingChange[], { db: RollbookDb; scope: string | undefined }>;

  constructor(db: RollbookDb, scope: () => string | undefined, onleft: (left: WaitingChange[]) => void, filter: (change: WaitingChange) => boolean = () => true) {
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
      if (left.length > 0) untrack(() => onleft(left));
    });
  }

  /** Oldest first; empty until the first answer. */
  get all(): WaitingChange[] {
    return this.#query.current ?? [];
  }
}
