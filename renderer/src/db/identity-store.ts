import { Dexie } from 'dexie';
import { DEFAULT_DB_NAME, openRollbookDb, storeExists, type RollbookDb } from './rollbook-db';
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

export function openIdentityStore(identityKey: string): Promise<RollbookDb> {
  return openRollbookDb(storeNameOf(identityKey));
}

/** What this device still holds of an identity: changes not yet in Learn (waiting or failed). */
export async function unsentChangesOf(identityKey: string): Promise<number> {
  const name = storeNameOf(identityKey);
  if (!(await storeExists(name))) return 0;
  const db = await openRollbookDb(name);
  try {
    return await waitingOpCount(db);
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
