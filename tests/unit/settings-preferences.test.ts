import { get } from 'svelte/store';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type * as PreferencesModule from '../../renderer/src/features/settings/preferences';
import { sizeWords, storageFacts } from '../../renderer/src/features/settings/storage-facts';

class MemoryStorage {
  readonly values = new Map<string, string>();
  getItem(key: string): string | null {
    return this.values.get(key) ?? null;
  }
  setItem(key: string, value: string): void {
    this.values.set(key, value);
  }
}

/** The module as a fresh start of the app reads it, over this storage. */
async function start(storage: Pick<Storage, 'getItem' | 'setItem'>): Promise<typeof PreferencesModule> {
  vi.stubGlobal('localStorage', storage);
  vi.resetModules();
  return import('../../renderer/src/features/settings/preferences');
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the device preferences', () => {
  it('show photos until turned off, and the choice is kept for the next start', async () => {
    const storage = new MemoryStorage();
    const first = await start(storage);
    expect(get(first.preferences).showPhotos).toBe(true);
    first.setPreference('showPhotos', false);
    expect(JSON.parse(storage.values.get(first.PREFERENCES_KEY) ?? '{}')).toMatchObject({ showPhotos: false, seatingOrder: 'name' });
    const next = await start(storage);
    expect(get(next.preferences).showPhotos).toBe(false);
  });

  it('read a value they do not understand as its default', async () => {
    const storage = new MemoryStorage();
    storage.setItem('rollbook.preferences', JSON.stringify({ showPhotos: 'no', seatingOrder: 'by height', language: 'klingon', scanSound: 'loud' }));
    expect(get((await start(storage)).preferences)).toEqual({ showPhotos: true, seatingOrder: 'name', language: 'system', scanSound: true });
    storage.setItem('rollbook.preferences', '{not json');
    expect(get((await start(storage)).preferences)).toEqual({ showPhotos: true, seatingOrder: 'name', language: 'system', scanSound: true });
  });

  it('keep the chosen language for the next start', async () => {
    const storage = new MemoryStorage();
    (await start(storage)).setPreference('language', 'nl');
    expect(get((await start(storage)).preferences).language).toBe('nl');
  });

  it('hold for the run when storage refuses to keep them', async () => {
    const refusing = { getItem: () => null, setItem: () => { throw new Error('QuotaExceededError'); } };
    const prefs = await start(refusing);
    prefs.setPreference('showPhotos', false);
    expect(get(prefs.preferences).showPhotos).toBe(false);
  });
});

describe('storage facts', () => {
  it('reports whether the data is kept and its size, or that the browser cannot say', async () => {
    const storage = { persisted: () => Promise.resolve(false), persist: () => Promise.resolve(true), estimate: () => Promise.resolve({ usage: 2_400_000, quota: 10_000_000_000 }) };
    expect(await storageFacts(storage)).toEqual({ persisted: false, usage: 2_400_000, quota: 10_000_000_000 });
    expect(await storageFacts(undefined)).toEqual({ persisted: null, usage: null, quota: null });
    expect(sizeWords(2_400_000, 'en')).toBe('2.4 MB');
    expect(sizeWords(512, 'en')).toBe('512 bytes');
  });
});
