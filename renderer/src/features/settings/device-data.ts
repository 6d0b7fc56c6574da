import { IdentityDirectory, unsentChangesOf, type KnownIdentity } from '../../db';
import { t } from '../../ui/i18n';
import { formatNumber } from '../../ui/locale-format';

/** An identity with data on this device, as settings lists it: who, where, and what is not yet in Learn. */
export interface DeviceData {
  identity: KnownIdentity;
  /** "Maya Okafor at the demo", "Maya Okafor at learn.school.edu" */
  who: string;
  unsent: number;
}

export function whoOf(identity: Pick<KnownIdentity, 'displayName' | 'userName' | 'siteName'>): string {
  return t('settings.who', { name: identity.displayName || identity.userName, site: identity.siteName });
}

/** "3 changes not yet sent to Learn", "1 change …", "Nothing waiting to be sent". */
export function unsentWords(n: number): string {
  if (n === 0) return t('settings.nothingUnsent');
  return t('settings.unsent', { count: n, n: formatNumber(n) });
}

/** Every identity with a store on this device, most recently opened first. */
export async function deviceData(directory: IdentityDirectory = new IdentityDirectory()): Promise<DeviceData[]> {
  const identities = await directory.list();
  return Promise.all(identities.map(async (identity) => ({ identity, who: whoOf(identity), unsent: await unsentChangesOf(identity.key) })));
}
