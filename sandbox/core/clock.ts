/**
 * The sandbox's clock. Tests move it (`/__sandbox/clock`) to expire tokens, codes and quotas
 * without waiting; everything time-dependent in the sandbox reads it, never Date.now().
 */
export class Clock {
  #offsetMs = 0;

  now(): number {
    return Date.now() + this.#offsetMs;
  }

  date(): Date {
    return new Date(this.now());
  }

  iso(): string {
    return this.date().toISOString();
  }

  advance(ms: number): void {
    this.#offsetMs += ms;
  }

  /** Pins "now" to the given instant (the offset is kept from then on). */
  set(instantMs: number): void {
    this.#offsetMs = instantMs - Date.now();
  }

  reset(): void {
    this.#offsetMs = 0;
  }
}
