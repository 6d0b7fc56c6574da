import type { AuthStatus, SignInRequest, SiteInfo } from '../../../shared/ipc/contract';
import { createLogger } from '../../../shared/logger';
import { SignInRequiredError } from '../auth/access-token';
import { hostError, hostWords } from '../host-words';
import type { OpenExternal } from '../auth/authorization-flow';
import { findLearn, readLearnVersion, type FindLearnOptions } from '../auth/find-learn';
import { LearnSession } from '../auth/learn-session';
import { learnSite, type LearnSite } from '../auth/learn-site';
import type { SessionState } from '../auth/session-state';
import { SignInError } from '../auth/sign-in-error';
import type { SecretStore, TokenVault } from '../auth/token-vault';
import { memorySecrets } from '../auth/memory-secrets';
import { ApiError } from '../http/api-error';
import type { HttpClient } from '../http/http-client';
import type { RequestBudgets } from '../http/request-budgets';
import { LearnClient } from '../learn/learn-client';
import { AllyClient, createAllyHttpClient } from '../ally';
import { DEFAULT_ALLY_URL } from '../auth/deployment-file';
import type { KnownSites } from '../../../shared/ipc/site-channels';
import type { HostWords } from '../../../shared/ipc/host-words';
import { LOCALES, type Locale } from '../../../shared/i18n/locales';
import { identityOf } from './identity';
import { memorySiteList, type SiteList } from './known-sites';

/**
 * The one signed-in Learn site of this run: its LearnSession (tokens) and LearnClient (calls), and
 * who the user is. Both hosts build it from ports (vault, system browser, demo browser); the IPC
 * handlers only ask it for the status, to sign in or out, and for the current client.
 *
 * A host with the bundled sandbox offers the demo beside real sites, and switches between them
 * without a restart: one site is current at a time, and a site left without signing out keeps its
 * sign-in in the vault. The demo signs in through the same three-legged flow as a real site; only
 * the browser differs (the host plays it). Every change of state is reported through `onChange`,
 * which the hosts turn into the `auth.changed` event. A signed-in status names the identity (site
 * + user) whose local store the renderer may open.
 */
const log = createLogger('app.sign-in');

export interface DemoSite {
  learnUrl: string;
  applicationKey: string;
  applicationSecret: string;
  /** The host's stand-in for the user's browser on the sandbox's pages. */
  openExternal: OpenExternal;
}

type User = NonNullable<AuthStatus['user']>;

/** The non-secret half of the last sign-in, kept so the next launch can restore it (and, with no network, still name its user). */
export interface RememberedSite {
  learnUrl: string;
  applicationKey: string;
  user?: User;
}

export interface SiteMemory {
  read(): Promise<RememberedSite | undefined>;
  write(site: RememberedSite): Promise<void>;
  clear(): Promise<void>;
}

export interface SignInServiceOptions {
  vault: TokenVault;
  /** The system browser (allow-listed by the host). */
  openExternal: OpenExternal;
  /** Present when the host has the bundled sandbox: the demo is offered beside real sites. */
  demo?: DemoSite;
  /** Where the last real site's key and URL are remembered, so the next launch reopens it. */
  memory?: SiteMemory;
  /** The Learn sites this device has signed in to (the site chooser's list); default in memory. */
  sites?: SiteList;
  /** The one HTTP client of the host (shared retry policy and per-host concurrency). */
  http?: HttpClient;
  /** The host's request budgets (each Learn site's daily quota, kept between launches), for each site's client. */
  budgets?: RequestBudgets;
  signInTimeoutMs?: number;
  /** The HTTP client for a real site's Ally (the deployment file's credentials); default a new one. */
  allyHttp?: HttpClient;
  /** Why the deployment file at the managed path was not used, and what to do, for the site chooser; `words`: the why as a catalogue key. */
  deploymentProblem?: { message: string; words?: HostWords };
  /** How the address typed is checked for Learn before sign-in (time-out; tests' fetch). */
  findLearn?: FindLearnOptions;
  onChange?: (status: AuthStatus) => void;
}

interface Current {
  site: LearnSite;
  demo: boolean;
  session: LearnSession;
  learn: LearnClient;
  applicationKey: string;
  /** The site's Ally, when the deployment file gave its credentials (never for the demo: the host's sandbox Ally serves it). */
  ally?: AllyClient;
  user?: NonNullable<AuthStatus['user']>;
  /** Learn signed in someone other than this user, who last used the site here: nothing opens until the user confirms. */
  confirming?: User;
  stopListening: () => void;
}

export class SignInService {
  readonly #options: SignInServiceOptions;
  readonly #sites: SiteList;
  #current: Current | undefined;
  /** The demo sandbox's secret and sign-in: the sandbox, and its address, live as long as the run. */
  readonly #demoSecrets = memorySecrets();
  /** Each site's Learn release as it last said, by base URL (it changes only with an upgrade). */
  readonly #releases = new Map<string, string>();

  constructor(options: SignInServiceOptions) {
    this.#options = options;
    this.#sites = options.sites ?? memorySiteList();
  }

  /** Reopens the real site signed in to at the last launch, when its sign-in is still kept (the demo starts signed out). */
  async restore(): Promise<AuthStatus> {
    const remembered = await this.#options.memory?.read();
    if (remembered && !this.#current) {
      // Merged into its entry: what the deployment file put there (label, Ally) stays.
      await this.#sites.add({ ...(await this.#sites.get(remembered.learnUrl)), ...remembered });
      const current = this.#open(learnSite(remembered.learnUrl), false, remembered.applicationKey, this.#options.openExternal);
      await current.session.restore();
      if (current.session.state.status === 'signed-in') {
        const entry = await this.#sites.get(remembered.learnUrl);
        await this.#loadUser(current, remembered.user).catch(() => undefined);
        this.#checkUser(current, entry?.lastUser);
        await this.#loadAlly(current);
      }
      // Without a kept sign-in, or a user to name it by, the site is not "current": the app opens on the chooser.
      if (current.session.state.status !== 'signed-in' || !current.user) this.#close();
    }
    return this.status();
  }

  status(): AuthStatus {
    const current = this.#current;
    if (!current) return { state: 'signed-out', mode: this.#options.demo ? 'demo' : 'learn' };
    if (current.confirming && current.user && current.session.state.status === 'signed-in') {
      // No identity: no store opens, and no change is pushed, under an account nobody confirmed.
      return { state: 'confirm-user', mode: 'learn', user: current.user, previousUser: current.confirming };
    }
    return toStatus(current.session.state, current.demo ? 'demo' : 'learn', current.user, current.user ? identityOf({ learnUrl: current.site.learnUrl, demo: current.demo }, current.user.id) : undefined);
  }

  /** The identity signed in (its store's key), or undefined: the sync handler pushes only that identity's ops. */
  identityKey(): string | undefined {
    const status = this.status();
    return status.state === 'signed-in' ? status.identity?.key : undefined;
  }

  /** Whether the site signed in to is the demo sandbox (its Ally is the sandbox's). */
  onDemo(): boolean {
    return this.#current?.demo === true;
  }

  /** Signs in to the bundled sandbox, reusing the demo sign-in kept from earlier in this run. */
  async signInDemo(): Promise<AuthStatus> {
    const demo = this.#options.demo;
    if (!demo) throw hostError('Error', 'hostnotes.signIn.noDemo');
    const site = learnSite(demo.learnUrl);
    await this.#demoSecrets.set(site.id, 'application-secret', demo.applicationSecret);
    // The next launch opens on the chooser, not on the real site used before the demo.
    await this.#options.memory?.clear();
    return this.#signIn(site, true, demo.applicationKey, demo.openExternal, { reuseKept: true });
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
    // The demo's own address typed in is the demo (its identity and store), never a site to keep: its port changes every launch.
    const demo = this.#isDemo(site);
    if (request.applicationSecret !== undefined) await this.#secretsOf(demo).set(site.id, 'application-secret', request.applicationSecret);
    const status = await this.#signIn(site, demo, request.applicationKey, this.#options.openExternal, { reuseKept: false, ...(request.language ? { language: request.language } : {}) });
    // Typed in: the user's own site from now on, which a deployment file never overwrites.
    if (!demo) await this.#remember(site.learnUrl, request.applicationKey, { typed: true });
    return status;
  }

  /**
   * Opens a known site: its kept sign-in when there is one, else the system browser with its kept
   * key and secret (its pages in `language`, the app's, when given).
   */
  async openSite(learnUrl: string, language?: string): Promise<AuthStatus> {
    const known = await this.#sites.get(learnUrl);
    if (!known) throw hostError('Error', 'hostnotes.signIn.siteForgotten');
    const status = await this.#signIn(learnSite(known.learnUrl), false, known.applicationKey, this.#options.openExternal, { reuseKept: true, user: known.user, ...(language ? { language } : {}) });
    await this.#remember(known.learnUrl, known.applicationKey);
    return status;
  }

  /**
   * The user says the account Learn signed in is theirs (asked because another user last used the
   * site on this device): the site opens as that user, who is from now on the one remembered.
   */
  async confirmUser(): Promise<AuthStatus> {
    const current = this.#current;
    if (!current?.confirming) return this.status();
    delete current.confirming;
    log.info('The user confirmed signing in as another user than the last one on this site', { site: current.site.learnUrl });
    await this.#loadAlly(current);
    await this.#remember(current.site.learnUrl, current.applicationKey);
    return this.#report();
  }

  /** Back to the chooser, keeping the sign-in (the refresh token stays in the vault). */
  async leaveSite(): Promise<AuthStatus> {
    this.#close();
    await this.#options.memory?.clear();
    return this.#report();
  }

  async signOut(): Promise<AuthStatus> {
    const current = this.#current;
    if (current) {
      await current.session.signOut();
      this.#close();
    }
    await this.#options.memory?.clear();
    return this.#report();
  }

  async knownSites(): Promise<KnownSites> {
    const problem = this.#options.deploymentProblem;
    return { demoAvailable: this.#options.demo !== undefined, sites: await this.#sites.list(), ...(problem ? { deploymentProblem: problem.message, ...(problem.words ? { deploymentProblemWords: problem.words } : {}) } : {}) };
  }

  /** Forgets a site: signed out of it, its key, secret and kept sign-in gone from this device. */
  async forgetSite(learnUrl: string): Promise<KnownSites> {
    const site = learnSite(learnUrl);
    if (this.#current?.site.id === site.id) await this.signOut();
    await this.#options.vault.delete(site.id, 'refresh-token');
    await this.#options.vault.delete(site.id, 'application-secret');
    await this.#options.vault.delete(site.id, 'ally-secret');
    if ((await this.#options.memory?.read())?.learnUrl === site.learnUrl) await this.#options.memory?.clear();
    await this.#sites.remove(site.learnUrl);
    return this.knownSites();
  }

  /**
   * The site signed in to (signed out with the demo offered: the sandbox) and its Learn release,
   * asked of Learn once per run (Get Version takes no token). Empty when there is no site yet.
   */
  async site(): Promise<SiteInfo> {
    const demo = this.#options.demo;
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
    if (!current) throw new SignInRequiredError(hostWords('host.signIn.notSignedIn'));
    if (current.confirming) throw new SignInRequiredError(hostWords('host.signIn.confirmAccount'));
    return current.learn;
  }

  /** The signed-in real site's Ally, or undefined when the site has no Ally credentials (or is the demo). */
  ally(): AllyClient | undefined {
    return this.#current?.confirming ? undefined : this.#current?.ally;
  }

  /** Where a site's secrets are kept: the vault, or memory for the demo sandbox (gone with the run). */
  #secretsOf(demo: boolean): SecretStore {
    return demo ? this.#demoSecrets : this.#options.vault;
  }

  #isDemo(site: LearnSite): boolean {
    const demo = this.#options.demo;
    return demo !== undefined && learnSite(demo.learnUrl).id === site.id;
  }

  /**
   * A new sign-in at a site replaced its kept one, perhaps by another user: the user kept for it
   * no longer names it, so it is dropped until Learn says who this is (#remember). The site is
   * listed at once, so a sign-in whose user Learn did not name can be opened again from the chooser.
   */
  async #newSignInAt(learnUrl: string, applicationKey: string): Promise<void> {
    const { user: _dropped, ...kept } = (await this.#sites.get(learnUrl)) ?? { learnUrl, applicationKey };
    await this.#sites.add({ ...kept, learnUrl, applicationKey });
    if ((await this.#options.memory?.read())?.learnUrl === learnUrl) await this.#options.memory?.clear();
  }

  async #remember(learnUrl: string, applicationKey: string, how: { typed?: boolean } = {}): Promise<void> {
    // Not while the user is asked who this is: the site stays listed (#newSignInAt), the next launch does not reopen it.
    if (this.#current?.site.learnUrl === learnUrl && this.#current.confirming) return;
    const signedIn = this.#current?.site.learnUrl === learnUrl ? this.#current.user : undefined;
    // Who it was is kept; their Learn language is read again at each sign-in.
    const user = signedIn ? { id: signedIn.id, userName: signedIn.userName, displayName: signedIn.displayName } : undefined;
    // What the deployment file put in the entry (label, Ally) stays; typing the key makes the site the user's own.
    const { user: _old, fromDeployment, ...kept } = (await this.#sites.get(learnUrl)) ?? { learnUrl, applicationKey };
    const entry = { ...kept, learnUrl, applicationKey, ...(user ? { user, lastUser: user } : {}), ...(fromDeployment && !how.typed ? { fromDeployment } : {}) };
    await this.#sites.add(entry);
    const site = { learnUrl, applicationKey, ...(user ? { user } : {}) };
    await this.#options.memory?.write(site);
  }

  /**
   * `reuseKept`: a sign-in kept in the vault is used as it is (no browser); `user` names it when
   * Learn cannot be asked (offline), as long as the kept sign-in is the one that user made;
   * `language`: the app's, for the pages the browser shows.
   */
  async #signIn(
    site: LearnSite,
    demo: boolean,
    applicationKey: string,
    openExternal: OpenExternal,
    how: { reuseKept: boolean; user?: User | undefined; language?: string },
  ): Promise<AuthStatus> {
    // Who last used this site here, read before a new sign-in drops the entry's user (#newSignInAt).
    const lastUser = demo ? undefined : await this.#sites.get(site.learnUrl).then((entry) => entry?.lastUser ?? entry?.user);
    const same = this.#current && this.#current.site.id === site.id;
    const current = same && this.#current ? this.#current : this.#open(site, demo, applicationKey, openExternal);
    if (how.reuseKept) await current.session.restore();
    const kept = how.reuseKept && current.session.state.status === 'signed-in';
    if (!kept) {
      await current.session.signIn(undefined, how.language);
      if (!demo) await this.#newSignInAt(site.learnUrl, applicationKey);
    }
    try {
      await this.#loadUser(current, kept ? how.user : undefined);
    } catch (error) {
      // Signed in but nobody to name: no store could open, so back to the chooser (the sign-in stays kept) and say why.
      this.#close();
      this.#report();
      throw error;
    }
    this.#checkUser(current, lastUser);
    if (!demo && !current.confirming) await this.#loadAlly(current);
    // The session's state event fired before the user was known: report the complete status.
    return this.#report();
  }

  #report(): AuthStatus {
    const status = this.status();
    this.#options.onChange?.(status);
    return status;
  }

  #close(): void {
    this.#current?.stopListening();
    this.#current = undefined;
  }

  /** Replaces the current site (signing out of none: another site's refresh token stays in the vault). */
  #open(site: LearnSite, demo: boolean, applicationKey: string, openExternal: OpenExternal): Current {
    this.#current?.stopListening();
    const session = new LearnSession({
      site,
      applicationKey,
      vault: this.#secretsOf(demo),
      openExternal,
      ...(this.#options.signInTimeoutMs !== undefined ? { signInTimeoutMs: this.#options.signInTimeoutMs } : {}),
    });
    const learn = new LearnClient({
      baseUrl: site.learnUrl,
      tokens: session,
      ...(this.#options.http ? { http: this.#options.http } : {}),
      ...(this.#options.budgets ? { budgets: this.#options.budgets } : {}),
    });
    const current: Current = { site, demo, session, learn, applicationKey, stopListening: () => undefined };
    current.stopListening = session.events.on('state', (state) => {
      if (state.status === 'signing-in' || this.#current !== current) return;
      if (state.status !== 'signed-in') current.user = undefined;
      this.#options.onChange?.(this.status());
    });
    this.#current = current;
    return current;
  }

  /** The site's Ally client from its entry (address, client id) and the vault (secret), when the deployment file gave them. */
  async #loadAlly(current: Current): Promise<void> {
    const entry = await this.#sites.get(current.site.learnUrl);
    const secret = entry?.allyClientId !== undefined ? await this.#options.vault.get(current.site.id, 'ally-secret') : undefined;
    if (entry?.allyClientId === undefined || secret === undefined) {
      delete current.ally;
      return;
    }
    current.ally = new AllyClient({
      baseUrl: entry.allyUrl ?? DEFAULT_ALLY_URL,
      credentials: { clientId: entry.allyClientId, secret },
      http: this.#options.allyHttp ?? createAllyHttpClient(),
    });
  }

  /**
   * A sign-in as someone other than the user who last used the site on this device is asked about
   * first: it is how another account's sign-in, slipped into this one (login CSRF), would show.
   */
  #checkUser(current: Current, lastUser: User | undefined): void {
    if (!current.demo && lastUser && current.user && current.user.id !== lastUser.id) current.confirming = lastUser;
    else delete current.confirming;
  }

  /** Asks Learn who signed in; with no answer, the user kept for this sign-in (`kept`), else the error. */
  async #loadUser(current: Current, kept?: User): Promise<void> {
    let me;
    try {
      me = await current.learn.courses.getUser('me');
    } catch (error) {
      if (!kept || !learnDidNotAnswer(error)) throw error;
      current.user = kept;
      log.info('Learn did not answer: signed in as the user kept for this site', { site: current.site.learnUrl });
      return;
    }
    const given = me.name?.given ?? '';
    const family = me.name?.family ?? '';
    // `preferredDisplayName` is Learn's choice of which name to show (GivenName, Both...), not a name.
    const displayName = `${given} ${family}`.trim() || me.userName || me.id;
    const learnLanguage = languageOfLearnLocale(me.locale?.id);
    current.user = { id: me.id, userName: me.userName ?? '', displayName, ...(learnLanguage ? { learnLanguage } : {}) };
    log.info('Signed in', { site: current.site.learnUrl, userId: me.id });
  }
}

/** Learn's locale id (`es_ES`, `ar-SA`, `nl`) as one of Rollbook's languages, or none. */
function languageOfLearnLocale(id: string | undefined): Locale | undefined {
  const language = id?.toLowerCase().split(/[-_]/)[0];
  return LOCALES.find((l) => l === language);
}

/** No answer from Learn (network, time-out, Learn down), as opposed to a refusal: a kept user may stand in. */
function learnDidNotAnswer(error: unknown): boolean {
  if (error instanceof ApiError) return error.kind === 'network' || error.kind === 'timeout' || (error.kind === 'http' && (error.status ?? 0) >= 500);
  return error instanceof SignInError && (error.problem === 'learn-unreachable' || error.problem === 'learn-unavailable');
}

function toStatus(state: SessionState, mode: AuthStatus['mode'], user: AuthStatus['user'], identity: AuthStatus['identity']): AuthStatus {
  switch (state.status) {
    case 'signed-in':
      return { state: 'signed-in', mode, ...(user ? { user } : {}), ...(identity ? { identity } : {}) };
    case 'sign-in-required':
      return { state: 'sign-in-required', mode, message: state.message, ...(state.words ? { words: state.words } : {}) };
    default:
      return { state: 'signed-out', mode };
  }
}
