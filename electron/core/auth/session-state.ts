import type { OAuthScope } from '../../../shared/api/oauth';
import type { HostWords } from '../../../shared/ipc/host-words';

/**
 * What the UI may know about the Learn session: who is signed in and until when the current
 * access token lives. Never a token.
 */
export type SessionState =
  | { status: 'signed-out' }
  | { status: 'signing-in' }
  | {
      status: 'signed-in';
      /** The user's UUID (Learn's `user_id`), when Learn sent one. */
      userId: string | undefined;
      scopes: OAuthScope[];
      /** When the current access token expires (ms since epoch); undefined until one is fetched. */
      accessTokenExpiresAt: number | undefined;
    }
  /** The session ended without the user asking (refresh refused): sign in again; queued work is kept. */
  | { status: 'sign-in-required'; message: string; words?: HostWords };

export interface SessionEvents extends Record<string, unknown> {
  /** Every change of SessionState. */
  state: SessionState;
  /** The session ended and needs the user: show "sign in again". Nothing else was deleted. */
  signInRequired: { message: string };
  /** A new access token, and when it expires (ms since epoch). */
  tokenRefreshed: { expiresAt: number };
}
