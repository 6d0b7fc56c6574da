import { createHash } from 'node:crypto';
import type { AuthorizationServer } from 'oauth4webapi';
import { isLoopbackHost, parseBaseUrl, readTypedAddress } from '../http/base-url';

/**
 * A Learn site as an OAuth 2.0 authorization server. Learn publishes no discovery document, so
 * the two endpoints are built from the site's base URL. Each site is its own authorization
 * server: its `id` names it in the loopback redirect path and in `state` (RFC 9700 §4.4 mix-up
 * defence), and keys its secrets in the vault.
 */
export interface LearnSite {
  /** The base URL as the user gave it, normalised: `https://learn.example.edu/learn`, no trailing slash. */
  readonly learnUrl: string;
  /** Stable, short and URL-safe: 16 hex characters of SHA-256 over `learnUrl`. */
  readonly id: string;
  /** oauth4webapi's view of the site (issuer = the base URL). */
  readonly server: AuthorizationServer;
  /** True only for 127.0.0.1, [::1] and localhost: plain http is allowed there and nowhere else. */
  readonly loopback: boolean;
}

/**
 * Reads a Learn base URL through the app's one base-URL rule (https only, except on this
 * computer; no credentials, query or fragment). Throws BaseUrlError with a message for the user.
 */
export function learnSite(baseUrl: string): LearnSite {
  const url = parseBaseUrl(baseUrl, 'Learn');
  // A URL's path is never empty ('/' at least): drop the slash so endpoints join cleanly.
  const learnUrl = `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
  return {
    learnUrl,
    id: siteIdOf(learnUrl),
    loopback: isLoopbackHost(url.hostname),
    server: {
      issuer: learnUrl,
      authorization_endpoint: `${learnUrl}/api/public/v1/oauth2/authorizationcode`,
      token_endpoint: `${learnUrl}/api/public/v1/oauth2/token`,
    },
  };
}

/**
 * Where to look for Learn, from the address an instructor types: `learn.school.edu`,
 * `https://Learn.School.edu/`, `https://learn.school.edu/learn/`, or a page she copied from her
 * browser (`https://learn.school.edu/ultra/course`). Learn's REST API lives under the host's
 * `/learn` root segment (seed 000: `{base_url}` "already ends with the platform's root segment";
 * the vendor's curl page: `https://<LearnHost>/learn/api/public/v1/...`), so the first address is
 * always `https://host[:port]/learn`. When what she typed did not start with `/learn`, the address
 * as typed comes second (a site behind a proxy may serve Learn elsewhere); a page of Learn's own
 * (`/ultra/...`, `/webapps/...`) stands for the host alone. Checked by base-url's rules (https, or
 * http on this computer; no user name or password): BaseUrlError otherwise. The query and fragment
 * of a copied page are dropped. docs/api-notes/site-address-and-check.md "The site address".
 */
export function learnAddressesToTry(typed: string): string[] {
  const url = readTypedAddress(typed, 'Learn');
  const learnRoot = `${url.origin}/learn`;
  const segments = url.pathname.split('/').filter((segment) => segment !== '');
  const first = segments[0]?.toLowerCase();
  if (first === 'learn') return [learnRoot];
  const asTyped = first === undefined || LEARN_PAGES.has(first) ? url.origin : `${url.origin}/${segments.join('/')}`;
  return [learnRoot, asTyped];
}

/** First path segments of the pages Learn shows in a browser (Ultra, Classic): not an API root. */
const LEARN_PAGES = new Set(['ultra', 'webapps']);

/** The site id of a normalised base URL (see LearnSite.id). */
export function siteIdOf(learnUrl: string): string {
  return createHash('sha256').update(learnUrl).digest('hex').slice(0, 16);
}

/** Path of the loopback redirect for a site: `/rollbook/<site-id>/callback`. */
export const callbackPath = (siteId: string): string => `/rollbook/${siteId}/callback`;

/** Where the listener sends the browser after the callback, so the code leaves its address bar and history. */
export const donePath = (siteId: string): string => `/rollbook/${siteId}/done`;
