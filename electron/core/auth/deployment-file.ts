import { readFile, stat } from 'node:fs/promises';
import { z } from 'zod';
import type { MessageKey } from '../../../shared/i18n/messages/en';
import type { HostWords } from '../../../shared/ipc/host-words';
import { hostWords } from '../host-words';
import { BaseUrlError, parseBaseUrl } from '../http/base-url';
import { learnAddressesToTry, learnSite, type LearnSite } from './learn-site';
import type { TokenVault } from './token-vault';
import { UpdateSettings } from '../updates/update-settings';

/**
 * The institution's registration of Rollbook with its Learn: the site, the application key and
 * the application secret. It comes from the institution, never from Rollbook's source tree
 * (docs/architecture.md: a secret shipped inside a desktop app is not secret, RFC 8252 §8.5): either
 * typed in once, or read from a deployment file IT distributes:
 *
 *   { "learnUrl": "https://learn.example.edu", "applicationKey": "…", "applicationSecret": "…",
 *     "label": "Northfield Learn", "allyClientId": 1234, "allySecret": "…", "allyUrl": "https://prod.ally.ac" }
 *
 * (`learnUrl` may name the host alone or its `/learn` root: both are the site `https://learn.example.edu/learn`.)
 * `label` names the site in the chooser; the Ally fields are for institutions that use Ally (both
 * or neither; `allyUrl` defaults to Ally's main region).
 *
 * Once read, the secret goes into the vault (`rememberApplication`) and nowhere else. Error
 * messages name the file and the field, never a value.
 */
export const DeploymentFile = z.strictObject({
  learnUrl: z.string().min(1),
  // HTTP Basic cannot carry a colon in the user part (RFC 7617 §2); Learn keys are UUIDs.
  applicationKey: z.string().trim().min(1).max(200).regex(/^[^:\s]+$/, 'must not contain a colon or spaces'),
  applicationSecret: z.string().min(1).max(500),
  label: z.string().trim().min(1).max(80).optional(),
  // Ally numbers its clients (docs/api-notes/ally.md, "Ally content feedback API").
  allyClientId: z.number().int().positive().optional(),
  allySecret: z.string().min(1).max(500).optional(),
  allyUrl: z.string().min(1).max(2000).optional(),
  // The installed app's updates: off, or from the institution's mirror (updates/update-settings.ts).
  updates: UpdateSettings.optional(),
});
export type DeploymentFile = z.infer<typeof DeploymentFile>;

/** Ally's main region, where an institution's Ally lives unless the file says otherwise. */
export const DEFAULT_ALLY_URL = 'https://prod.ally.ac';

/** The non-secret half, which settings may keep and show. */
export interface ApplicationRegistration {
  site: LearnSite;
  applicationKey: string;
}

/** Why a deployment file is not used, as the English text and its catalogue key (`hostnotes.deployment.*`) with the path and the field as values. */
export class DeploymentFileError extends Error {
  readonly words: HostWords;

  constructor(key: MessageKey, values: Record<string, string | number>) {
    const said = hostWords(key, values);
    super(said.message);
    this.name = 'DeploymentFileError';
    this.words = said.words;
  }
}

const MAX_BYTES = 64 * 1024;

/** Reads and checks a deployment file. The file is read, never modified or deleted. */
export async function readDeploymentFile(path: string): Promise<DeploymentFile & { site: LearnSite }> {
  let text: string;
  try {
    if ((await stat(path)).size > MAX_BYTES) throw new DeploymentFileError('hostnotes.deployment.tooLarge', { path });
    text = await readFile(path, 'utf8');
  } catch (error) {
    if (error instanceof DeploymentFileError) throw error;
    throw new DeploymentFileError('hostnotes.deployment.unreadable', { path, code: (error as NodeJS.ErrnoException).code ?? 'error' });
  }
  return parseDeployment(text, path);
}

/** Checks the text of the deployment file at `path` (named in what it says is wrong). */
export function parseDeployment(text: string, path: string): DeploymentFile & { site: LearnSite } {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    throw new DeploymentFileError('hostnotes.deployment.notJson', { path });
  }
  const parsed = DeploymentFile.safeParse(data);
  if (!parsed.success) {
    // zod's messages say what is wrong without quoting the input; the secret never appears. They stay as zod words them (a value).
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.') || 'file'}: ${issue.message}`);
    throw new DeploymentFileError('hostnotes.deployment.fieldsWrong', { path, problems: problems.join('; ') });
  }
  if ((parsed.data.allyClientId === undefined) !== (parsed.data.allySecret === undefined)) {
    const missing = parsed.data.allyClientId === undefined ? 'allyClientId' : 'allySecret';
    throw new DeploymentFileError('hostnotes.deployment.allyHalf', { path, missing });
  }
  if (parsed.data.allyUrl !== undefined && parsed.data.allyClientId === undefined) {
    throw new DeploymentFileError('hostnotes.deployment.allyUrlAlone', { path });
  }
  try {
    // A full address (no query or fragment), put at Learn's `/learn` root as a typed one is
    // (`https://learn.example.edu` is the site at `/learn`), so the secret is kept under the site
    // id a sign-in with that address finds. No network here: the sign-in checks that Learn answers.
    const [learnUrl] = learnAddressesToTry(parseBaseUrl(parsed.data.learnUrl, 'Learn').href);
    // Checked like the Learn address: https (http only on this computer), no query, no user info.
    if (parsed.data.allyUrl !== undefined) parseBaseUrl(parsed.data.allyUrl, 'Ally');
    return { ...parsed.data, site: learnSite(learnUrl ?? parsed.data.learnUrl) };
  } catch (error) {
    if (error instanceof BaseUrlError) throw new DeploymentFileError('hostnotes.deployment.address', { path, problem: error.message });
    throw error;
  }
}

/** Keeps the secret in the vault and returns what may be kept in plain settings. */
export async function rememberApplication(vault: TokenVault, deployment: DeploymentFile & { site: LearnSite }): Promise<ApplicationRegistration> {
  await vault.set(deployment.site.id, 'application-secret', deployment.applicationSecret);
  return { site: deployment.site, applicationKey: deployment.applicationKey };
}
