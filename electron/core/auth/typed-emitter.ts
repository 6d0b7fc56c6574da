import { createLogger } from '../../../shared/logger';

const log = createLogger('auth.events');

type Listener<T> = (payload: T) => void;

/**
 * A small typed event emitter: `on` returns the function that unsubscribes. A listener that
 * throws is logged and skipped, so a screen's bug cannot break the session that emits.
 */
export class TypedEmitter<Events extends Record<string, unknown>> {
  readonly #listeners: { [K in keyof Events]?: Set<Listener<Events[K]>> } = {};

  on<K extends keyof Events>(event: K, listener: Listener<Events[K]>): () => void {
    const set = (this.#listeners[event] ??= new Set());
    set.add(listener);
    return () => {
      set.delete(listener);
    };
  }

  emit<K extends keyof Events>(event: K, payload: Events[K]): void {
    for (const listener of [...(this.#listeners[event] ?? [])]) {
      try {
        listener(payload);
      } catch (error) {
        log.error('An event listener failed', { event: String(event), error: error instanceof Error ? error.name : typeof error });
      }
    }
  }
}
