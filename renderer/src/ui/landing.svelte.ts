/**
 * Whether a push's results are landing in the store (db/apply-results.ts, a commit every 200
 * results: 20 for a push of a term's import). Each commit told every live query of the window to
 * read again, and those re-reads, started together in the commit's task, were its longest tasks
 * and slowed the landing itself. While this is on, the screens' live queries keep their last
 * answer and read once when it ends (ui/live-query.svelte.ts); what the instructor is doing (a
 * roll call's own marks) opts out and stays live.
 */
const state = $state({ on: false });

export const landing = {
  get on(): boolean {
    return state.on;
  },
  /** Runs `work` with the landing on (nested calls keep it on until the outermost ends). */
  async during<T>(work: () => Promise<T>): Promise<T> {
    const was = state.on;
    state.on = true;
    try {
      return await work();
    } finally {
      state.on = was;
    }
  },
};
