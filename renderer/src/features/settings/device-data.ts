import { IdentityDirectory, unsentChangesOf, type KnownIdentity } from '../../db';

/** An identity with data on this device, as settings lists it: who, where, and what is not yet in Learn. */
export interface DeviceData {
  identity: KnownIdentity;
  /** "Maya Okafor at the demo", "Maya Okafor at learn.school.edu" */
  who: string;
  unsent: number;
}

export function whoOf(identity: Pick<KnownIdentity, 'displayName' | 'userName' | 'siteName'>): string {
  return `${identity.displayName || identity.userName} at ${identity.siteName}`;
}

/** "3 changes not yet sent to Learn", "1 change …", "Nothing waiting to be sent". */
export function unsentWords(n: number): string {
  if (n === 0) return 'Nothing waiting to be sent';
  return `${n.toLocaleString()} ${n === 1 ? 'change' : 'changes'} not yet sent to Learn`;
}

/** Every identity with a store on this device, most recently opened first. */
export async function deviceData(directory: IdentityDirectory = new IdentityDirectory()): Promise<DeviceData[]> {
  const identities = await directory.list();
  return Promise.all(identities.map(async (identity) => ({ identity, who: whoOf(identity), unsent: await unsentChangesOf(identity.key) })));
}
