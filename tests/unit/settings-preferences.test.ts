import { describe, expect, it } from 'vitest';
import { PHOTOS_KEY, Preferences } from '../../renderer/src/features/settings/preferences';
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

describe('the photos preference', () => {
  it('is on until turned off, and the choice is kept for the next start', () => {
    const storage = new MemoryStorage();
    const first = new Preferences(storage, undefined);
    expect(first.photos).toBe(true);
    first.photos = false;
    expect(storage.values.get(PHOTOS_KEY)).toBe('off');
    expect(new Preferences(storage, undefined).photos).toBe(false);
  });

  it("follows another window's change", () => {
    const storage = new MemoryStorage();
    const target = new EventTarget();
    const prefs = new Preferences(storage, target);
    storage.setItem(PHOTOS_KEY, 'off');
    target.dispatchEvent(Object.assign(new Event('storage'), { key: PHOTOS_KEY }));
    expect(prefs.photos).toBe(false);
  });

  it('holds for the run when storage refuses to keep it', () => {
    const refusing = { getItem: () => null, setItem: () => { throw new Error('QuotaExceededError'); } };
    const prefs = new Preferences(refusing, undefined);
    prefs.photos = false;
    expect(prefs.photos).toBe(false);
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
