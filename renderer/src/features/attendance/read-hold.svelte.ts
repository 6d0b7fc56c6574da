/** The store is read again once no key has been pressed for this long. */
export const QUIET_MS = 250;

/**
 * Holds the roll call's read of its meeting while keys are pressed. That read re-ran
 * on every commit and was thrown away whenever another commit landed during it (Dexie's liveQuery
 * aborts a run that a change overlaps), so in a burst it never answered and only took the main
 * thread from the next key press. The presses are on screen from memory meanwhile
 * (roll-call-marks.ts) and the status bar's count still follows every commit. `holding` pauses
 * the read's LiveQuery; QUIET_MS after the last press it runs afresh, so its answer holds every
 * commit made meanwhile, a sync's results included.
 */
export class ReadHold {
  #holding = $state(false);
  #quiet: ReturnType<typeof setTimeout> | undefined;

  get holding(): boolean {
    return this.#holding;
  }

  /** A key was pressed: hold until QUIET_MS after the last press. */
  pressed(): void {
    this.#holding = true;
    clearTimeout(this.#quiet);
    this.#quiet = setTimeout(() => this.release(), QUIET_MS);
  }

  /** Let the read go now (after an undo or a mark-all, whose result is read back from the store). */
  release(): void {
    clearTimeout(this.#quiet);
    this.#holding = false;
  }

  /** The screen is going away. */
  dispose(): void {
    clearTimeout(this.#quiet);
  }
}
