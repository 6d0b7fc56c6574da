import { randomBytes } from 'node:crypto';
import type { Clock } from './clock';
import { SandboxError, unauthorized } from './errors';

export type Scope = 'read' | 'write' | 'delete' | 'offline';

/** Who a request acts as: a user (three-legged) or the application itself (basic flow). */
export type Principal =
  | { kind: 'user'; userId: string; appKey: string; scopes: ReadonlySet<Scope> }
  | { kind: 'system'; appKey: string; scopes: ReadonlySet<Scope> };

export interface AccessToken {
  accessToken: string;
  appKey: string;
  userId?: string;
  scopes: Scope[];
  expiresAt: number;
}

/**
 * Issued access tokens. The OAuth module issues them; every Learn route verifies the bearer
 * token here. `expireAll` serves the "tokens expired now" fault.
 */
export class TokenStore {
  readonly #byToken = new Map<string, AccessToken>();
  /**
   * Control hook (`POST /__sandbox/tokens/refresh-values`): the next refresh tokens the OAuth
   * module issues take these values, in order, so a test can plant canaries and look for them
   * in the app's data folder and logs. Random tokens again once it is empty.
   */
  readonly scriptedRefreshTokens: string[] = [];

  constructor(
    private readonly clock: Clock,
    /** Lifetime in seconds (3600 as Learn; a CLI flag shortens it for tests). */
    public lifetimeSeconds: number,
  ) {}

  issue(appKey: string, scopes: Scope[], userId?: string): AccessToken {
    const token: AccessToken = {
      accessToken: randomBytes(24).toString('base64url'),
      appKey,
      scopes,
      expiresAt: this.clock.now() + this.lifetimeSeconds * 1000,
      ...(userId ? { userId } : {}),
    };
    this.#byToken.set(token.accessToken, token);
    return token;
  }

  /** The live token, or undefined when unknown or expired. */
  find(accessToken: string): AccessToken | undefined {
    const token = this.#byToken.get(accessToken);
    if (!token || token.expiresAt <= this.clock.now()) return undefined;
    return token;
  }

  /** All live tokens matching a predicate (basic flow reuses the app's live token). */
  live(predicate: (t: AccessToken) => boolean): AccessToken | undefined {
    for (const token of this.#byToken.values()) {
      if (token.expiresAt > this.clock.now() && predicate(token)) return token;
    }
    return undefined;
  }

  expiresInSeconds(token: AccessToken): number {
    return Math.max(0, Math.floor((token.expiresAt - this.clock.now()) / 1000));
  }

  expireAll(): void {
    for (const token of this.#byToken.values()) token.expiresAt = 0;
  }

  /** The principal of an `Authorization: Bearer` header, or a 401 as Learn answers it. */
  authenticate(authorization: string | undefined): Principal {
    const m = /^Bearer\s+(\S+)$/i.exec(authorization ?? '');
    if (!m) throw unauthorized();
    const token = this.find(m[1] as string);
    if (!token) throw unauthorized();
    const scopes = new Set(token.scopes);
    return token.userId
      ? { kind: 'user', userId: token.userId, appKey: token.appKey, scopes }
      : { kind: 'system', appKey: token.appKey, scopes: new Set<Scope>(['read', 'write', 'delete']) };
  }
}

/** The scope an HTTP method needs on a user token (sandbox rule, docs/api-notes/oauth.md). */
export function requiredScope(method: string): Scope {
  switch (method.toUpperCase()) {
    case 'GET':
    case 'HEAD':
      return 'read';
    case 'DELETE':
      return 'delete';
    default:
      return 'write';
  }
}

export function checkScope(principal: Principal, method: string): void {
  const scope = requiredScope(method);
  if (!principal.scopes.has(scope)) {
    throw new SandboxError(403, `The access token lacks the '${scope}' scope this operation needs`, { code: 'insufficient_scope' });
  }
}
