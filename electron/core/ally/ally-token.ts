
/**
 * Ally's bearer token (auth.md): a JWT signed with HMAC SHA-256 (HS256) using the client's
 * secret, payload `{clientId, iat}` with `iat` in seconds since the epoch and `clientId` the
 * numerical id written as a string, as every vendor example writes it (`"clientId": "###"`). Ally's FAQ says tokens
 * do not expire, but the sandbox (docs/api-notes/ally.md) refuses one issued more than an hour ago, so
 * a signed token is reused only for a while well under that hour and then signed again.
 */

/** The institution's Ally client: its numerical id and shared secret (from the vault, never logged). */
export interface AllyCredentials {
  clientId: number;
  secret: string;
}

/** Oldest `iat` Ally accepts (the sandbox's rule: 3600 s). */
export const ALLY_TOKEN_MAX_AGE_SECONDS = 3600;
/** How long one signed token is reused: a quarter of the accepted age, so even a long upload or a skewed clock stays inside it. */
export const ALLY_TOKEN_REUSE_SECONDS = 900;

export interface AllyTokenSignerOptions {
  /** Milliseconds since the epoch; tests pass their own. */
  now?: () => number;
  /** Seconds one token is reused before a new one is signed (at most the accepted age). */
  reuseSeconds?: number;
}

/** Signs and caches Ally bearer tokens for one client. */
export class AllyTokenSigner {
  readonly #clientId: number;
  readonly #key: Uint8Array;
  readonly #now: () => number;
  readonly #reuseSeconds: number;
  #cached: { jwt: string; iat: number } | undefined;

  constructor(credentials: AllyCredentials, options: AllyTokenSignerOptions = {}) {
    if (!Number.isSafeInteger(credentials.clientId) || credentials.clientId <= 0) {
      throw new RangeError(`The Ally client id must be a positive whole number, not ${String(credentials.clientId)}.`);
    }
    if (credentials.secret === '') throw new RangeError('The Ally client secret is empty; enter the secret your institution gave you.');
    this.#clientId = credentials.clientId;
    this.#key = new TextEncoder().encode(credentials.secret);
    this.#now = options.now ?? Date.now;
    this.#reuseSeconds = Math.min(options.reuseSeconds ?? ALLY_TOKEN_REUSE_SECONDS, ALLY_TOKEN_MAX_AGE_SECONDS);
  }

  get clientId(): number {
    return this.#clientId;
  }

  /** A token for the next request: the cached one while it is young enough, else a new one. */
  async bearer(): Promise<string> {
    const nowSeconds = Math.floor(this.#now() / 1000);
    const cached = this.#cached;
    // A clock set backwards (iat in the future) also re-signs: never send a token from "later".
    if (cached && nowSeconds >= cached.iat && nowSeconds - cached.iat < this.#reuseSeconds) return cached.jwt;
    // Loaded on the first Ally call, not at start (a tenth of a second that start-up need not wait for).
    const { SignJWT } = await import('jose');
    const jwt = await new SignJWT({ clientId: String(this.#clientId), iat: nowSeconds })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .sign(this.#key);
    this.#cached = { jwt, iat: nowSeconds };
    return jwt;
  }

  /** Drops the cached token (after Ally answered 401 to it, for instance). */
  forget(): void {
    this.#cached = undefined;
  }
}
