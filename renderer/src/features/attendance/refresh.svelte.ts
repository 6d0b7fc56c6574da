import { untrack } from 'svelte';
import { problemOf, type Problem } from '../../ui/problem';

/**
 * Fetching server data into the cache is an optimisation: the screens show the saved copy at once
 * and say when it could not be refreshed (offline, Learn down), never blocking on the network.
 */
export class Refresh {
  #busy = $state(false);
  #problem = $state<Problem | null>(null);

  get busy(): boolean {
    return this.#busy;
  }
  get problem(): Problem | null {
    return this.#problem;
  }

  /** Called from effects: nothing read here may become a dependency of the caller's effect. */
  run(task: () => Promise<void>): Promise<void> {
    return untrack(() => this.#run(task));
  }

  async #run(task: () => Promise<void>): Promise<void> {
    this.#busy = true;
    this.#problem = null;
    try {
      await task();
    } catch (error) {
      const why = problemOf(error, 'Rollbook could not reach Learn.');
      this.#problem = { ...why, message: `Showing the copy saved on this device. ${why.message}` };
    } finally {
      this.#busy = false;
    }
  }
}
