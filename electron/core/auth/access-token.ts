import type { HostWords } from '../../../shared/ipc/host-words';
import { hostWords } from '../host-words';

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

/**
 * A sign-in is needed before anything more (queued work is kept): its sentence for the user, as
 * English and as a catalogue key (`host.signIn.*`) for the screen to write in the instructor's language.
 */
export class SignInRequiredError extends Error {
  readonly words: HostWords | undefined;

  constructor(said: string | { message: string; words?: HostWords | undefined } = hostWords('host.signIn.grantRejected')) {
    super(typeof said === 'string' ? said : said.message);
    this.name = 'SignInRequiredError';
    this.words = typeof said === 'string' ? undefined : said.words;
  }
}
