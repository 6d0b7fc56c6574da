import { createLogger } from '../../../shared/logger';
import { SignInRequiredError, type AccessTokenProvider } from './access-token';
import type { LearnSite } from './learn-site';
import { SignInError } from './sign-in-error';
import { SingleFlight } from './single-flight';
import { TokenEndpoint, type TokenEndpointOptions } from './token-endpoint';
import type { TokenVault } from './token-vault';

/**
 * The basic flow (client_credentials): a system-level token for an administrator's tasks, acting
 * as the application itself rather than a user. Configured with the application key; the secret
 * is read from the vault for each token request and never logged or kept elsewhere.
 *
 * The token is reused until it has really expired, and fetched again once after a 401; concurrent
 * callers share one request. No margin before expiry: Learn answers a token request with the same
 * live token and its shrinking `expires_in` (basic-authentication.md, "returns the existing one"),
 * so asking early gains nothing and, with a margin, would spend one request of the site's daily
 * quota on every call of the token's last minute (docs/api-notes/oauth.md "System token reuse"). A call
 * that races the expiry gets a 401 and the client's one refresh. When Learn refuses the key or
 * secret, it throws SignInRequiredError with a message that says so.
 */
const log = createLogger('auth.system');

export interface SystemTokenProviderOptions {
  site: LearnSite;
  applicationKey: string;
  vault: TokenVault;
  now?: () => number;
  /** How long before expiry a new token is asked for; 0 (until it has expired), see above. */
  refreshMarginMs?: number;
  tokenEndpoint?: TokenEndpointOptions;
}

interface LiveToken {
  token: string;
  expiresAt: number;
}

export class SystemTokenProvider implements AccessTokenProvider {
  readonly #options: SystemTokenProviderOptions;
  readonly #endpoint: TokenEndpoint;
  readonly #now: () => number;
  readonly #fetching = new SingleFlight<LiveToken>();
  #live: LiveToken | undefined;

  constructor(options: SystemTokenProviderOptions) {
    this.#options = options;
    this.#endpoint = new TokenEndpoint(options.site, options.tokenEndpoint);
    this.#now = options.now ?? Date.now;
  }

  async accessToken(signal?: AbortSignal): Promise<string> {
    const live = this.#live;
    if (live && this.#fresh(live)) return live.token;
    return (await this.#fetching.run(() => this.#fetch(), signal)).token;
  }

  async refreshAfterUnauthorized(rejected: string, signal?: AbortSignal): Promise<string> {
    if (!this.#fetching.running) {
      const live = this.#live;
      if (live && live.token !== rejected && this.#fresh(live)) return live.token;
      if (live?.token === rejected) this.#live = undefined;
    }
    return (await this.#fetching.run(() => this.#fetch(), signal)).token;
  }

  #fresh(live: LiveToken): boolean {
    return this.#now() < live.expiresAt - (this.#options.refreshMarginMs ?? 0);
  }

  async #fetch(): Promise<LiveToken> {
    const { site, vault, applicationKey } = this.#options;
    try {
      const applicationSecret = await vault.get(site.id, 'application-secret');
      if (applicationSecret === undefined) throw new SignInError('application-not-configured');
      const tokens = await this.#endpoint.clientCredentials({ applicationKey, applicationSecret });
      const live = { token: tokens.accessToken, expiresAt: this.#now() + tokens.expiresIn * 1000 };
      this.#live = live;
      return live;
    } catch (error) {
      if (error instanceof SignInError && (error.problem === 'application-rejected' || error.problem === 'application-not-configured')) {
        log.warn('Learn refused the application credentials of the basic flow', { site: site.learnUrl, problem: error.problem });
        throw new SignInRequiredError(error);
      }
      throw error;
    }
  }
}
