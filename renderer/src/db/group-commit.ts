/**
 * Group commit: the first item is written at once; items that arrive while its
 * transaction is in flight wait and are written together in the next one, so a fast typist's
 * presses cost one transaction per round trip, not one each, and never queue behind each other.
 * Each item's promise settles with its own batch: resolved once that batch has committed,
 * rejected with the batch's error if it failed (so a failure names exactly the items it covered).
 * Batches run one at a time, in order.
 */
export class GroupCommit<T> {
  #waiting: { item: T; resolve: () => void; reject: (error: unknown) => void }[] = [];
  #running = false;

  constructor(private readonly commit: (items: T[]) => Promise<unknown>) {}

  add(item: T): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      this.#waiting.push({ item, resolve, reject });
      if (!this.#running) void this.#drain();
    });
  }

  async #drain(): Promise<void> {
    this.#running = true;
    try {
      while (this.#waiting.length > 0) {
        const batch = this.#waiting.splice(0);
        try {
          await this.commit(batch.map((b) => b.item));
          for (const b of batch) b.resolve();
        } catch (error) {
          for (const b of batch) b.reject(error);
        }
      }
    } finally {
      this.#running = false;
    }
  }
}
