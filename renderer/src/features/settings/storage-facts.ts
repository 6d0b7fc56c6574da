import { t } from '../../ui/i18n';

/**
 * What the settings screen says about this device's storage: whether the
 * browser keeps Rollbook's data under storage pressure, how much it uses, and where it lives.
 */
export interface StorageFacts {
  /** true: kept; false: the browser may clear it when space runs low; null: the browser cannot say. */
  persisted: boolean | null;
  /** Bytes used and available to this origin, when the browser says. */
  usage: number | null;
  quota: number | null;
}

type Storage = Pick<StorageManager, 'persisted' | 'persist' | 'estimate'> | undefined;

export async function storageFacts(storage: Storage = globalThis.navigator?.storage): Promise<StorageFacts> {
  if (!storage) return { persisted: null, usage: null, quota: null };
  const [persisted, estimate] = await Promise.all([
    typeof storage.persisted === 'function' ? storage.persisted().catch(() => null) : null,
    typeof storage.estimate === 'function' ? storage.estimate().catch(() => null) : null,
  ]);
  return { persisted, usage: estimate?.usage ?? null, quota: estimate?.quota ?? null };
}

/** Asks again to keep the data (the user pressed "Keep Rollbook's data"); resolves to the answer. */
export async function askToPersist(storage: Storage = globalThis.navigator?.storage): Promise<boolean> {
  if (!storage || typeof storage.persist !== 'function') return false;
  return storage.persist().catch(() => false);
}

/** "2.4 MB" in the user's language. */
export function sizeWords(bytes: number, locale?: string): string {
  const units = ['byte', 'kilobyte', 'megabyte', 'gigabyte'] as const;
  let value = bytes;
  let unit = 0;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit++;
  }
  return new Intl.NumberFormat(locale, { style: 'unit', unit: units[unit], unitDisplay: unit === 0 ? 'long' : 'short', maximumFractionDigits: unit === 0 ? 0 : 1 }).format(value);
}

/** Where the data lives, by host: the desktop app's data folder, or the browser's profile. */
export function whereWords(host: 'desktop' | 'browser'): string {
  return t(host === 'desktop' ? 'settings.whereDesktop' : 'settings.whereBrowser');
}
