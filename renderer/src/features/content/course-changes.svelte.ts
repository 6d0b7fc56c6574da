import { untrack } from 'svelte';
import { waitingChanges, type RollbookDb, type WaitingChange } from '../../db';
import { LiveQuery } from '../../ui/live-query.svelte';

/**
 * The course's content changes still waiting for Learn, live: what a screen lays over its last
 * read (waiting-overlay.ts). When one leaves the queue (sync sent it, or the user discarded it),
 * `onleft` runs (with the changes that left) so the screen reads Learn's copy again: the local stand-ins vanish as Learn's own
 * things appear. Construct during component initialisation (it registers effects).
 */
export class CourseChanges {
  readonly #query: LiveQuery<WaitingChange[], { db: RollbookDb; courseId: string }>;

  constructor(db: RollbookDb, courseId: () => string, onleft: (left: WaitingChange[]) => void) {
    this.#query = new LiveQuery(
      () => ({ db, courseId: courseId() }),
      ({ db: d, courseId: scope }) => waitingChanges(d, scope),
      ({ db: d }) => [d.outbox],
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
