import type { AuthStatus, SignInRequest, SiteInfo } from '../../../shared/ipc/contract';
import { createLogger } from '../../../shared/logger';
import { SignInRequiredError } from '../auth/access-token';
import type { OpenExternal } from '../auth/authorization-flow';
import { findLearn, readLearnVersion, type FindLearnOptions } from '../auth/find-learn';
import { LearnSession } from '../auth/learn-session';
import { learnSite, type LearnSite } from '../auth/learn-site';
import type { SessionState } from '../auth/session-state';
import type { TokenVault } from '../auth/token-vault';
import type { HttpClient } from '../http/http-client';
import { LearnClient } from '../learn/learn-client';

/**
 * The one signed-in Learn site of this run: its LearnSession (tokens) and LearnClient (calls), and
 * who the user is. Both hosts build it from ports (vault, system browser, demo browser); the IPC
 * handlers only ask it for the status, to sign in or out, and for the current client.
 *
 * Demo mode signs in to the bundled sandbox through the same three-legged flow as a real site;
 * only the browser differs (the host plays it). Every change of state is reported through
 * `onChange`, which the hosts turn into the `auth.changed` event.
 */
const log = createLogger('app.sign-in');

export interface DemoSite {
  learnUrl: string;
  applicationKey: string;
  applicationSecret: string;
  /** The host's stand-in for the user's browser on the sandbox's pages. */
  openExternal: OpenExternal;
}

/** The non-secret half of the last sign-in, kept so the next launch can restore it. */
export interface RememberedSite {
  learnUrl: string;
  applicationKey: string;
}

export interface SiteMemory {
  read(): Promise<RememberedSite | undefined>;
  write(site: RememberedSite): Promise<void>;
  clear(): Promise<void>;
}

export interface SignInServiceOptions {
  mode: AuthStatus['mode'];
  vault: TokenVault;
  /** The system browser (allow-listed by the host). */
  openExternal: OpenExternal;
  demo?: DemoSite;
  /** Where a real site's key and URL are remembered between launches (not in demo mode). */
  memory?: SiteMemory;
  /** The one HTTP client of the host (shared retry policy and per-host concurrency). */
  http?: HttpClient;
  signInTimeoutMs?: number;
  /** How the address typed is checked for Learn before sign-in (time-out; tests' fetch). */
  findLearn?: FindLearnOptions;
  onChange?: (status: AuthStatus) => void;
}

interface Current {
  site: LearnSite;
  session: LearnSession;
  learn: LearnClient;
  user?: NonNullable<AuthStatus['user']>;
  stopListening: () => void;
}

export class SignInService {
  readonly #options: SignInServiceOptions;
  #current: Current | undefined;
  /** Each site's Learn release as it last said, by base URL (it changes only with an upgrade). */
  readonly #releases = new Map<string, string>();

  constructor(options: SignInServiceOptions) {
    this.#options = options;
  }

  /** Picks up a real site's sign-in kept from an earlier run (demo mode starts signed out). */
  async restore(): Promise<AuthStatus> {
    const remembered = this.#options.mode === 'learn' ? await this.#options.memory?.read() : undefined;
    if (remembered && !this.#current) {
      const current = this.#open(learnSite(remembered.learnUrl), remembered.applicationKey, this.#options.openExternal);
      await current.session.restore();
      if (current.session.state.status === 'signed-in') await this.#loadUser(current).catch(() => undefined);
    }
    return this.status();
  }

  status(): AuthStatus {
    const mode = this.#options.mode;
    const current = this.#current;
    if (!current) return { state: 'signed-out', mode };
    return toStatus(current.session.state, mode, current.user);
  }

  async signInDemo(): Promise<AuthStatus> {
    const demo = this.#options.demo;
    if (this.#options.mode !== 'demo' || !demo) throw new Error('Demo sign-in is available only in demo mode.');
    const site = learnSite(demo.learnUrl);
    await this.#options.vault.set(site.id, 'application-secret', demo.applicationSecret);
    return this.#signIn(site, demo.applicationKey, demo.openExternal);
  }

  /**
   * Signs in to the Learn at the address the user typed, once it has answered as Learn (findLearn:
   * `learn.school.edu` becomes `https://learn.school.edu/learn`); LearnNotFoundError otherwise,
   * before the browser opens or the secret is kept.
   */
  async signIn(request: SignInRequest): Promise<AuthStatus> {
    const found = await findLearn(request.learnUrl, this.#options.findLearn);
    if (found.learnVersion) this.#releases.set(found.learnUrl, found.learnVersion);
    const site = learnSite(found.learnUrl);
    if (request.applicationSecret !== undefined) await this.#options.vault.set(site.id, 'application-secret', request.applicationSecret);
    const status = await this.#signIn(site, request.applicationKey, this.#options.openExternal);
    await this.#options.memory?.write({ learnUrl: site.learnUrl, applicationKey: request.applicationKey });
    return status;
  }

  async signOut(): Promise<AuthStatus> {
    const current = this.#current;
    if (current) {
      await current.session.signOut();
      current.stopListening();
      this.#current = undefined;
    }
    await this.#options.memory?.clear();
    const status = this.status();
    this.#options.onChange?.(status);
    return status;
  }

  /**
   * The site signed in to (in demo mode, the sandbox even before sign-in) and its Learn release,
   * asked of Learn once per run (Get Version takes no token). Empty when there is no site yet.
   */
  async site(): Promise<SiteInfo> {
    const demo = this.#options.mode === 'demo' ? this.#options.demo : undefined;
    const learnUrl = this.#current?.site.learnUrl ?? (demo ? learnSite(demo.learnUrl).learnUrl : undefined);
    if (!learnUrl) return {};
    let release = this.#releases.get(learnUrl);
    if (release === undefined) {
      release = await readLearnVersion(learnUrl, this.#options.findLearn);
      if (release !== undefined) this.#releases.set(learnUrl, release);
    }
    return { learnUrl, ...(release !== undefined ? { learnVersion: release } : {}) };
  }

  /** The origin of the site being signed in to or signed in at (the host's openExternal allow-list). */
  siteOrigin(): string | undefined {
    return this.#current ? new URL(this.#current.site.learnUrl).origin : undefined;
  }

  /** The client of the signed-in site; SignInRequiredError (for the user) when there is none. */
  learn(): LearnClient {
    const current = this.#current;
    if (!current) throw new SignInRequiredError('You are not signed in to Learn. Sign in to continue.');
    return current.learn;
  }

  async #signIn(site: LearnSite, applicationKey: string, openExternal: OpenExternal): Promise<AuthStatus> {
    const same = this.#current && this.#current.site.id === site.id;
    const current = same && this.#current ? this.#current : this.#open(site, applicationKey, openExternal);
    await current.session.signIn();
    await this.#loadUser(current);
    // The session's state event fired before the user was known: report the complete status.
    const status = this.status();
    this.#options.onChange?.(status);
    return status;
  }

  /** Replaces the current site (signing out of none: another site's refresh token stays in the vault). */
  #open(site: LearnSite, applicationKey: string, openExternal: OpenExternal): Current {
    this.#current?.stopListening();
    const session = new LearnSession({
      site,
      applicationKey,
      vault: this.#options.vault,
      openExternal,
      ...(this.#options.signInTimeoutMs !== undefined ? { signInTimeoutMs: this.#options.signInTimeoutMs } : {}),
    });
    const learn = new LearnClient({ baseUrl: site.learnUrl, tokens: session, ...(this.#options.http ? { http: this.#options.http } : {}) });
    const current: Current = { site, session, learn, stopListening: () => undefined };
    current.stopListening = session.events.on('state', (state) => {
      if (state.status === 'signing-in' || this.#current !== current) return;
      if (state.status !== 'signed-in') current.user = undefined;
      this.#options.onChange?.(toStatus(state, this.#options.mode, current.user));
    });
    this.#current = current;
    return current;
  }

  async #loadUser(current: Current): Promise<void> {
    const me = await current.learn.courses.getUser('me');
    const given = me.name?.given ?? '';
    const family = me.name?.family ?? '';
    // `preferredDisplayName` is Learn's choice of which name to show (GivenName, Both...), not a name.
    const displayName = `${given} ${family}`.trim() || me.userName || me.id;
    current.user = { id: me.id, userName: me.userName ?? '', displayName };
    log.info('Signed in', { site: current.site.learnUrl, userId: me.id });
  }
}

function toStatus(state: SessionState, mode: AuthStatus['mode'], user: AuthStatus['user']): AuthStatus {
  switch (state.status) {
    case 'signed-in':
      return { state: 'signed-in', mode, ...(user ? { user } : {}) };
    case 'sign-in-required':
      return { state: 'sign-in-required', mode, message: state.message };
    default:
      return { state: 'signed-out', mode };
  }
}
