import { grantedScopes, type OAuthScope } from '../../../shared/api/oauth';
import { createLogger } from '../../../shared/logger';
import { SignInRequiredError, type AccessTokenProvider } from './access-token';
import { hostWords } from '../host-words';
import { runAuthorizationFlow, type OpenExternal } from './authorization-flow';
import type { LearnSite } from './learn-site';
import type { SessionEvents, SessionState } from './session-state';
import { deleteSignInRecord, readSignInRecord, writeSignInRecord, type SignInRecord } from './sign-in-record';
import { SignInError } from './sign-in-error';
import { SingleFlight } from './single-flight';
import { TokenEndpoint, type ApplicationCredentials, type IssuedTokens, type TokenEndpointOptions } from './token-endpoint';
import type { SecretStore } from './token-vault';
import { TypedEmitter } from './typed-emitter';

/**
 * A user's Learn session at one site (three-legged OAuth), the AccessTokenProvider the Learn
 * client uses. Tokens stay in here: the access token in memory, the refresh token in the vault.
 *
 * - Access tokens are refreshed `refreshMarginMs` (60 s) before `expires_in` runs out, on the
 *   injected clock, and once after a 401; concurrent callers share one refresh.
 * - A refresh Learn refuses (400 or 401, in Learn's error body or RFC 6749's: revoked, or a
 *   rotated token replayed) ends the session: state `sign-in-required`, the `signInRequired` event, SignInRequiredError. Only the
 *   dead refresh token is forgotten; the application secret, other sites and everything the
 *   renderer queued are not this session's to touch.
 * - A refresh that fails for a passing reason (network, Learn down) leaves the session as it is.
 */
const log = createLogger('auth.session');

export const DEFAULT_SCOPES: readonly OAuthScope[] = ['read', 'write', 'delete', 'offline'];
export const DEFAULT_REFRESH_MARGIN_MS = 60_000;
const NOT_SIGNED_IN = hostWords('host.signIn.notSignedIn');

export interface LearnSessionOptions {
  site: LearnSite;
  /** The institution's application key (not secret; the secret is read from the vault). */
  applicationKey: string;
  vault: SecretStore;
  openExternal: OpenExternal;
  /** Scopes to ask for; `offline` earns the refresh token. Default: read write delete offline. */
  scopes?: readonly OAuthScope[];
  /** Milliseconds since the epoch (tests move it). */
  now?: () => number;
  refreshMarginMs?: number;
  /** How long the user has to finish in the browser. */
  signInTimeoutMs?: number;
  tokenEndpoint?: TokenEndpointOptions;
}

interface LiveToken {
  token: string;
  expiresAt: number;
}

export class LearnSession implements AccessTokenProvider {
  readonly events = new TypedEmitter<SessionEvents>();
  readonly #options: LearnSessionOptions;
  readonly #endpoint: TokenEndpoint;
  readonly #now: () => number;
  readonly #refreshing = new SingleFlight<LiveToken>();
  #state: SessionState = { status: 'signed-out' };
  #access: LiveToken | undefined;
  #record: SignInRecord | undefined;
  #signingIn: AbortController | undefined;
  #beforeSignIn: SessionState = { status: 'signed-out' };
  /** Bumped by sign-in and sign-out, so a refresh that was overtaken does not write back. */
  #generation = 0;

  constructor(options: LearnSessionOptions) {
    this.#options = options;
    this.#endpoint = new TokenEndpoint(options.site, options.tokenEndpoint);
    this.#now = options.now ?? Date.now;
  }

  get state(): SessionState {
    return this.#state;
  }

  onSignInRequired(listener: (event: SessionEvents['signInRequired']) => void): () => void {
    return this.events.on('signInRequired', listener);
  }

  /** Picks up the sign-in kept in the vault from an earlier run, if any. */
  async restore(): Promise<SessionState> {
    const record = await readSignInRecord(this.#options.vault, this.#options.site.id);
    if (record && this.#state.status === 'signed-out') {
      this.#record = record;
      this.#setState({ status: 'signed-in', userId: record.userId, scopes: grantedScopes(record.scope), accessTokenExpiresAt: undefined });
    }
    return this.#state;
  }

  /**
   * Signs in through the system browser. A second call while one is waiting replaces it (the
   * user lost the tab and clicked again). Rejects with a SignInError whose message is for the user.
   */
  async signIn(signal?: AbortSignal, language?: string): Promise<SessionState> {
    this.#signingIn?.abort();
    const controller = new AbortController();
    this.#signingIn = controller;
    const generation = ++this.#generation;
    // A sign-in that replaces another falls back to the state before the first one.
    if (this.#state.status !== 'signing-in') this.#beforeSignIn = this.#state;
    const before = this.#beforeSignIn;
    this.#setState({ status: 'signing-in' });
    try {
      const { tokens, redirectUri } = await runAuthorizationFlow({
        site: this.#options.site,
        app: await this.#application(),
        scopes: this.#options.scopes ?? DEFAULT_SCOPES,
        openExternal: this.#options.openExternal,
        endpoint: this.#endpoint,
        ...(this.#options.signInTimeoutMs !== undefined ? { timeoutMs: this.#options.signInTimeoutMs } : {}),
        signal: signal ? AbortSignal.any([signal, controller.signal]) : controller.signal,
        ...(language ? { language } : {}),
      });
      if (generation !== this.#generation) throw new SignInError('cancelled', 'replaced by a newer sign-in or a sign-out');
      await this.#keep(tokens, redirectUri);
      return this.#state;
    } catch (error) {
      if (generation === this.#generation) this.#setState(before);
      throw error;
    } finally {
      if (this.#signingIn === controller) this.#signingIn = undefined;
    }
  }

  /** Forgets the sign-in (access token and refresh token). The application secret stays. */
  async signOut(): Promise<void> {
    this.#generation++;
    this.#signingIn?.abort();
    this.#access = undefined;
    this.#record = undefined;
    await deleteSignInRecord(this.#options.vault, this.#options.site.id);
    this.#setState({ status: 'signed-out' });
  }

  async accessToken(signal?: AbortSignal): Promise<string> {
    const live = this.#access;
    if (live && this.#fresh(live)) return live.token;
    return (await this.#refreshing.run(() => this.#refresh(), signal)).token;
  }

  async refreshAfterUnauthorized(rejected: string, signal?: AbortSignal): Promise<string> {
    if (!this.#refreshing.running) {
      const live = this.#access;
      // Another caller already replaced the rejected token.
      if (live && live.token !== rejected && this.#fresh(live)) return live.token;
      if (live?.token === rejected) this.#access = undefined;
    }
    return (await this.#refreshing.run(() => this.#refresh(), signal)).token;
  }

  #fresh(live: LiveToken): boolean {
    return this.#now() < live.expiresAt - (this.#options.refreshMarginMs ?? DEFAULT_REFRESH_MARGIN_MS);
  }

  async #refresh(): Promise<LiveToken> {
    const generation = this.#generation;
    const { site, vault } = this.#options;
    if (this.#state.status === 'sign-in-required') throw new SignInRequiredError(this.#state);
    // Without restore() first, a sign-in kept from an earlier run is picked up here.
    const record = this.#record ?? (await readSignInRecord(vault, site.id));
    if (!record) {
      if (this.#state.status === 'signed-in') return this.#end(new SignInError('grant-rejected', 'no refresh token (offline not granted)'), generation);
      throw new SignInRequiredError(NOT_SIGNED_IN);
    }
    let tokens: IssuedTokens;
    try {
      tokens = await this.#endpoint.refresh(await this.#application(), record.refreshToken, record.redirectUri);
    } catch (error) {
      const ending = error instanceof SignInError && ['grant-rejected', 'application-rejected', 'application-not-configured'].includes(error.problem);
      if (ending) {
        // Only a refresh token Learn refused is dead; after a key/secret problem it may still be good.
        if (error.problem === 'grant-rejected' && generation === this.#generation) {
          this.#record = undefined;
          await deleteSignInRecord(vault, site.id);
        }
        return this.#end(error, generation);
      }
      log.warn('Refreshing the Learn access token failed; will try again on the next request', { problem: error instanceof SignInError ? error.problem : 'unknown' });
      throw error;
    }
    if (generation !== this.#generation) {
      // Signed out (or in again) meanwhile: this answer belongs to a session that no longer exists.
      if (this.#access && this.#state.status === 'signed-in') return this.#access;
      throw new SignInRequiredError(NOT_SIGNED_IN);
    }
    return this.#keep(tokens, record.redirectUri, record);
  }

  /** Takes new tokens: access token in memory, rotated refresh token (with its redirect URI) in the vault. */
  async #keep(tokens: IssuedTokens, redirectUri: string, previous?: SignInRecord): Promise<LiveToken> {
    const { site, vault } = this.#options;
    const userId = tokens.userId ?? previous?.userId;
    const scope = tokens.scope ?? previous?.scope;
    if (tokens.refreshToken !== undefined) {
      const record = { refreshToken: tokens.refreshToken, redirectUri, ...(userId ? { userId } : {}), ...(scope ? { scope } : {}) };
      // A sign-in that cannot be kept fails, so the user hears why (e.g. no keyring). After a
      // refresh, the new token still serves this run; the next run will ask for a sign-in.
      if (!previous) await writeSignInRecord(vault, site.id, record);
      else await writeSignInRecord(vault, site.id, record).catch((error: unknown) => {
        log.error('Could not keep the rotated refresh token in the vault', { error: error instanceof Error ? error.message : typeof error });
      });
      this.#record = record;
    } else if (!previous) {
      // A sign-in without `offline`: an older record belongs to another sign-in.
      this.#record = undefined;
      await deleteSignInRecord(vault, site.id);
    }
    const expiresAt = this.#now() + tokens.expiresIn * 1000;
    const live = { token: tokens.accessToken, expiresAt };
    this.#access = live;
    this.#setState({ status: 'signed-in', userId, scopes: grantedScopes(scope), accessTokenExpiresAt: expiresAt });
    log.debug('New Learn access token', { site: site.learnUrl, expiresAt: new Date(expiresAt).toISOString() });
    this.events.emit('tokenRefreshed', { expiresAt });
    return live;
  }

  /** The session cannot go on without the user: say so once, and throw SignInRequiredError. */
  #end(cause: SignInError, generation: number): never {
    if (generation === this.#generation && this.#state.status !== 'sign-in-required') {
      this.#access = undefined;
      log.warn('The Learn session ended; the user must sign in again', { problem: cause.problem, detail: cause.detail });
      this.#setState({ status: 'sign-in-required', message: cause.message, ...(cause.words ? { words: cause.words } : {}) });
      this.events.emit('signInRequired', { message: cause.message });
    }
    throw new SignInRequiredError(cause);
  }

  async #application(): Promise<ApplicationCredentials> {
    const secret = await this.#options.vault.get(this.#options.site.id, 'application-secret');
    if (secret === undefined) throw new SignInError('application-not-configured');
    return { applicationKey: this.#options.applicationKey, applicationSecret: secret };
  }

  #setState(state: SessionState): void {
    this.#state = state;
    this.events.emit('state', state);
  }
}
