/**
 * The one rule for the base URLs a user types (Learn's `https://learn.example.edu/learn`, Ally's
 * region URL): https only, except on this machine (127.0.0.1, localhost, [::1]) where the sandbox
 * and demo mode run over plain http. Both the Learn and the Ally client go through here.
 */

/** The user typed a base URL Rollbook will not send credentials to. The message says why and what to do. */
export class BaseUrlError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BaseUrlError';
  }
}

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

/** True for hosts that never leave this machine. */
export function isLoopbackHost(hostname: string): boolean {
  return LOOPBACK_HOSTS.has(hostname.toLowerCase());
}

/**
 * Checks and normalises a base URL: https (or http on loopback), no user name or password, no
 * query or fragment; the path keeps its prefix (`/learn`) without a trailing slash.
 * Throws BaseUrlError with a message for the user.
 */
export function parseBaseUrl(raw: string, service = 'Learn'): URL {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    throw new BaseUrlError(`"${raw}" is not a web address. Enter your ${service} address, for example https://learn.example.edu/learn.`);
  }
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && isLoopbackHost(url.hostname))) {
    throw new BaseUrlError(
      `${service} must be reached over https (the address starts with ${url.protocol}//). ` +
        `Use the https:// address of your ${service} site; plain http is allowed only for this computer (127.0.0.1 or localhost).`,
    );
  }
  if (url.username || url.password) {
    throw new BaseUrlError(`The ${service} address must not contain a user name or password.`);
  }
  if (url.search || url.hash) {
    throw new BaseUrlError(`The ${service} address must not contain a query (?…) or fragment (#…).`);
  }
  url.pathname = url.pathname.replace(/\/+$/, '');
  return url;
}

/**
 * Joins a base URL (with its path prefix) and an API path: `joinUrl(https://h/learn, '/api/x')`
 * gives `https://h/learn/api/x`. The path's segments must already be encoded.
 */
export function joinUrl(base: URL, path: string): URL {
  const prefix = base.pathname.replace(/\/+$/, '');
  return new URL(`${base.origin}${prefix}${path.startsWith('/') ? '' : '/'}${path}`);
}

/** `origin + path`, never the query or fragment: what logs and error messages may show (queries can hold tokens). */
export function urlForDisplay(url: URL | string): string {
  const parsed = typeof url === 'string' ? new URL(url) : url;
  return `${parsed.origin}${parsed.pathname}`;
}
