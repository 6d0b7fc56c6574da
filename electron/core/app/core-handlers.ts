import type { AuthStatus, EventName, EventOf } from '../../../shared/ipc/contract';
import type { AllyClient } from '../ally';
import type { RequestBudgets } from '../http/request-budgets';
import type { Handlers } from '../ipc/dispatcher';
import { CourseRosters } from '../learn/course-rosters';
import { RecentReads } from '../learn/recent-reads';
import type { LearnClient } from '../learn/learn-client';
import { createSyncEngine } from '../sync/sync-engine';
import { allyHandlers } from './ally-handlers';
import { announcementHandlers } from './announcement-handlers';
import { courseAnnouncementHandlers } from './course-announcement-handlers';
import { appHandlers, type AppHostPort } from './app-handlers';
import { budgetHandlers, currentBudget } from './budget-handlers';
import { calendarHandlers } from './calendar-handlers';
import { changeWriter } from './change-writer';
import { contentHandlers } from './content-handlers';
import { learnHandlers } from './learn-handlers';
import { OutboxJournal } from './outbox-journal';
import { outboxJournalHandlers } from './outbox-journal-handlers';
import { photoHandlers } from './photo-handlers';
import type { SignInService } from './sign-in-service';
import { siteCheckHandlers } from './site-check-handlers';
import { storeKeys as keepStoreKeys } from './store-key-handlers';
import { TaughtCourses } from './taught-courses';
import { syncHandlers, type SyncEnginePort } from './sync-handlers';
import { updateHandlers } from './update-handlers';
import type { UpdateService } from '../updates/update-service';
import type { TokenVault } from '../auth/token-vault';

/**
 * Every channel of the contract, from the ports a host supplies. Both hosts call this, so the
 * desktop app and browser mode answer the renderer identically.
 */
export interface CoreHandlerDeps {
  app: AppHostPort;
  signIn: SignInService;
  emit: <E extends EventName>(event: E, payload: EventOf<E>) => void;
  /** The sync engine of a site's client; default the real one (tests of the handler pass their own). */
  createEngine?: (learn: LearnClient) => SyncEnginePort;
  /** The demo's Ally client (the sandbox's); a real site's comes from its deployment file (SignInService.ally). */
  ally?: AllyClient;
  /** The host's data folder, for state kept between launches (Ally's hashes); absent: kept in memory. */
  dataDir?: string;
  /** Where the outbox journal is kept (the data folder, demo included: its waiting marks are as real to the session); absent: none kept. */
  journalDir?: string;
  /** Each Learn site's request budget, the one the host's Learn clients keep (startHostSignIn); absent: none is told. */
  budgets?: RequestBudgets;
  /** The installed app's updates (desktop); absent: this host does not update itself. */
  updates?: UpdateService;
  /** The host's vault, where each identity's store key is kept (store.key); absent: the key is refused. */
  vault?: TokenVault;
  /**
   * Told of writes begun on the side (a store key made as a sign-in ends), for the host to let
   * them finish before it stops (browser mode's close(); a desktop quit may cut one short
   * harmlessly: no page has a key before it is on disk, so nothing is sealed with a lost one).
   */
  writing?: (work: Promise<void>) => void;
}

/** A host without a vault (some tests) keeps no store key: the page is told it cannot open its data. */
const noVault: TokenVault = {
  protection: 'none',
  get: () => Promise.reject(new Error('This host keeps no keys, so your data on this device cannot be opened.')),
  set: () => Promise.reject(new Error('This host keeps no keys, so your data on this device cannot be opened.')),
  delete: () => Promise.resolve(),
};

export function coreHandlers(deps: CoreHandlerDeps): Handlers {
  const { signIn } = deps;
  const learn = (): LearnClient => signIn.learn();
  const taught = new TaughtCourses(learn, () => signIn.identityKey());
  // One roster read serves the roll call screen and the sync engine's bulk within minutes.
  const rosters = new CourseRosters(() => signIn.identityKey());
  // A course's meetings listed by a screen answer the site check's attendance probe within minutes.
  const recent = new RecentReads(() => signIn.identityKey());
  const writesOf = (client: () => LearnClient) => ({ ...contentHandlers(client), ...calendarHandlers(client), ...announcementHandlers(client), ...courseAnnouncementHandlers(client) });
  const writes = writesOf(learn);
  // A push replays queued changes through the client it started with, never a site switched to meanwhile.
  const engineOf = (client: LearnClient): SyncEnginePort => createSyncEngine({ learn: client, roll: rosters.of(client), writeChange: changeWriter(writesOf(() => client)) });
  // The sandbox's Ally serves the demo only: a real site's files go to that site's own Ally (deployment file), never to it.
  const allyDeps = {
    learn,
    dataDir: deps.dataDir,
    get ally() {
      return signIn.onDemo() ? deps.ally : signIn.ally();
    },
  };
  const journal = deps.journalDir === undefined ? undefined : new OutboxJournal(deps.journalDir);
  const storeKeys = keepStoreKeys({ vault: deps.vault ?? noVault, identity: () => signIn.identityKey() });
  // A sign-in that names an identity has its store key read or made at once: its page asks next.
  const keyReady = (status: AuthStatus): AuthStatus => {
    deps.writing?.(storeKeys.prepare(status));
    return status;
  };
  return {
    ...appHandlers(deps.app),
    // The `auth.*` channels: the service reports every change as `auth.changed` itself.
    'auth.status': () => Promise.resolve(keyReady(signIn.status())),
    'auth.signInDemo': () => signIn.signInDemo().then(keyReady),
    'auth.signIn': (request) => signIn.signIn(request).then(keyReady),
    'auth.signOut': () => signIn.signOut(),
    'auth.openSite': ({ learnUrl, language }) => signIn.openSite(learnUrl, language).then(keyReady),
    'auth.leaveSite': () => signIn.leaveSite(),
    'auth.confirmUser': () => signIn.confirmUser().then(keyReady),
    'auth.sites': () => signIn.knownSites(),
    'auth.forgetSite': ({ learnUrl }) => signIn.forgetSite(learnUrl),
    'auth.site': () => signIn.site(),
    ...learnHandlers(learn, taught, rosters, recent),
    ...photoHandlers(learn),
    ...outboxJournalHandlers({ journal, identity: () => signIn.identityKey() }),
    ...syncHandlers({ learn, identity: () => signIn.identityKey(), createEngine: deps.createEngine ?? engineOf, emit: deps.emit }),
    ...writes,
    ...allyHandlers(allyDeps),
    ...siteCheckHandlers({ signIn, ally: () => allyDeps.ally, courses: taught, rosters, recent, budget: () => currentBudget(deps.budgets, signIn) }),
    ...budgetHandlers({ budgets: deps.budgets, signIn, emit: deps.emit }),
    ...updateHandlers({ updates: deps.updates, emit: deps.emit }),
    ...storeKeys.handlers,
    // A store removed on purpose takes its journal with it: a new store would otherwise get back changes sent or discarded.
    'store.forgetKey': async (request) => {
      await journal?.forget(request.identity);
      return storeKeys.handlers['store.forgetKey'](request);
    },
  };
}
