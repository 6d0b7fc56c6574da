import { ProxyFailure, PROXY_SETTINGS_UNREADABLE, SOCKS_PROXY_UNSUPPORTED } from './network-problem';
import type { ProxyServer } from './proxy-settings';

/**
 * The desktop's route for a URL, from this computer's proxy settings as Chromium resolves them
 * (Electron's `session.resolveProxy`, which follows the system settings, PAC files and WPAD
 * included). Its answer is a PAC result: entries separated by `;`, in the order to try them:
 * `DIRECT`, `PROXY host:port` (an HTTP proxy), `HTTPS host:port` (a proxy reached over TLS),
 * `SOCKS host:port` / `SOCKS4` / `SOCKS5`, `QUIC host:port`; an empty string when the lookup failed.
 *
 * Rollbook's client (undici) speaks to HTTP and HTTPS proxies. An entry it cannot use (SOCKS, QUIC)
 * is passed over for the next one the settings themselves offer, as Chromium passes over a proxy
 * that fails; so `SOCKS5 a:1080; DIRECT` goes direct, but `SOCKS5 a:1080` alone never does: it is a
 * failure told in words. Only the first usable entry is tried.
 */

/** What the host's resolver answers for a URL (Electron: `(url) => session.resolveProxy(url.href)`). */
export type SystemProxyResolver = (url: URL) => Promise<string>;

/** The proxy `url` goes through per the system's answer, or undefined to connect directly. */
export function routeFromSystem(answer: string): ProxyServer | undefined {
  const entries = answer
    .split(';')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
  if (entries.length === 0) throw settingsUnreadable(new Error('The proxy lookup answered nothing'));
  let passedOver: string | undefined;
  for (const entry of entries) {
    const [kind = '', where = ''] = entry.split(/\s+/, 2);
    switch (kind.toUpperCase()) {
      case 'DIRECT':
        return undefined;
      case 'PROXY':
        if (where) return server('http', where);
        break;
      case 'HTTPS':
        if (where) return server('https', where);
        break;
      default:
        // SOCKS, SOCKS4, SOCKS5, QUIC, or a word this version does not know.
        passedOver ??= where ? `${kind.toLowerCase()}://${where}` : kind;
    }
  }
  const error = Object.assign(new Error(`No proxy Rollbook can use in "${entries.join('; ')}"`), { code: SOCKS_PROXY_UNSUPPORTED });
  throw new ProxyFailure(passedOver ?? entries[0] ?? '', undefined, undefined, error);
}

/** Asks the resolver, and tells a resolver that failed (threw, or answered nothing) as such. */
export async function askSystem(resolve: SystemProxyResolver, url: URL): Promise<ProxyServer | undefined> {
  let answer: string;
  try {
    answer = await resolve(url);
  } catch (error) {
    throw settingsUnreadable(error);
  }
  return routeFromSystem(answer);
}

function server(scheme: 'http' | 'https', where: string): ProxyServer {
  let url: URL;
  try {
    url = new URL(`${scheme}://${where}`);
  } catch (error) {
    throw settingsUnreadable(error);
  }
  return { uri: url.href, display: `${url.protocol}//${url.host}` };
}

function settingsUnreadable(cause: unknown): ProxyFailure {
  const error = Object.assign(new Error("This computer's proxy settings could not be read", { cause }), { code: PROXY_SETTINGS_UNREADABLE });
  return new ProxyFailure('', undefined, undefined, error);
}
