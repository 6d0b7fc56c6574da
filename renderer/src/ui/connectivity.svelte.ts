/**
 * Whether the browser believes it is online (navigator.onLine and its events). Online is a hint,
 * not a promise: a sync may still fail, and its failure is shown separately. One instance for the
 * app's lifetime, so its listeners are never removed.
 */
export class Connectivity {
  #online = $state(typeof navigator === 'undefined' ? true : navigator.onLine);
  #listeners: ((online: boolean) => void)[] = [];

  constructor(target: Window = window) {
    target.addEventListener('online', () => this.#set(true));
    target.addEventListener('offline', () => this.#set(false));
  }

  get online(): boolean {
    return this.#online;
  }

  /** Called on every change; used to sync on reconnect. Returns the unsubscribe function. */
  onChange(listener: (online: boolean) => void): () => void {
    this.#listeners.push(listener);
    return () => {
      this.#listeners = this.#listeners.filter((l) => l !== listener);
    };
  }

  #set(online: boolean): void {
    this.#online = online;
    for (const listener of this.#listeners) listener(online);
  }
}
