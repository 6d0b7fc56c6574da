import type { SecretName, SecretStore } from './token-vault';

/**
 * Secrets kept in memory, for a site that lives only as long as the run: the bundled demo sandbox
 * listens on a new port at each launch, so its address, and with it its site id, is never seen
 * again. Its application secret and refresh token kept in the vault would add a dead site's entries
 * to the secrets file at every launch, and cost a synced write each on the sign-in's path.
 */
export function memorySecrets(): SecretStore {
  const kept = new Map<string, string>();
  const key = (siteId: string, name: SecretName): string => `${siteId}\n${name}`;
  return {
    get: (siteId, name) => Promise.resolve(kept.get(key(siteId, name))),
    set: (siteId, name, secret) => {
      kept.set(key(siteId, name), secret);
      return Promise.resolve();
    },
    delete: (siteId, name) => {
      kept.delete(key(siteId, name));
      return Promise.resolve();
    },
  };
}
