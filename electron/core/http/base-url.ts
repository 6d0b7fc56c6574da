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

const HAS_SCHEME = /^[a-z][a-z0-9+.-]*:\/\//i;

function notAnAddress(raw: string, service: string): BaseUrlError {
  return new BaseUrlError(`"${raw}" is not a web address. Enter your ${service} address, for example https://learn.example.edu/learn.`);
}

/**
 * Reads an address as a person types it: the scheme may be left out (`learn.school.edu` means
 * https; an address on this computer, `127.0.0.1:4010`, means http, as the sandbox and demo mode
 * serve), the host in any case. The security rules are the ones every base URL follows: https,
 * or http on loopback only; no user name or password. Path, query and fragment are returned as
 * typed, for the caller to keep or drop. Throws BaseUrlError with a message for the user.
 */
export function readTypedAddress(raw: string, service = 'Learn'): URL {
  const typed = raw.trim();
  const withScheme = HAS_SCHEME.test(typed) ? typed : `${schemeFor(typed)}//${typed}`;
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    throw notAnAddress(raw, service);
  }
  if (!url.hostname) throw notAnAddress(raw, service);
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && isLoopbackHost(url.hostname))) {
    throw new BaseUrlError(
      `${service} must be reached over https (the address starts with ${url.protocol}//). ` +
        `Use the https:// address of your ${service} site; plain http is allowed only for this computer (127.0.0.1 or localhost).`,
    );
  }
  if (url.username || url.password) {
    throw new BaseUrlError(`The ${service} address must not contain a user name or password.`);
  }
  return url;
}

/** The scheme a typed address without one gets: http for this computer, https everywhere else. */
function schemeFor(typed: string): 'http:' | 'https:' {
  try {
    return isLoopbackHost(new URL(`http://${typed}`).hostname) ? 'http:' : 'https:';
  } catch {
    return 'https:';
  }
}

/**
 * Checks and normalises a base URL: a full address (scheme included) that passes
 * readTypedAddress's rules, with no query or fragment; the path keeps its prefix (`/learn`)
 * without a trailing slash. Throws BaseUrlError with a message for the user.
 */
export function parseBaseUrl(raw: string, service = 'Learn'): URL {
  if (!HAS_SCHEME.test(raw.trim())) throw notAnAddress(raw, service);
  const url = readTypedAddress(raw, service);
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
