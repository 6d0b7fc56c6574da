import { createHash } from 'node:crypto';
import type { AuthorizationServer } from 'oauth4webapi';
import { isLoopbackHost, parseBaseUrl } from '../http/base-url';

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

/** The site id of a normalised base URL (see LearnSite.id). */
export function siteIdOf(learnUrl: string): string {
  return createHash('sha256').update(learnUrl).digest('hex').slice(0, 16);
}

/** Path of the loopback redirect for a site: `/rollbook/<site-id>/callback`. */
export const callbackPath = (siteId: string): string => `/rollbook/${siteId}/callback`;

/** Where the listener sends the browser after the callback, so the code leaves its address bar and history. */
export const donePath = (siteId: string): string => `/rollbook/${siteId}/done`;
