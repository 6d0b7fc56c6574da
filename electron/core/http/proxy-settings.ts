import { isLoopbackHost } from './base-url';

/**
 * Which proxy a request goes through, from HTTPS_PROXY / HTTP_PROXY / NO_PROXY (lower-case forms
 * first, as curl and undici read them). The rule is undici's EnvHttpProxyAgent's: an https target
 * uses HTTPS_PROXY, else HTTP_PROXY; NO_PROXY lists names (a name covers its subdomains; a leading
 * `.` or `*.` is the same), optionally with `:port`, or `*` for every host. Rollbook decides the
 * route itself so that this computer's own addresses never go through a proxy, and so that an error
 * can name the proxy the request went through.
 */

export interface ProxyServer {
  /** The proxy's URL as configured (it may hold a user name and password: never log it). */
  uri: string;
  /** scheme://host:port, without credentials: what messages and logs show. */
  display: string;
  /** The variable it came from ("HTTPS_PROXY"), so a message can say what to change; absent: this computer's proxy settings (system-proxy.ts). */
  variable?: string;
}

interface NoProxyEntry {
  hostname: string;
  port: number;
}

export interface ProxySettings {
  https?: ProxyServer;
  http?: ProxyServer;
  /** NO_PROXY is `*`: nothing goes through a proxy. */
  bypassAll: boolean;
  noProxy: readonly NoProxyEntry[];
}

const DEFAULT_PORTS: Record<string, number> = { 'http:': 80, 'https:': 443 };

export function readProxySettings(env: NodeJS.ProcessEnv): ProxySettings {
  const http = proxyServer(env, 'http_proxy', 'HTTP_PROXY');
  const https = proxyServer(env, 'https_proxy', 'HTTPS_PROXY') ?? http;
  const noProxyValue = (env.no_proxy || env.NO_PROXY || '').trim();
  const noProxy: NoProxyEntry[] = [];
  for (const entry of noProxyValue.split(/[,\s]+/)) {
    if (!entry || entry === '*') continue;
    const withPort = /^(.+):(\d+)$/.exec(entry);
    const name = withPort?.[1] ?? entry;
    // A bare IPv6 address ("::1") is not host:port; undici and curl want it in brackets anyway.
    if (withPort && name.includes(':') && !name.startsWith('[')) continue;
    noProxy.push({ hostname: name.replace(/^\*?\./, '').toLowerCase(), port: withPort ? Number(withPort[2]) : 0 });
  }
  return { ...(https ? { https } : {}), ...(http ? { http } : {}), bypassAll: noProxyValue === '*', noProxy };
}

/** The proxy a request to `url` goes through, or undefined for a direct connection. */
export function proxyFor(url: URL, settings: ProxySettings): ProxyServer | undefined {
  const server = url.protocol === 'https:' ? settings.https : settings.http;
  if (!server || settings.bypassAll) return undefined;
  if (isThisComputer(url)) return undefined;
  const hostname = url.hostname.toLowerCase();
  const port = Number(url.port) || DEFAULT_PORTS[url.protocol] || 0;
  for (const entry of settings.noProxy) {
    if (entry.port && entry.port !== port) continue;
    if (hostname === entry.hostname || hostname.endsWith(`.${entry.hostname}`)) return undefined;
  }
  return server;
}

/** This computer is never reached through a proxy: the sandbox, demo mode, and the sign-in listener. */
export function isThisComputer(url: URL): boolean {
  const hostname = url.hostname.toLowerCase();
  return isLoopbackHost(hostname) || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(hostname) || hostname.endsWith('.localhost');
}

/** Whether HTTPS_PROXY or HTTP_PROXY names a proxy: then they decide the route, whatever the system says. */
export function namesAProxy(settings: ProxySettings): boolean {
  return settings.https !== undefined || settings.http !== undefined;
}

/** scheme://host:port of a proxy URL: never its user name or password. */
export function proxyForDisplay(url: URL): string {
  return `${url.protocol}//${url.host}`;
}

function proxyServer(env: NodeJS.ProcessEnv, lower: string, upper: string): ProxyServer | undefined {
  const fromLower = env[lower]?.trim();
  const raw = fromLower || env[upper]?.trim();
  if (!raw) return undefined;
  // "proxy.school.edu:3128" is common in these variables and means http://.
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(raw) ? raw : `http://${raw}`;
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
  return { uri: url.href, display: proxyForDisplay(url), variable: fromLower ? lower : upper };
}
