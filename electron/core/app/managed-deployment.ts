import { stat } from 'node:fs/promises';
import { join, win32 } from 'node:path';
import { DeploymentFileError, readDeploymentFile } from '../auth/deployment-file';
import { deploymentFileDoubt, type Doubt, type TrustOptions } from '../auth/deployment-trust';
import type { TokenVault } from '../auth/token-vault';
import type { SiteList, SiteEntry } from './known-sites';

/**
 * The deployment file IT places at a managed path (docs/deploying.md, section 5), read at every
 * start-up: its site joins the chooser with its label, its secrets go to the vault. It is read only
 * when no account but an administrator (or this user) could have written it (auth/deployment-trust.ts).
 * A site the user added by typing its key and secret is never overwritten and its Ally is never set
 * from the file (a planted file once pointed a user's own site's Ally at another server): only the
 * label is added to it.
 */

/** Where IT puts the file on each operating system: a folder only administrators may write. */
export function managedDeploymentPath(platform: NodeJS.Platform = process.platform, env: NodeJS.ProcessEnv = process.env): string {
  if (platform === 'win32') return win32.join(env.ProgramData ?? 'C:\\ProgramData', 'Rollbook', 'deployment.json');
  if (platform === 'darwin') return '/Library/Application Support/Rollbook/deployment.json';
  return join('/etc', 'rollbook', 'deployment.json');
}

export type DeploymentOutcome =
  | { state: 'absent' }
  /** The site was added or brought up to date from the file. */
  | { state: 'applied'; learnUrl: string }
  /** The user added the site themselves: their key and secret were kept. */
  | { state: 'kept-user-site'; learnUrl: string };

/** Applies the file at `path` when there is one; throws DeploymentFileError (naming the field, never a value) when it is not usable. */
export async function applyDeploymentFile(path: string, deps: { vault: TokenVault; sites: SiteList; trust?: TrustOptions }): Promise<DeploymentOutcome> {
  const exists = await stat(path).then(
    () => true,
    (error: NodeJS.ErrnoException) => error.code !== 'ENOENT',
  );
  if (!exists) return { state: 'absent' };
  const doubt = await deploymentFileDoubt(path, deps.trust);
  if (doubt) throw distrusted(path, doubt);
  const file = await readDeploymentFile(path);
  const { site } = file;
  const known = await deps.sites.get(site.learnUrl);
  const userSite = known !== undefined && known.fromDeployment !== true;
  const ally = file.allyClientId !== undefined ? { allyClientId: file.allyClientId, ...(file.allyUrl !== undefined ? { allyUrl: file.allyUrl } : {}) } : {};
  const entry: SiteEntry = userSite
    ? { ...withoutDeploymentFields(known), ...(file.label !== undefined ? { label: file.label } : {}) }
    : {
        learnUrl: site.learnUrl,
        applicationKey: file.applicationKey,
        ...(file.label !== undefined ? { label: file.label } : {}),
        ...ally,
        fromDeployment: true,
        ...(known?.user ? { user: known.user } : {}),
        ...(known?.lastUser ? { lastUser: known.lastUser } : {}),
      };
  if (!userSite) await deps.vault.set(site.id, 'application-secret', file.applicationSecret);
  if (file.allySecret !== undefined && !userSite) await deps.vault.set(site.id, 'ally-secret', file.allySecret);
  else await deps.vault.delete(site.id, 'ally-secret');
  if (JSON.stringify(entry) !== JSON.stringify(known)) await deps.sites.add(entry);
  return userSite ? { state: 'kept-user-site', learnUrl: site.learnUrl } : { state: 'applied', learnUrl: site.learnUrl };
}

/** A user's entry without what an earlier file put there (the label is the file's to say; Ally is never the file's on a user's site). */
function withoutDeploymentFields(entry: SiteEntry): SiteEntry {
  const { label: _label, allyClientId: _id, allyUrl: _url, ...rest } = entry;
  return rest;
}

/** Why the file is not used, one whole sentence for each reason and for the file or a folder above it. */
function distrusted(path: string, doubt: Doubt): DeploymentFileError {
  const inFolder = doubt.folder !== undefined;
  const folder: Record<string, string> = doubt.folder !== undefined ? { folder: doubt.folder } : {};
  if (doubt.why === 'writable') return new DeploymentFileError(inFolder ? 'hostnotes.deployment.folderWritable' : 'hostnotes.deployment.fileWritable', { path, ...folder, accounts: doubt.accounts });
  if (doubt.why === 'owner') return new DeploymentFileError(inFolder ? 'hostnotes.deployment.folderOwner' : 'hostnotes.deployment.fileOwner', { path, ...folder, owner: doubt.owner });
  return new DeploymentFileError(inFolder ? 'hostnotes.deployment.folderOthersWrite' : 'hostnotes.deployment.fileOthersWrite', { path, ...folder });
}
