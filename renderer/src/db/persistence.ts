import { createLogger } from '../../../shared/logger';

const log = createLogger('db.persistence');

/**
 * Ask the browser not to evict the local store under storage pressure. Roll taken offline lives
 * only here until synced, so a refusal matters: resolves false (refused, or the API is missing)
 * and the UI tells the user to sync before closing.
 */
export async function requestPersistentStorage(storage: StorageManager | undefined = globalThis.navigator?.storage): Promise<boolean> {
  if (!storage || typeof storage.persist !== 'function') return false;
  try {
    if (typeof storage.persisted === 'function' && (await storage.persisted())) return true;
    const granted = await storage.persist();
    if (!granted) log.warn('persistent storage refused');
    return granted;
  } catch (error) {
    log.warn('persistent storage request failed', { error: String(error) });
    return false;
  }
}
