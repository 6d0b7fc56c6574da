import { createSubscriber } from 'svelte/reactivity';

/**
 * The user's preferences on this device (issue 18, item 7). One small module so that the features
 * reading a preference (the roll call's photos) and the settings screen writing it agree on the key.
 *
 * Kept in localStorage, not the identity's Dexie store: a preference belongs to the person at this
 * device, whichever site they sign in to, and a screen reads it synchronously on its first frame.
 * Reading `preferences.photos` in a component or effect re-runs it when the value changes (here or
 * in another Rollbook window).
 *
 * - `rollbook.preferences.photos`: "on" | "off" (absent: on). Show students' photos in the roll call.
 */
export const PHOTOS_KEY = 'rollbook.preferences.photos';

type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem'>;

function deviceStorage(): KeyValueStorage | undefined {
  try {
    return globalThis.localStorage ?? undefined;
  } catch {
    return undefined; // storage blocked: preferences hold for this run only
  }
}

export class Preferences {
  readonly #updates = new Set<() => void>();
  readonly #subscribe = createSubscriber((update) => {
    this.#updates.add(update);
    return () => this.#updates.delete(update);
  });
  /** The value when storage cannot keep it. */
  #photos = true;

  constructor(
    private readonly storage: KeyValueStorage | undefined = deviceStorage(),
    target: Pick<Window, 'addEventListener'> | undefined = globalThis.window,
  ) {
    this.#photos = this.#read();
    target?.addEventListener('storage', (e) => {
      if (e.key === PHOTOS_KEY) this.#changed(this.#read());
    });
  }

  /** Show students' photos (default on). */
  get photos(): boolean {
    this.#subscribe();
    return this.#photos;
  }
  set photos(on: boolean) {
    try {
      this.storage?.setItem(PHOTOS_KEY, on ? 'on' : 'off');
    } catch {
      // Quota or blocked storage: the choice holds for this run.
    }
    this.#changed(on);
  }

  #changed(on: boolean): void {
    this.#photos = on;
    for (const update of this.#updates) update();
  }

  #read(): boolean {
    try {
      return this.storage?.getItem(PHOTOS_KEY) !== 'off';
    } catch {
      return this.#photos;
    }
  }
}

/** The app's one instance. */
export const preferences = new Preferences();
