import { AuthorizationResponseError, validateAuthResponse } from 'oauth4webapi';
import type { OAuthScope } from '../../../shared/api/oauth';
import { createLogger } from '../../../shared/logger';
import type { LearnSite } from './learn-site';
import { listenForCallback } from './loopback-listener';
import { createPkcePair, createState } from './pkce';
import { authorizationFailure, SignInError } from './sign-in-error';
import type { ApplicationCredentials, IssuedTokens, TokenEndpoint } from './token-endpoint';

/**
 * One three-legged sign-in, as RFC 8252 asks of a native app: listen on the loopback, open the
 * system browser at Learn's authorization code endpoint (state, PKCE S256, scope, the loopback
 * redirect_uri), take the one callback, exchange the code. Resolves only once nothing listens
 * any more, so a caller never leaves a port open behind it.
 */
const log = createLogger('auth.flow');

/** Opens a URL in the user's system browser (Electron's shell.openExternal; a test's fake browser). */
export type OpenExternal = (url: string) => Promise<void>;

export interface AuthorizationFlowOptions {
  site: LearnSite;
  app: ApplicationCredentials;
  scopes: readonly OAuthScope[];
  openExternal: OpenExternal;
  endpoint: TokenEndpoint;
  /** How long the user has to finish in the browser (default 5 minutes). */
  timeoutMs?: number;
  signal?: AbortSignal;
  /** The language the app speaks, for the listener's pages (loopback-listener.ts). */
  language?: string;
}

export interface SignInResult {
  tokens: IssuedTokens;
  /** The loopback redirect URI of this sign-in: Learn wants it again on every refresh. */
  redirectUri: string;
}

export const DEFAULT_SIGN_IN_TIMEOUT_MS = 5 * 60_000;

export async function runAuthorizationFlow(options: AuthorizationFlowOptions): Promise<SignInResult> {
  const { site, app, signal } = options;
  const pkce = await createPkcePair();
  const state = createState(site.id);
  const listener = await listenForCallback({ siteId: site.id, state, timeoutMs: options.timeoutMs ?? DEFAULT_SIGN_IN_TIMEOUT_MS, ...(signal ? { signal } : {}), ...(options.language ? { language: options.language } : {}) });
  try {
    const url = authorizationUrl(site, app.applicationKey, listener.redirectUri, options.scopes, state, pkce.challenge);
    log.info('Opening the Learn sign-in page in the browser', { site: site.learnUrl, port: listener.port });
    options.openExternal(url).catch((error: unknown) => {
      listener.fail(new SignInError('browser-unavailable', error instanceof Error ? error.name : typeof error));
    });
    const query = await listener.callback;
    const callback = checkCallback(site, app.applicationKey, query, state);
    const tokens = await options.endpoint.exchangeCode(app, callback, listener.redirectUri, pkce.verifier, signal);
    log.info('Signed in to Learn', { site: site.learnUrl, scope: tokens.scope });
    return { tokens, redirectUri: listener.redirectUri };
  } catch (error) {
    const failure = error instanceof SignInError ? error : new SignInError('unexpected-response', error instanceof Error ? error.name : typeof error);
    log.warn('Sign-in did not complete', { site: site.learnUrl, problem: failure.problem, detail: failure.detail });
    throw failure;
  } finally {
    await listener.closed;
  }
}

/** The URL of Learn's authorization code endpoint for this sign-in. */
export function authorizationUrl(site: LearnSite, applicationKey: string, redirectUri: string, scopes: readonly OAuthScope[], state: string, challenge: string): string {
  const url = new URL(site.server.authorization_endpoint ?? `${site.learnUrl}/api/public/v1/oauth2/authorizationcode`);
  url.search = new URLSearchParams({
    // Learn's client_id is the application key, not its application ID.
    client_id: applicationKey,
    response_type: 'code',
    redirect_uri: redirectUri,
    // Space-separated (RFC 6749 §3.3); Learn refuses commas.
    scope: [...new Set(scopes)].join(' '),
    state,
    code_challenge: challenge,
    code_challenge_method: 'S256',
  }).toString();
  return url.href;
}

/** oauth4webapi's check of the callback (state, error redirect, no implicit-flow tokens). */
function checkCallback(site: LearnSite, applicationKey: string, query: URLSearchParams, state: string): URLSearchParams {
  try {
    return validateAuthResponse(site.server, { client_id: applicationKey }, query, state);
  } catch (error) {
    if (error instanceof AuthorizationResponseError) throw authorizationFailure(error);
    // The listener already matched the state; what is left is a malformed answer (iss, implicit-flow tokens).
    throw new SignInError('unexpected-response', error instanceof Error ? error.message : undefined);
  }
}
