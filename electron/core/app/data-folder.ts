import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { z } from 'zod';
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

const Remembered = z.strictObject({ learnUrl: z.string().min(1), applicationKey: z.string().min(1) });

/** The remembered site as a small JSON file in `directory` (user-only, replaced atomically). */
export function fileSiteMemory(directory: string, fileName = 'rollbook-site.json'): SiteMemory {
  const file = join(directory, fileName);
  return {
    async read() {
      try {
        const parsed = Remembered.safeParse(JSON.parse(await readFile(file, 'utf8')));
        return parsed.success ? parsed.data : undefined;
      } catch {
        // Absent or unreadable: the user signs in again, nothing else depends on it.
        return undefined;
      }
    },
    async write(site: RememberedSite) {
      await mkdir(directory, { recursive: true, mode: 0o700 });
      const temporary = `${file}.tmp`;
      await writeFile(temporary, JSON.stringify(Remembered.parse(site)), { mode: 0o600 });
      await rename(temporary, file);
    },
    async clear() {
      await rm(file, { force: true });
    },
  };
}
