import { invoke, on } from '../bridge';
import type { RequestBudget } from '../../../shared/ipc/budget-channels';
import { budgetState, nextChangeAt, type BudgetState } from './budget-words';

/** The page looks again at least this often, so "as of" and a passed reset show without an event. */
const LOOK_AGAIN_MS = 60_000;

/**
 * The signed-in site's request budget as the main side last saw it (`learn.budget`), live: read
 * once, then kept from the host's events. `state` follows the clock too: a gate that opens or a
 * reset that passes is seen at its time, not at the next event.
 */
export class LiveBudget {
  #budget = $state.raw<RequestBudget | null>(null);
  #now = $state(Date.now());
  #timer: ReturnType<typeof setTimeout> | undefined;
  #disposed = false;
  readonly #stop: () => void;

  constructor() {
    this.#stop = on('learn.budget', (budget) => this.#take(budget));
    invoke('learn.budget', {}).then(
      // An event may have come first: the newer reading wins.
      (budget) => {
        if (budget && (!this.#budget || budget.observedAt >= this.#budget.observedAt)) this.#take(budget);
      },
      // No host answer: the budget stays unknown, which the screens say.
      () => undefined,
    );
    this.#tick();
  }

  #take(budget: RequestBudget): void {
    this.#budget = budget;
    this.#tick();
  }

  /** Moves `now` and sets the next look: when the gate opens, the reset passes, or a minute on. */
  #tick(): void {
    if (this.#disposed) return;
    this.#now = Date.now();
    if (this.#timer !== undefined) clearTimeout(this.#timer);
    const next = nextChangeAt(budgetState(this.#budget, this.#now));
    const wait = next === undefined ? LOOK_AGAIN_MS : Math.min(LOOK_AGAIN_MS, Math.max(250, next - this.#now + 250));
    this.#timer = setTimeout(() => this.#tick(), wait);
  }

  get budget(): RequestBudget | null {
    return this.#budget;
  }

  /** The clock the state was read at (for words that name times relative to now). */
  get now(): number {
    return this.#now;
  }

  get state(): BudgetState {
    return budgetState(this.#budget, this.#now);
  }

  /** When Rollbook may send to Learn again, or undefined when it may now. Read by the sync runner. */
  blockedUntil(): string | undefined {
    const state = budgetState(this.#budget, Date.now());
    return state.kind === 'blocked' ? state.until : undefined;
  }

  dispose(): void {
    this.#disposed = true;
    this.#stop();
    if (this.#timer !== undefined) clearTimeout(this.#timer);
  }
}
