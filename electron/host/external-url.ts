import { spawn } from 'node:child_process';
import type { OpenExternal } from '../core/auth/authorization-flow';
import { createLogger } from '../../shared/logger';

/**
 * The only way Rollbook opens the system browser: an allow-list in front of the host's opener.
 * Only http(s) URLs whose origin is the Learn site being signed in to (or the demo sandbox) pass;
 * anything else (file:, javascript:, a custom scheme, another site) is refused and logged by origin
 * only, never by full URL (an authorization URL carries state and a PKCE challenge).
 * The desktop's opener is Electron's shell.openExternal; browser mode's is openInSystemBrowser.
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
 * Browser mode's system browser: the platform's own opener, started detached and without a shell
 * (the URL is one argument, never parsed as a command line). Put the allow-list in front.
 */
export function openInSystemBrowser(url: string, platform: NodeJS.Platform = process.platform): Promise<void> {
  const [command, args] =
    platform === 'darwin' ? ['open', [url]] : platform === 'win32' ? ['rundll32', ['url.dll,FileProtocolHandler', url]] : ['xdg-open', [url]];
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { detached: true, stdio: 'ignore' });
    child.once('error', reject);
    child.once('spawn', () => {
      child.unref();
      resolve();
    });
  });
}
