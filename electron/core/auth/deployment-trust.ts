import { execFile } from 'node:child_process';
import { realpath, stat } from 'node:fs/promises';
import { posix, win32 } from 'node:path';

/**
 * Whether the deployment file can be trusted to be IT's: only when no other account could have
 * written it. A file planted in a folder standard users may create once added a look-alike site and
 * pointed an instructor's Ally at another server. So the file, and every folder above it, must be
 * writable by administrators alone (and, on POSIX, by the user running Rollbook, who could type the
 * same settings in anyway):
 * - POSIX (Linux, macOS): owned by root or this user, no group or other write bit; a folder others
 *   may write is accepted only with the sticky bit (as /tmp), where they cannot replace what is not
 *   theirs, and the entry below it is checked in turn. Symbolic links are resolved first.
 * - Windows: every account the file's and its folders' ACLs let write (write, append, modify, full
 *   control, change permissions, take ownership) is SYSTEM, Administrators or TrustedInstaller. The
 *   ACLs are read through a port (`windowsWriters`) so tests can fake them; the default asks
 *   PowerShell's Get-Acl for the writers' SIDs (never localised names).
 * The answer is a plain reason when the file is refused, undefined when it may be read.
 */
export interface TrustOptions {
  platform?: NodeJS.Platform;
  /** This process's user id (POSIX). */
  uid?: number;
  /** Owner and mode of a path, symbolic links followed (tests fake it). */
  statOf?: (path: string) => Promise<{ uid: number; mode: number }>;
  /** The SIDs a path's ACL lets write (Windows; tests fake it). */
  windowsWriters?: (path: string) => Promise<string[]>;
}

const STICKY = 0o1000;
/** SYSTEM, Administrators, TrustedInstaller. */
const WINDOWS_ADMINS = new Set(['S-1-5-18', 'S-1-5-32-544', 'S-1-5-80-956008885-3418522649-1831038044-1853292631-2271478464']);

/**
 * Why the file may not be IT's: who else can change it (Windows: those accounts' SIDs), or whose it
 * is (POSIX: another account's user id), the file itself or `folder`, one of the folders above it.
 */
export type Doubt =
  | { why: 'writable'; folder?: string; accounts: string }
  | { why: 'owner'; folder?: string; owner: number }
  | { why: 'others-write'; folder?: string };

/** Why the file at `path` may not be IT's, or undefined when only administrators (or this user) can change it. */
export async function deploymentFileDoubt(path: string, options: TrustOptions = {}): Promise<Doubt | undefined> {
  const platform = options.platform ?? process.platform;
  const chain = platform === 'win32' ? pathsUpFrom(path, (p) => win32.dirname(p)) : pathsUpFrom(await realpath(path).catch(() => path), (p) => posix.dirname(p));
  const where = (p: string): { folder?: string } => (p === chain[0] ? {} : { folder: p });
  if (platform === 'win32') {
    const writers = options.windowsWriters ?? powershellWriters;
    for (const p of chain) {
      const others = (await writers(p)).filter((sid) => !WINDOWS_ADMINS.has(sid));
      if (others.length > 0) return { why: 'writable', ...where(p), accounts: others.join(', ') };
    }
    return undefined;
  }
  const uid = options.uid ?? process.getuid?.() ?? 0;
  const statOf = options.statOf ?? ((p: string) => stat(p));
  for (const p of chain) {
    const { uid: owner, mode } = await statOf(p);
    if (owner !== 0 && owner !== uid) return { why: 'owner', ...where(p), owner };
    const othersWrite = (mode & 0o022) !== 0;
    const file = p === chain[0];
    if (othersWrite && (file || (mode & STICKY) === 0)) return { why: 'others-write', ...where(p) };
  }
  return undefined;
}

/** The file, then each folder above it up to the root. */
function pathsUpFrom(path: string, dirname: (p: string) => string): string[] {
  const chain = [path];
  for (let p = dirname(path); p !== chain.at(-1); p = dirname(p)) chain.push(p);
  return chain;
}

const WRITE_RIGHTS = /FullControl|Modify|Write|AppendData|CreateFiles|CreateDirectories|ChangePermissions|TakeOwnership/;

/** Windows: the SIDs of Allow entries with a write right, from Get-Acl. */
function powershellWriters(path: string): Promise<string[]> {
  const script =
    "(Get-Acl -LiteralPath $env:ROLLBOOK_ACL_PATH).Access | Where-Object { $_.AccessControlType -eq 'Allow' } | " +
    "ForEach-Object { $_.IdentityReference.Translate([Security.Principal.SecurityIdentifier]).Value + ' ' + $_.FileSystemRights }";
  return new Promise((resolve, reject) => {
    execFile('powershell.exe', ['-NoProfile', '-NonInteractive', '-Command', script], { env: { ...process.env, ROLLBOOK_ACL_PATH: path }, windowsHide: true }, (error, stdout) => {
      if (error) return reject(new Error(`Could not read who may change ${path}`));
      const lines = stdout.split(/\r?\n/).filter((line) => WRITE_RIGHTS.test(line));
      resolve([...new Set(lines.map((line) => line.split(' ')[0] ?? ''))]);
    });
  });
}
