import { Dexie, type Table } from 'dexie';
import type { Identity } from '../../../shared/ipc/site-channels';

/**
 * Which identities have a store on this device, in words (site and user name), so settings can
 * list them and remove one without opening the others' data. Names only: no course, roster or
 * change of anyone is kept here.
 */
export interface KnownIdentity {
  key: string;
  demo: boolean;
  siteName: string;
  learnUrl: string;
  displayName: string;
  userName: string;
  lastOpenedAt: string;
}

class IdentityDirectoryDb extends Dexie {
  identities!: Table<KnownIdentity, string>;
  constructor(name: string) {
    super(name);
    this.version(1).stores({ identities: 'key, lastOpenedAt' });
  }
}

export const DIRECTORY_DB_NAME = 'rollbook-identities';

export class IdentityDirectory {
  readonly #db: IdentityDirectoryDb;

  constructor(name: string = DIRECTORY_DB_NAME) {
    this.#db = new IdentityDirectoryDb(name);
  }

  async opened(identity: Identity, user: { displayName: string; userName: string }): Promise<void> {
    await this.#db.identities.put({ ...identity, displayName: user.displayName, userName: user.userName, lastOpenedAt: new Date().toISOString() });
  }

  /** Most recently opened first. */
  async list(): Promise<KnownIdentity[]> {
    return (await this.#db.identities.orderBy('lastOpenedAt').reverse().toArray());
  }

  async forget(key: string): Promise<void> {
    await this.#db.identities.delete(key);
  }

  close(): void {
    this.#db.close();
  }
}
