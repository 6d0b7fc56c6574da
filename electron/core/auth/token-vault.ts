import type { HostWords } from '../../../shared/ipc/host-words';

/**
 * The port through which the core keeps secrets at rest: the refresh token of a sign-in and the
 * institution's application secret, one of each per Learn site. The core never writes them
 * anywhere else (the bundled demo sandbox's, which die with the run, stay in memory:
 * ./memory-secrets.ts). Hosts supply the adapter: Electron safeStorage on the desktop
 * (electron/host/safe-storage-vault.ts), a user-only file in browser mode (./file-vault.ts).
 */

/** What a vault entry holds. The value itself is opaque to the vault. */
/** `store-key` is kept under an identity's key, not a site's: the key that seals that identity's local store. */
export type SecretName = 'refresh-token' | 'application-secret' | 'ally-secret' | 'store-key';

/** Where a sign-in's secrets are read and written: the vault, or memory for what lives only as long as the run (./memory-secrets.ts). */
export interface SecretStore {
  get(siteId: string, name: SecretName): Promise<string | undefined>;
  set(siteId: string, name: SecretName, secret: string): Promise<void>;
  /** Removes one entry; removing an absent entry is not an error. */
  delete(siteId: string, name: SecretName): Promise<void>;
}

export interface TokenVault extends SecretStore {
  /** How the secrets are protected at rest, in English words for the settings screen. */
  readonly protection: string;
  /** The same as a catalogue key (`hostnotes.protection.*`), for the screen to write in the instructor's language. */
  readonly protectionWords?: HostWords;
}

/** The vault cannot keep secrets safely here (no keychain, a damaged file): nothing was stored. */
export class VaultUnavailableError extends Error {
  /** The sentence as a catalogue key (`hostnotes.vault.*`), for the screen to write in the instructor's language. */
  readonly words: HostWords | undefined;

  constructor(said: string | { message: string; words: HostWords }) {
    super(typeof said === 'string' ? said : said.message);
    this.name = 'VaultUnavailableError';
    this.words = typeof said === 'string' ? undefined : said.words;
  }
}
