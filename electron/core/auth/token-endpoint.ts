import {
  allowInsecureRequests,
  authorizationCodeGrantRequest,
  clientCredentialsGrantRequest,
  customFetch,
  processAuthorizationCodeResponse,
  processClientCredentialsResponse,
  processRefreshTokenResponse,
  refreshTokenGrantRequest,
  type Client,
  type ClientAuth,
  type TokenEndpointRequestOptions,
} from 'oauth4webapi';
import { ErrorBody } from '../../../shared/api/common';
import { TokenResponse } from '../../../shared/api/oauth';
import { overrunWords, withBoundedBodies } from '../http/bounded-body';
import { networkFetch } from '../http/network-fetch';
import type { LearnSite } from './learn-site';
import { SignInError, tokenEndpointFailure, type Grant } from './sign-in-error';

/**
 * Learn's token endpoint through oauth4webapi: the code exchange (with the PKCE verifier), the
 * refresh (with the sign-in's redirect_uri, which Learn requires) and the basic flow. The app
 * authenticates with HTTP Basic (key:secret) on every grant, as Learn requires.
 *
 * Token requests are POSTs and are never retried here: a refresh whose answer was lost may already
 * have rotated the refresh token, and replaying the old one makes Learn revoke the sign-in.
 */

/** fetch-compatible transport (oauth4webapi's `customFetch`); the default is networkFetch() (proxy, trusted certificates). */
export type TokenFetch = (url: string, init: RequestInit) => Promise<Response>;

export interface TokenEndpointOptions {
  /** Route token requests through another transport (e.g. the app's HTTP client). */
  fetch?: TokenFetch;
  /** Per-request time-out in milliseconds (default 30 s). */
  timeoutMs?: number;
}

/** An application's credentials at one site. The secret is read from the vault for each request. */
export interface ApplicationCredentials {
  applicationKey: string;
  applicationSecret: string;
}

export interface IssuedTokens {
  accessToken: string;
  /** Seconds the access token lives from now (Learn's `expires_in`). */
  expiresIn: number;
  refreshToken?: string;
  /** Space-separated granted scopes (three-legged only). */
  scope?: string;
  /** The user's UUID (three-legged only). */
  userId?: string;
}

const DEFAULT_TIMEOUT_MS = 30_000;
/** A token answer is a few hundred bytes: past this it is not read on (the time-out covers stalls). */
const TOKEN_ANSWER_MAX_BYTES = 256 * 1024;

/**
 * HTTP Basic with the key and secret as they are, as Learn's own walk-through sends them
 * (`curl --user key:secret`). oauth4webapi's ClientSecretBasic form-encodes both first (RFC 6749
 * §2.3.1), which turns the hyphens of Learn's UUID keys into %2D; Learn (and the sandbox, which
 * follows it) does not decode them, so the app would be refused.
 */
export function learnBasicAuth(applicationSecret: string): ClientAuth {
  return (_server, client, _body, headers) => {
    headers.set('authorization', `Basic ${Buffer.from(`${client.client_id}:${applicationSecret}`, 'utf8').toString('base64')}`);
  };
}

/**
 * What Learn said in its own error body (seed 000: `status, code, message, developerMessage,
 * extraInfo`), which oauth4webapi leaves unread when the answer has no RFC 6749 `error`.
 */
async function learnErrorMessage(error: unknown): Promise<string | undefined> {
  const response = error instanceof Error && error.cause instanceof Response ? error.cause : undefined;
  if (!response || response.bodyUsed) return undefined;
  const body = ErrorBody.safeParse(await response.json().catch(() => undefined));
  if (!body.success) return undefined;
  const said = [body.data.code, body.data.message ?? body.data.developerMessage].filter((part) => part !== undefined);
  return said.length > 0 ? said.join(': ').slice(0, 300) : undefined;
}

export class TokenEndpoint {
  constructor(
    private readonly site: LearnSite,
    private readonly options: TokenEndpointOptions = {},
  ) {}

  /** Exchanges an authorization code; `callback` is the validated callback query (oauth4webapi's validateAuthResponse). */
  async exchangeCode(app: ApplicationCredentials, callback: URLSearchParams, redirectUri: string, verifier: string, signal?: AbortSignal): Promise<IssuedTokens> {
    return this.#call('authorization_code', app, signal, async (client, options) => {
      const response = await authorizationCodeGrantRequest(this.site.server, client, learnBasicAuth(app.applicationSecret), callback, redirectUri, verifier, options);
      return processAuthorizationCodeResponse(this.site.server, client, response);
    });
  }

  /** Trades a refresh token for a new access token (and, with rotation, a new refresh token). */
  async refresh(app: ApplicationCredentials, refreshToken: string, redirectUri: string, signal?: AbortSignal): Promise<IssuedTokens> {
    return this.#call('refresh_token', app, signal, async (client, options) => {
      const response = await refreshTokenGrantRequest(this.site.server, client, learnBasicAuth(app.applicationSecret), refreshToken, {
        ...options,
        additionalParameters: { redirect_uri: redirectUri },
      });
      return processRefreshTokenResponse(this.site.server, client, response);
    });
  }

  /** The basic flow: a system-level token for the application itself. */
  async clientCredentials(app: ApplicationCredentials, signal?: AbortSignal): Promise<IssuedTokens> {
    return this.#call('client_credentials', app, signal, async (client, options) => {
      const response = await clientCredentialsGrantRequest(this.site.server, client, learnBasicAuth(app.applicationSecret), {}, options);
      return processClientCredentialsResponse(this.site.server, client, response);
    });
  }

  async #call(
    grant: Grant,
    app: ApplicationCredentials,
    signal: AbortSignal | undefined,
    send: (client: Client, options: TokenEndpointRequestOptions) => Promise<unknown>,
  ): Promise<IssuedTokens> {
    const timeoutMs = this.options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    const timeout = AbortSignal.timeout(timeoutMs);
    const options: TokenEndpointRequestOptions = {
      signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
      // oauth4webapi refuses plain http; Learn on this computer (the sandbox) is the one exception.
      ...(this.site.loopback ? { [allowInsecureRequests]: true } : {}),
      [customFetch]: withBoundedBodies(this.options.fetch ?? networkFetch(), { maxBytes: TOKEN_ANSWER_MAX_BYTES, idleMs: timeoutMs, totalMs: timeoutMs }, (overrun) => new SignInError('unexpected-response', `token answer: Learn ${overrunWords(overrun)}`)),
    };
    let body: unknown;
    try {
      body = await send({ client_id: app.applicationKey }, options);
    } catch (error) {
      throw tokenEndpointFailure(error, grant, signal, new URL(this.site.learnUrl), await learnErrorMessage(error));
    }
    // oauth4webapi checked the protocol; the shared reader checks what Rollbook relies on.
    const parsed = TokenResponse.safeParse(body);
    if (!parsed.success) throw new SignInError('unexpected-response', `token response: ${parsed.error.issues.map((i) => i.path.join('.')).join(', ')}`);
    const { access_token, expires_in, refresh_token, scope, user_id } = parsed.data;
    return {
      accessToken: access_token,
      expiresIn: expires_in,
      ...(refresh_token !== undefined ? { refreshToken: refresh_token } : {}),
      ...(scope !== undefined ? { scope } : {}),
      ...(user_id !== undefined ? { userId: user_id } : {}),
    };
  }
}
