/**
 * Which redirect URIs the authorization endpoint will send a code to:
 * - one registered for the app (`settings.redirectUris`), compared as exact strings; or
 * - a loopback IP literal over http with any port and path (RFC 8252 §7.3: native apps listen on
 *   an ephemeral port, so the port cannot be registered). `localhost` is refused: RFC 8252 §8.3
 *   says NOT RECOMMENDED, since the name may resolve off the machine or be bound by another app.
 * Never a fragment (RFC 6749 §3.1.2) nor user:password@ in the URI.
 */

const LOOPBACK_HOSTS = new Set(['127.0.0.1', '[::1]']);

/** Why this redirect URI is refused, or undefined when a code may be sent to it. */
export function redirectUriProblem(raw: string, registered: readonly string[]): string | undefined {
  if (registered.includes(raw)) return undefined;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return `redirect_uri '${raw}' is not an absolute URL`;
  }
  if (raw.includes('#')) return `redirect_uri '${raw}' has a fragment (#...); redirect URIs must not`;
  if (url.username || url.password) return `redirect_uri '${raw}' carries user credentials; remove the user:password@ part`;
  if (url.hostname === 'localhost' || url.hostname.endsWith('.localhost')) {
    return `redirect_uri '${raw}' uses the name localhost; use the loopback address http://127.0.0.1:<port>/... instead (RFC 8252 §8.3)`;
  }
  if (LOOPBACK_HOSTS.has(url.hostname)) {
    if (url.protocol !== 'http:') return `redirect_uri '${raw}' is a loopback address over ${url.protocol.replace(':', '')}; loopback redirects use http`;
    return undefined;
  }
  return `redirect_uri '${raw}' is not registered for this application and is not a loopback address (http://127.0.0.1:<port>/... or http://[::1]:<port>/...)`;
}

/** The redirect URI with the answer's parameters added (its own query is kept, RFC 6749 §3.1.2). */
export function redirectWith(redirectUri: string, params: Record<string, string | undefined>): string {
  const url = new URL(redirectUri);
  for (const [name, value] of Object.entries(params)) if (value !== undefined) url.searchParams.set(name, value);
  return url.toString();
}

/** Where the browser returns to, as the consent page names it. */
export function redirectOrigin(redirectUri: string): string {
  return new URL(redirectUri).origin;
}

/**
 * The CSP source that lets the consent form's redirect reach the app. CSP host sources cannot
 * spell an IPv6 literal (Chromium ignores `http://[::1]:port`), so IPv6 loopback gets
 * `http://*:port`: any host, but only that scheme and port.
 */
export function formActionSource(redirectUri: string): string {
  const url = new URL(redirectUri);
  if (!url.hostname.startsWith('[')) return url.origin;
  return `${url.protocol}//*:${url.port || (url.protocol === 'https:' ? '443' : '80')}`;
}
