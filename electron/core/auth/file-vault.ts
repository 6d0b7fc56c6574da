import { randomUUID } from 'node:crypto';
import { chmod, mkdir, open, readFile, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import { createLogger } from '../../../shared/logger';
import { VaultUnavailableError, type SecretName, type TokenVault } from './token-vault';

/**
 * Browser mode's vault: one JSON file in a directory only the user can enter (0700), the file
 * only the user can read (0600), replaced atomically (a new file, flushed, then renamed over the
 * old one) so a crash never leaves half a file.
 *
 * This is the weaker protection, and `protection` says so: the secrets are NOT encrypted, because
 * a key kept beside them would only obfuscate. Anyone who can read the user's files (the user's
 * own programs, an administrator, a backup) can read them. The desktop host encrypts with the OS
 * keychain instead and uses this class only to hold ciphertext. On Windows, POSIX modes are not
 * enforced; the directory should be under the user's profile.
 */
const log = createLogger('auth.vault');

const FILE_MODE = 0o600;
const DIR_MODE = 0o700;
const Contents = z.record(z.string(), z.record(z.string(), z.string()));
type Contents = z.infer<typeof Contents>;

export class FileVault implements TokenVault {
  readonly protection =
    'Browser mode: the Learn refresh token and application secret are kept unencrypted in a file only your user account can read. An operating-system keychain (the desktop app) protects them better.';
  readonly file: string;
  /** Writes of this process, one after another (read-modify-write must not interleave). */
  #queue: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly directory: string,
    fileName = 'rollbook-secrets.json',
  ) {
    this.file = join(directory, fileName);
  }

  async get(siteId: string, name: SecretName): Promise<string | undefined> {
    await this.#queue;
    return (await this.#read())[siteId]?.[name];
  }

  set(siteId: string, name: SecretName, secret: string): Promise<void> {
    return this.#update((contents) => {
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
      const contents = await this.#read();
      if (change(contents) === false) return;
      await this.#write(contents);
    });
    this.#queue = run.catch(() => undefined);
    return run;
  }

  async #read(): Promise<Contents> {
    let text: string;
    try {
      text = await readFile(this.file, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return {};
      throw error;
    }
    let data: unknown;
    try {
      data = JSON.parse(text);
    } catch {
      data = undefined;
    }
    const parsed = Contents.safeParse(data);
    // Never quote the file: it holds secrets.
    if (!parsed.success) throw new VaultUnavailableError(`Rollbook's secrets file is damaged (${this.file}). Delete it and sign in again.`);
    return parsed.data;
  }

  async #write(contents: Contents): Promise<void> {
    await mkdir(this.directory, { recursive: true, mode: DIR_MODE });
    // mkdir leaves an existing directory as it is: tighten it.
    await chmod(this.directory, DIR_MODE);
    const temporary = join(this.directory, `.${randomUUID()}.tmp`);
    // 'wx': never reuse an existing file, which could be a link planted to redirect the write.
    const handle = await open(temporary, 'wx', FILE_MODE);
    try {
      await handle.writeFile(JSON.stringify(contents), 'utf8');
      await handle.sync();
    } catch (error) {
      await handle.close();
      await rm(temporary, { force: true });
      throw error;
    }
    await handle.close();
    await rename(temporary, this.file);
    log.debug('Secrets file written', { sites: Object.keys(contents).length });
  }
}
