import { writable, type Writable } from 'svelte/store';
import { SEATING_ORDERS, type SeatingOrder } from '../../../../shared/domain/seating-order';
import { isAppLocale, type AppLocale } from '../../../../shared/i18n/locales';

/**
 * How this device shows things, whoever is signed in: kept in localStorage under
 * `rollbook.preferences` as JSON. `showPhotos` (default on) shows students' photos in the roll
 * call; the settings screen and the roll call's own toolbar both change it. `seatingOrder` is the
 * roll call's last chosen order. `language` is the screen's language, or `system` to follow the
 * system's (desktop) or browser's. `scanSound` (default on): the card reader's beep at the door.
 * A value that is missing or not understood reads as its default.
 */
export interface Preferences {
  showPhotos: boolean;
  seatingOrder: SeatingOrder;
  language: AppLocale | 'system';
  scanSound: boolean;
}

export const PREFERENCES_KEY = 'rollbook.preferences';
export const DEFAULT_PREFERENCES: Preferences = { showPhotos: true, seatingOrder: 'name', language: 'system', scanSound: true };

function read(): Preferences {
  try {
    const raw = JSON.parse(globalThis.localStorage?.getItem(PREFERENCES_KEY) ?? '{}') as Partial<Record<keyof Preferences, unknown>>;
    return {
      showPhotos: typeof raw.showPhotos === 'boolean' ? raw.showPhotos : DEFAULT_PREFERENCES.showPhotos,
      seatingOrder: SEATING_ORDERS.includes(raw.seatingOrder as SeatingOrder) ? (raw.seatingOrder as SeatingOrder) : DEFAULT_PREFERENCES.seatingOrder,
      language: isAppLocale(raw.language) ? raw.language : DEFAULT_PREFERENCES.language,
      scanSound: typeof raw.scanSound === 'boolean' ? raw.scanSound : DEFAULT_PREFERENCES.scanSound,
    };
  } catch {
    return { ...DEFAULT_PREFERENCES };
  }
}

function open(): Writable<Preferences> {
  const store = writable(read());
  store.subscribe((value) => {
    try {
      globalThis.localStorage?.setItem(PREFERENCES_KEY, JSON.stringify(value));
    } catch {
      // Storage full or blocked: the preference holds for this session only.
    }
  });
  return store;
}

/** The device's preferences (`$preferences.showPhotos` in a component). */
export const preferences = open();

/** Changes one preference, keeping the others. */
export function setPreference<K extends keyof Preferences>(key: K, value: Preferences[K]): void {
  preferences.update((p) => ({ ...p, [key]: value }));
}
