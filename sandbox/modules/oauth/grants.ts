import { randomBytes } from 'node:crypto';
import type { Clock } from '../../core/clock';
import type { AccessToken, Scope } from '../../core/tokens';

/**
 * The OAuth module's memory: sign-ins in progress (between the login page and the consent
 * page), and grants (one per "Allow": its authorization code and every token issued from it).
 * Keeping the tokens with their grant lets a replayed code or refresh token revoke the lot
 * (RFC 6749 §4.1.2, RFC 9700 §4.14.2).
 */

/** What the app asked for at the authorization code endpoint, once validated. */
export interface AuthorizationRequest {
  clientKey: string;
  /** Exactly as sent: the token request must repeat it character for character. */
  redirectUri: string;
  scopes: Scope[];
  state?: string;
  /** PKCE S256 challenge, when the app used PKCE. */
  codeChallenge?: string;
}

/** A sign-in between pages. The browser carries `id` in a hidden field and `browserKey` in a cookie. */
export interface PendingAuthorization {
  id: string;
  request: AuthorizationRequest;
  /** CSRF token of the page last served; each page gets a fresh one. */
  csrf: string;
  /** Binds the sign-in to the browser that started it (the cookie's value). */
  browserKey: string;
  /** Set once the password is right: the consent page is next. */
  userId?: string;
  failedLogins: number;
  expiresAt: number;
}

export interface Grant {
  request: AuthorizationRequest;
  userId: string;
  code: string;
  codeExpiresAt: number;
  codeUsed: boolean;
  accessTokens: AccessToken[];
  /** The one refresh token that still works (rotation), when `offline` was granted. */
  refreshToken?: string;
  revoked: boolean;
}

/** How long a sign-in may sit on the login or consent page (sandbox rule, docs/api-notes/oauth.md). */
export const PENDING_LIFETIME_MS = 10 * 60 * 1000;
/** Wrong passwords allowed per sign-in before it is abandoned. */
export const MAX_FAILED_LOGINS = 5;

export const randomToken = (bytes = 32): string => randomBytes(bytes).toString('base64url');

export class GrantStore {
  readonly #pending = new Map<string, PendingAuthorization>();
  readonly #byCode = new Map<string, Grant>();
  /** Every refresh token ever issued, current or rotated out, so a replay is recognised. */
  readonly #byRefreshToken = new Map<string, Grant>();

  constructor(
    private readonly clock: Clock,
    /** Where refresh token values come from (random; the control API can script them). */
    private readonly nextRefreshToken: () => string = () => randomToken(),
  ) {}

  startSignIn(request: AuthorizationRequest, browserKey: string): PendingAuthorization {
    this.#prunePending();
    const pending: PendingAuthorization = {
      id: randomToken(),
      request,
      csrf: randomToken(),
      browserKey,
      failedLogins: 0,
      expiresAt: this.clock.now() + PENDING_LIFETIME_MS,
    };
    this.#pending.set(pending.id, pending);
    return pending;
  }

  /** The live sign-in with this id, or undefined when unknown, finished or expired. */
  pendingSignIn(id: string): PendingAuthorization | undefined {
    const pending = this.#pending.get(id);
    if (!pending || pending.expiresAt <= this.clock.now()) return undefined;
    return pending;
  }

  /** A fresh CSRF token for the next page of this sign-in. */
  rotateCsrf(pending: PendingAuthorization): string {
    pending.csrf = randomToken();
    return pending.csrf;
  }

  finishSignIn(pending: PendingAuthorization): void {
    this.#pending.delete(pending.id);
  }

  /** "Allow": a grant with a fresh single-use code. */
  issueCode(pending: PendingAuthorization, userId: string, lifetimeSeconds: number): Grant {
    this.finishSignIn(pending);
    const grant: Grant = {
      request: pending.request,
      userId,
      code: randomToken(),
      codeExpiresAt: this.clock.now() + lifetimeSeconds * 1000,
      codeUsed: false,
      accessTokens: [],
      revoked: false,
    };
    this.#byCode.set(grant.code, grant);
    return grant;
  }

  byCode(code: string): Grant | undefined {
    return this.#byCode.get(code);
  }

  byRefreshToken(refreshToken: string): Grant | undefined {
    return this.#byRefreshToken.get(refreshToken);
  }

  /** Records an issued access token, and a new refresh token (retiring the old) when offline was granted. */
  recordIssue(grant: Grant, token: AccessToken): string | undefined {
    grant.accessTokens.push(token);
    if (!grant.request.scopes.includes('offline')) return undefined;
    grant.refreshToken = this.nextRefreshToken();
    this.#byRefreshToken.set(grant.refreshToken, grant);
    return grant.refreshToken;
  }

  /** Ends a grant: its tokens stop working at once (an expired token is what Learn calls invalid). */
  revoke(grant: Grant): void {
    grant.revoked = true;
    grant.codeUsed = true;
    delete grant.refreshToken;
    for (const token of grant.accessTokens) token.expiresAt = 0;
  }

  #prunePending(): void {
    const now = this.clock.now();
    for (const [id, pending] of this.#pending) if (pending.expiresAt <= now) this.#pending.delete(id);
  }
}
