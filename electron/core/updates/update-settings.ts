import { readFile } from 'node:fs/promises';
import { z } from 'zod';
import { isLoopbackHost } from '../http/base-url';

/**
 * Where the installed app looks for updates, and whether it looks at all. By default it reads the
 * publisher's feed (DEFAULT_UPDATE_FEED, also `publish.url` in build/electron-builder.yml). The
 * deployment file IT distributes (docs/deploying.md) may turn updates off, for institutions that
 * push new versions themselves, or point them at the institution's own mirror:
 *
 *   { ..., "updates": { "enabled": false } }
 *   { ..., "updates": { "url": "https://software.school.edu/rollbook/" } }
 *
 * A feed is HTTPS, always: what it names is installed and run. The one exception is for tests,
 * which serve a feed on this computer: `allowLoopbackHttp` lets http through to 127.0.0.1, [::1]
 * or localhost only, and no host passes it (main.ts reads the file without it).
 */
export const DEFAULT_UPDATE_FEED = 'https://updates.rollbook.example.edu/desktop/';

export const UpdateSettings = z.strictObject({
  enabled: z.boolean().optional(),
  url: z.string().min(1).max(2000).optional(),
});
export type UpdateSettings = z.infer<typeof UpdateSettings>;

/** The settings as read from the file: `problem` when they could not be read (updates are then off). */
export type ReadSettings = UpdateSettings & { problem?: string };

export type UpdateFeed =
  | { state: 'on'; url: string; source: 'publisher' | 'deployment file' }
  /** Why Rollbook does not look for updates, for the log. */
  | { state: 'off'; reason: string };

export interface FeedRules {
  /** Tests only: an http feed on this computer. */
  allowLoopbackHttp?: boolean;
}

/** The feed the settings name, or why there is none. */
export function updateFeed(settings: ReadSettings | undefined, rules: FeedRules = {}): UpdateFeed {
  if (settings?.problem !== undefined) return { state: 'off', reason: settings.problem };
  if (settings?.enabled === false) return { state: 'off', reason: 'the deployment file turns updates off' };
  const source = settings?.url !== undefined ? 'deployment file' : 'publisher';
  const problem = feedProblem(settings?.url ?? DEFAULT_UPDATE_FEED, rules);
  if (problem) return { state: 'off', reason: `the ${source}'s update address ${problem}` };
  // electron-updater joins `latest.yml` to the address: without the final slash it would replace its last segment.
  const url = new URL(settings?.url ?? DEFAULT_UPDATE_FEED);
  if (!url.pathname.endsWith('/')) url.pathname += '/';
  return { state: 'on', url: url.href, source };
}

/** What is wrong with a feed address, in words; undefined when it may be used. */
export function feedProblem(raw: string, rules: FeedRules = {}): string | undefined {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return 'is not an address';
  }
  if (url.username || url.password) return 'must not carry a user name or password';
  if (url.search || url.hash) return 'must not carry a query or fragment';
  if (url.protocol === 'https:') return undefined;
  if (url.protocol === 'http:' && rules.allowLoopbackHttp && isLoopbackHost(url.hostname)) return undefined;
  return 'must start with https://';
}

/**
 * The `updates` part of the deployment file at `path`. No file: the defaults. A file whose
 * `updates` cannot be read turns updates off: IT meant something by it, and the safe reading of a
 * setting that cannot be read is not to fetch and install anything. The rest of the file (the
 * site) is read and reported by managed-deployment.ts, which accepts this part as it is.
 */
export async function readUpdateSettings(path: string): Promise<ReadSettings> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return {};
    return { enabled: false, problem: `the deployment file cannot be read (${(error as NodeJS.ErrnoException).code ?? 'error'})` };
  }
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return { enabled: false, problem: 'the deployment file is not valid JSON' };
  }
  const updates = typeof data === 'object' && data !== null ? (data as { updates?: unknown }).updates : undefined;
  if (updates === undefined) return {};
  const parsed = UpdateSettings.safeParse(updates);
  if (parsed.success) return parsed.data;
  return { enabled: false, problem: `the deployment file's updates are not usable (${parsed.error.issues.map((i) => `${['updates', ...i.path].join('.')}: ${i.message}`).join('; ')})` };
}
