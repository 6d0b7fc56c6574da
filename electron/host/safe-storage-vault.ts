import { safeStorage } from 'electron';
import { VaultUnavailableError, type SecretName, type TokenVault } from '../core/auth/token-vault';
import { hostWords } from '../core/host-words';

const PROTECTION = hostWords('hostnotes.protection.desktop');

/**
 * The desktop vault: secrets encrypted with Electron's safeStorage (macOS Keychain, Windows DPAPI,
 * the Secret Service or KWallet on Linux), the ciphertext kept by `store` (a FileVault in the
 * app's data folder, so the folder never holds a secret in plain text).
 *
 * It refuses to store anything when encryption is unavailable, or on Linux when safeStorage
 * fell back to its `basic_text` backend: that "encryption" uses a hard-coded key, so the secret
 * would be as good as plain text while the settings screen claimed otherwise. The user is told
 * why, and can use browser mode, whose weaker protection is stated, or install a keyring.
 *
 * Uses the asynchronous safeStorage API: the synchronous one is deprecated in Electron 45.
 */
export class SafeStorageVault implements TokenVault {
  readonly protection = PROTECTION.message;
  readonly protectionWords = PROTECTION.words;

  constructor(
    /** Where the ciphertext is kept (base64). */
    private readonly store: TokenVault,
    private readonly platform: NodeJS.Platform = process.platform,
  ) {}

  async get(siteId: string, name: SecretName): Promise<string | undefined> {
    const stored = await this.store.get(siteId, name);
    if (stored === undefined) return undefined;
    await this.#ensureSafe();
    const { result, shouldReEncrypt } = await safeStorage.decryptStringAsync(Buffer.from(stored, 'base64'));
    // The keychain rotated its key: store the secret again under the new one.
    if (shouldReEncrypt) await this.set(siteId, name, result);
    return result;
  }

  async set(siteId: string, name: SecretName, secret: string): Promise<void> {
    await this.#ensureSafe();
    const encrypted = await safeStorage.encryptStringAsync(secret);
    await this.store.set(siteId, name, encrypted.toString('base64'));
  }

  delete(siteId: string, name: SecretName): Promise<void> {
    return this.store.delete(siteId, name);
  }

  async #ensureSafe(): Promise<void> {
    if (this.platform === 'linux' && safeStorage.getSelectedStorageBackend() === 'basic_text') {
      throw new VaultUnavailableError(hostWords('hostnotes.vault.noKeyring'));
    }
    if (!(await safeStorage.isAsyncEncryptionAvailable())) {
      throw new VaultUnavailableError(hostWords('hostnotes.vault.locked'));
    }
  }
}
