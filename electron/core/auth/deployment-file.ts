import { readFile, stat } from 'node:fs/promises';
import { z } from 'zod';
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

export class DeploymentFileError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DeploymentFileError';
  }
}

const MAX_BYTES = 64 * 1024;

/** Reads and checks a deployment file. The file is read, never modified or deleted. */
export async function readDeploymentFile(path: string): Promise<DeploymentFile & { site: LearnSite }> {
  const where = `The deployment file ${path}`;
  let text: string;
  try {
    if ((await stat(path)).size > MAX_BYTES) throw new DeploymentFileError(`${where} is too large to be a deployment file.`);
    text = await readFile(path, 'utf8');
  } catch (error) {
    if (error instanceof DeploymentFileError) throw error;
    throw new DeploymentFileError(`${where} cannot be read (${(error as NodeJS.ErrnoException).code ?? 'error'}).`);
  }
  return parseDeployment(text, where);
}

/** Checks the text of a deployment file (or of the same fields typed into Settings). */
export function parseDeployment(text: string, where = 'The deployment file'): DeploymentFile & { site: LearnSite } {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    throw new DeploymentFileError(`${where} is not valid JSON.`);
  }
  const parsed = DeploymentFile.safeParse(data);
  if (!parsed.success) {
    // zod's messages say what is wrong without quoting the input; the secret never appears.
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.') || 'file'}: ${issue.message}`);
    throw new DeploymentFileError(`${where} is not usable: ${problems.join('; ')}. It needs learnUrl, applicationKey and applicationSecret.`);
  }
  if ((parsed.data.allyClientId === undefined) !== (parsed.data.allySecret === undefined)) {
    const missing = parsed.data.allyClientId === undefined ? 'allyClientId' : 'allySecret';
    throw new DeploymentFileError(`${where} is not usable: ${missing}: missing. Ally needs allyClientId and allySecret together; give both, or neither where the institution has no Ally.`);
  }
  if (parsed.data.allyUrl !== undefined && parsed.data.allyClientId === undefined) {
    throw new DeploymentFileError(`${where} is not usable: allyUrl is given without allyClientId and allySecret.`);
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
    if (error instanceof BaseUrlError) throw new DeploymentFileError(`${where}: ${error.message}`);
    throw error;
  }
}

/** Keeps the secret in the vault and returns what may be kept in plain settings. */
export async function rememberApplication(vault: TokenVault, deployment: DeploymentFile & { site: LearnSite }): Promise<ApplicationRegistration> {
  await vault.set(deployment.site.id, 'application-secret', deployment.applicationSecret);
  return { site: deployment.site, applicationKey: deployment.applicationKey };
}
