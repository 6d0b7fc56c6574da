/**
 * How the Learn client gets a bearer token without knowing how sign-in works: the session
 * (three-legged) or the basic flow (client credentials) implement this port.
 */
export interface AccessTokenProvider {
  /** A valid access token, refreshed ahead of its expiry. Throws SignInRequiredError when it cannot. */
  accessToken(signal?: AbortSignal): Promise<string>;
  /**
   * Called once after Learn answered 401 to `rejected`: refresh and return a new token (or the
   * current one if another call already refreshed). Throws SignInRequiredError when refreshing fails.
   */
  refreshAfterUnauthorized(rejected: string, signal?: AbortSignal): Promise<string>;
}

/** The session cannot continue without the user signing in again. Queued work is kept. */
export class SignInRequiredError extends Error {
  constructor(message = 'Your Learn session has ended. Sign in again; changes waiting to sync are kept.') {
    super(message);
    this.name = 'SignInRequiredError';
  }
}
