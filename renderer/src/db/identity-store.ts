import { Dexie } from 'dexie';
import { atRest } from './at-rest';
import type { StoreKey } from './sealed-row';
import { DEFAULT_DB_NAME, RollbookDb, storeExists } from './rollbook-db';
import { waitingOpCount } from './outbox-batches';

/**
 * One local store per identity (docs/architecture.md rule 8; docs/decisions/one-store-per-identity.md, "One local store
 * per identity"): a Learn site and user, or the demo, each has its own Dexie database, named from
 * the identity key the host gives in the auth status. Nothing can cross between identities through
 * a forgotten filter, and removing an identity's data is one deleteDatabase.
 */

/** The database of an identity. Never DEFAULT_DB_NAME: that is the one every identity shared before. */
export function storeNameOf(identityKey: string): string {
  const name = `rollbook-${identityKey}`;
  if (name === DEFAULT_DB_NAME || identityKey.length === 0) throw new Error('An identity key names no store');
  return name;
}

/**
 * Opens an identity's store with its rows sealed at rest under `storeKey` (at-rest.ts), the key the
 * host hands over for that identity only; rows written before sealing are sealed on the first open.
 */
export async function openIdentityStore(identityKey: string, storeKey: StoreKey): Promise<RollbookDb> {
  const db = sealedStore(storeNameOf(identityKey), storeKey);
  await db.open();
  try {
    await sealOldRows(db);
  } catch (error) {
    db.close();
    throw error;
  }
  return db;
}

/**
 * Makes a store that does not exist yet (a first sign-in on this device): its tables are created
 * while the key that seals it is on its way from the host, so the sealed open that follows finds
 * them made. Nothing is read or written; a store that exists is left alone (its upgrades, if any,
 * run under its key).
 */
export async function makeNewIdentityStore(identityKey: string): Promise<void> {
  const name = storeNameOf(identityKey);
  if (await storeExists(name)) return;
  const db = new RollbookDb(name);
  try {
    await db.open();
  } finally {
    db.close();
  }
}

/**
 * A store's connection (not yet open) with its rows sealed under `storeKey`: the window's, and
 * the import worker's own, which gets the key with each job (storeKeyOf).
 */
export function sealedStore(name: string, storeKey: StoreKey): RollbookDb {
  const db = new RollbookDb(name);
  db.use(atRest(storeKey));
  keys.set(db, storeKey);
  return db;
}

const keys = new WeakMap<RollbookDb, StoreKey>();

/** The key a store was opened with, for a worker that opens the same store (none: a store not sealed, in tests). */
export const storeKeyOf = (db: RollbookDb): StoreKey | undefined => keys.get(db);

/**
 * The settings row that says every row of the store has been sealed (written last, in the same
 * transaction). Named anew when more tables are sealed: the roll call's and the sync's tables
 * were kept clear under the first mark ('sealedAtRest').
 */
const SEALED_MARK = 'sealedAtRest.allTables';

/** Seals, once, the rows a store kept from before sealing: each is read (as it is) and written back (sealed). */
async function sealOldRows(db: RollbookDb): Promise<void> {
  if (await db.settings.get(SEALED_MARK)) return;
  await db.transaction('rw', db.tables, async () => {
    for (const table of db.tables) {
      const rows = await table.toArray();
      if (rows.length > 0) await table.bulkPut(rows);
    }
    await db.settings.put({ key: SEALED_MARK, value: new Date().toISOString() });
  });
}

/** What this device still holds of an identity: changes not yet in Learn (waiting or failed). */
export async function unsentChangesOf(identityKey: string): Promise<number> {
  const name = storeNameOf(identityKey);
  if (!(await storeExists(name))) return 0;
  // Opened as it is (no schema: Dexie refuses to create it), so a store removed meanwhile (a
  // sign-out with nothing waiting) is not made again, empty, by a screen counting what waits.
  const db = new Dexie(name);
  try {
    await db.open();
  } catch (error) {
    if (error instanceof Dexie.NoSuchDatabaseError) return 0;
    throw error;
  }
  try {
    return await waitingOpCount({ outbox: db.table('outbox') });
  } finally {
    db.close();
  }
}

/**
 * Removes everything this device holds for an identity, waiting changes included. The open
 * connection (if it is this identity's) must be closed first, or the delete waits for it.
 */
export async function removeIdentityStore(identityKey: string): Promise<void> {
  await Dexie.delete(storeNameOf(identityKey));
}
