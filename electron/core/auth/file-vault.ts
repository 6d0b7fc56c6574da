import { join } from 'node:path';
import { z } from 'zod';
import { createLogger } from '../../../shared/logger';
import { readPrivateJson, replacePrivateFile } from '../files/private-file';
import { hostWords } from '../host-words';
import { VaultUnavailableError, type SecretName, type TokenVault } from './token-vault';

/**
 * Browser mode's vault: one JSON file in a directory only the user can enter (0700), the file
 * only the user can read (0600), replaced atomically (files/private-file.ts) so a crash never
 * leaves half a file.
 *
 * This is the weaker protection, and `protection` says so: the secrets are NOT encrypted, because
 * a key kept beside them would only obfuscate. Anyone who can read the user's files (the user's
 * own programs, an administrator, a backup) can read them. The desktop host encrypts with the OS
 * keychain instead and uses this class only to hold ciphertext. On Windows, POSIX modes are not
 * enforced; the directory should be under the user's profile.
 */
const log = createLogger('auth.vault');

const PROTECTION = hostWords('hostnotes.protection.browser');

const Contents = z.record(z.string(), z.record(z.string(), z.string()));
type Contents = z.infer<typeof Contents>;

export class FileVault implements TokenVault {
  readonly protection = PROTECTION.message;
  readonly protectionWords = PROTECTION.words;
  readonly file: string;
  /** Writes of this process, one after another (read-modify-write must not interleave). */
  #queue: Promise<unknown> = Promise.resolve();
  /**
   * The file's contents as last read or written by this vault. The host is the file's only writer
   * (one host per data folder), so it is read once per run: a read is then a memory lookup, not
   * four file-system round trips queued behind whatever else the host's event loop serves.
   */
  #contents: Contents | undefined;

  constructor(
    directory: string,
    fileName = 'rollbook-secrets.json',
  ) {
    this.file = join(directory, fileName);
  }

  async get(siteId: string, name: SecretName): Promise<string | undefined> {
    await this.#queue;
    return (await this.#kept())[siteId]?.[name];
  }

  set(siteId: string, name: SecretName, secret: string): Promise<void> {
    return this.#update((contents) => {
      // Kept as it is: every write is synced to disk, and the demo's sign-in sets its secret each time.
      if (contents[siteId]?.[name] === secret) return false;
      contents[siteId] = { ...contents[siteId], [name]: secret };
    });
  }

  delete(siteId: string, name: SecretName): Promise<void> {
    return this.#update((contents) => {
      const entries = contents[siteId];
      if (!entries || !(name in entries)) return false;
      delete entries[name];
      if (Object.keys(entries).length === 0) delete contents[siteId];
    });
  }

  /** Applies `change` to the current contents and writes them back, unless it returns false. */
  #update(change: (contents: Contents) => boolean | void): Promise<void> {
    const run = this.#queue.then(async () => {
      // A copy: the kept contents change only once the write is on disk.
      const contents = structuredClone(await this.#kept());
      if (change(contents) === false) return;
      await this.#write(contents);
    });
    this.#queue = run.catch(() => undefined);
    return run;
  }

  /** The contents as kept (read from the file the first time): not to be changed in place. */
  async #kept(): Promise<Contents> {
    if (this.#contents === undefined) {
      const kept = await readPrivateJson(this.file, Contents);
      // Never quote the file: it holds secrets.
      if (kept.state === 'damaged') throw new VaultUnavailableError(hostWords('hostnotes.vault.damaged', { file: this.file }));
      this.#contents = kept.state === 'read' ? kept.data : {};
    }
    return this.#contents;
  }

  async #write(contents: Contents): Promise<void> {
    await replacePrivateFile(this.file, JSON.stringify(contents));
    this.#contents = contents;
    log.debug('Secrets file written', { sites: Object.keys(contents).length });
  }
}
