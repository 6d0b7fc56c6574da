import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { OpenExternal } from '../core/auth/authorization-flow';
import { createLogger } from '../../shared/logger';
import { replacePrivateFile } from '../core/files/private-file';

/**
 * The only way Rollbook opens the system browser: an allow-list in front of the host's opener.
 * Only http(s) URLs whose origin is the Learn site being signed in to (or the demo sandbox) pass;
 * anything else (file:, javascript:, a custom scheme, another site) is refused and logged by origin
 * only, never by full URL (an authorization URL carries state and a PKCE challenge).
 * The desktop's opener is Electron's shell.openExternal; browser mode's is systemBrowser; both are
 * given a redirect page's address, never the URL itself (openThroughRedirectFile).
 */
const log = createLogger('host.external');

export function externalUrlAllowed(url: string, allowedOrigins: Iterable<string | undefined>): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return false;
  if (parsed.username || parsed.password) return false;
  for (const origin of allowedOrigins) if (origin && parsed.origin === origin) return true;
  return false;
}

export function allowListedOpener(open: (url: string) => Promise<void>, allowedOrigins: () => Iterable<string | undefined>): OpenExternal {
  return (url) => {
    if (!externalUrlAllowed(url, allowedOrigins())) {
      log.warn('Refused to open a URL outside the allow-list', { origin: originOf(url) });
      return Promise.reject(new Error('Rollbook opens only the Learn site you sign in to.'));
    }
    return open(url);
  };
}

function originOf(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return 'unparseable URL';
  }
}

/**
 * The system browser, opened with no secret on any command line. A launch link carries a one-time
 * code and a sign-in URL its `state`; any account on the computer can read a process's arguments
 * (`/proc/<pid>/cmdline`, `ps`), and spent such a code 22 ms after `xdg-open <link>` started. So
 * the link goes into a page that forwards to it (as Jupyter's redirect file does), written 0600 in
 * the 0700 data folder, and the opener is given only that page's path. The page is removed once the
 * browser has had time to read it.
 */
const REDIRECT_PREFIX = 'open-in-browser-';
const REDIRECT_KEPT_MS = 2 * 60 * 1000;

/** The page that forwards the browser to `url`; no referrer goes with it. */
export function redirectPage(url: string): string {
  const href = url.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  return `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><meta name="referrer" content="no-referrer">
<meta http-equiv="refresh" content="0;url=${href}"><title>Opening Rollbook</title></head>
<body><p>Opening Rollbook. If nothing happens, <a href="${href}" rel="noreferrer">follow this link</a>.</p></body></html>
`;
}

/**
 * Writes `url` into a fresh redirect page in `dataDir` and hands `open` only the page's address
 * (a path, or a file: URL: neither says anything worth stealing). Resolves once the opener has.
 */
export async function openThroughRedirectFile(url: string, dataDir: string, open: (file: string) => Promise<void>): Promise<string> {
  const file = join(dataDir, `${REDIRECT_PREFIX}${randomBytes(8).toString('hex')}.html`);
  await replacePrivateFile(file, redirectPage(url));
  setTimeout(() => void rm(file, { force: true }), REDIRECT_KEPT_MS).unref();
  await open(file);
  return file;
}

/**
 * Browser mode's system browser: the platform's own opener, started detached and without a shell,
 * given the redirect page's path (never the link). Put the allow-list in front.
 */
export function systemBrowser(dataDir: string, platform: NodeJS.Platform = process.platform): (url: string) => Promise<void> {
  return async (url) => {
    await openThroughRedirectFile(url, dataDir, (file) => spawnOpener(file, platform));
  };
}

/** The platform's opener for a file, with the file as its one argument. Exported for its test. */
export function openerCommand(file: string, platform: NodeJS.Platform): [string, string[]] {
  if (platform === 'darwin') return ['open', [file]];
  if (platform === 'win32') return ['rundll32', ['url.dll,FileProtocolHandler', file]];
  return ['xdg-open', [file]];
}

function spawnOpener(file: string, platform: NodeJS.Platform): Promise<void> {
  const [command, args] = openerCommand(file, platform);
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { detached: true, stdio: 'ignore' });
    child.once('error', reject);
    child.once('spawn', () => {
      child.unref();
      resolve();
    });
  });
}
