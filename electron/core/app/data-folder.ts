import { rm } from 'node:fs/promises';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { z } from 'zod';
import { readPrivateJson, replacePrivateFile } from '../files/private-file';
import { KeptUser } from './known-sites';
import type { RememberedSite, SiteMemory } from './sign-in-service';

/**
 * Where a host keeps its few files between launches: the vault file, and the last Learn site's
 * URL and application key (not secret), so the next launch restores the sign-in whose refresh
 * token the vault keeps. The application secret never goes into the site file.
 */

/**
 * Browser mode's data folder: $ROLLBOOK_DATA_DIR, else the user's config folder (XDG_CONFIG_HOME
 * or ~/.config on Linux, Application Support on macOS, APPDATA on Windows) + `rollbook`. The
 * desktop host uses Electron's userData folder instead.
 */
export function browserDataDir(env: NodeJS.ProcessEnv = process.env, platform: NodeJS.Platform = process.platform, home: string = homedir()): string {
  if (env.ROLLBOOK_DATA_DIR) return env.ROLLBOOK_DATA_DIR;
  if (platform === 'win32') return join(env.APPDATA ?? join(home, 'AppData', 'Roaming'), 'rollbook');
  if (platform === 'darwin') return join(home, 'Library', 'Application Support', 'rollbook');
  return join(env.XDG_CONFIG_HOME ?? join(home, '.config'), 'rollbook');
}

const Remembered = z.strictObject({ learnUrl: z.string().min(1), applicationKey: z.string().min(1), user: KeptUser.optional() });

/** The remembered site as a small JSON file in `directory` (user-only, replaced atomically). */
export function fileSiteMemory(directory: string, fileName = 'rollbook-site.json'): SiteMemory {
  const file = join(directory, fileName);
  return {
    async read() {
      // Absent, damaged or unreadable: the user signs in again, nothing else depends on it.
      const kept = await readPrivateJson(file, Remembered).catch(() => undefined);
      return kept?.state === 'read' ? kept.data : undefined;
    },
    async write(site: RememberedSite) {
      await replacePrivateFile(file, JSON.stringify(Remembered.parse(site)));
    },
    async clear() {
      await rm(file, { force: true });
    },
  };
}
