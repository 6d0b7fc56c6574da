import { BridgeError, invoke } from '../bridge';
import { problemOf, type Problem } from '../ui/problem';
import { createLogger } from '../../../shared/logger';
import type { ResponseOf } from '../../../shared/ipc/contract';
import { IdentityDirectory, importStoreKey, makeNewIdentityStore, moveSharedStore, openIdentityStore, removeIdentityStore, type RollbookDb } from '../db';
import { journalOutboxTo, serialSink } from '../db/outbox-journal';
import { recoverOutbox } from '../db/outbox-recovery';
import { toast } from '../ui/toast.svelte';
import type { Session } from '../features/attendance/session.svelte';
import { t } from '../ui/i18n';

const log = createLogger('app.identity-store');

/**
 * The local store of whoever is signed in (docs/architecture.md rule 8): opened when the host
 * names the identity, closed when nobody is signed in or someone else is. The screens get a store
 * only through `open`, so after sign-out nothing of it can show, offline or not.
 *
 * Switches are taken one at a time, and only the last one asked for opens: a quick sign-out and
 * sign-in as someone else never leaves the first identity's store open.
 */
export class IdentityStore {
  #open = $state<{ db: RollbookDb; key: string } | null>(null);
  #problem = $state<Problem | null>(null);
  #wanted: string | undefined;
  #queue: Promise<void> = Promise.resolve();

  /**
   * `beforeScreens` runs on a store that has just opened, before the screens get it (Today's first
   * lists on a first start: features/today/first-lists.ts); it bounds its own wait and never throws.
   */
  constructor(
    private readonly session: Session,
    private readonly beforeScreens: (db: RollbookDb, key: string) => Promise<void> = () => Promise.resolve(),
    private readonly directory: IdentityDirectory = new IdentityDirectory(),
  ) {}

  get open(): { db: RollbookDb; key: string } | null {
    return this.#open;
  }
  /** Why the signed-in identity's store could not be opened, for the user. */
  get problem(): Problem | null {
    return this.#problem;
  }

  /** Opens the store of `key` (closing any other), or closes it when `key` is undefined. */
  follow(key: string | undefined): Promise<void> {
    this.#wanted = key;
    this.#queue = this.#queue.then(() => this.#switch(key));
    return this.#queue;
  }

  /**
   * Removes an identity's store, then its name from the list (a failed delete leaves both, never a
   * store nobody can see); the open one is closed first and its user signed out.
   */
  async remove(key: string): Promise<void> {
    const open = this.#open?.key === key;
    if (open) this.#close();
    await removeIdentityStore(key);
    await this.directory.forget(key);
    // The store is gone: its key would seal nothing (a new one is made if this identity comes back).
    await invoke('store.forgetKey', { identity: key });
    if (open) await this.session.signOut();
  }

  #close(): void {
    const old = this.#open;
    this.#open = null;
    old?.db.close();
  }

  async #switch(key: string | undefined): Promise<void> {
    if (key !== this.#wanted || this.#open?.key === key) return;
    this.#close();
    this.#problem = null;
    if (key === undefined) return;
    const identity = this.session.identity;
    const user = this.session.status?.user;
    try {
      // Asked first, before the store's own work below holds the page: the key that seals the
      // store comes from the host, for the identity signed in only, and stays in memory; and the
      // host's journal of this identity's outbox (nothing writes the store before it opens).
      const keyAnswer = invoke('store.key', { identity: key });
      keyAnswer.catch(() => undefined); // awaited below
      const journaled = invoke('outbox.journaled', { identity: key });
      journaled.catch(() => undefined); // keepJournal says why it was not read
      // Named in the directory while its store opens (the two are independent): a failed open
      // leaves a name without a store, the safe side (never a store nobody can see).
      const named = identity && user && identity.key === key ? this.directory.opened(identity, user) : undefined;
      named?.catch(() => undefined); // awaited below; a failed open must not leave it unhandled
      // A first sign-in's store is made while its key travels (made is never a failure: the open below says why).
      const made = makeNewIdentityStore(key).catch(() => undefined);
      const storeKey = await importStoreKey((await keyAnswer).key);
      await made;
      const db = await openIdentityStore(key, storeKey);
      // The store every identity shared before this version goes to the first one it belongs to.
      const coursesOfThisIdentity = async (): Promise<{ id: string; courseId: string }[]> => {
        const { courses } = await invoke('learn.myCourses', {});
        // Another sign-in while Learn answered: these are someone else's courses, no proof for this store.
        if (this.session.identity?.key !== key) throw new Error('the identity changed while its courses were read');
        return courses;
      };
      // Side by side: the two are independent, and the screens wait for both.
      const [, moved] = await Promise.all([
        keepJournal(db, key, journaled),
        moveSharedStore(db, coursesOfThisIdentity).catch((error: unknown) => {
          log.warn('The shared store was not moved this time', { error: String(error) });
          return 'not-theirs' as const;
        }),
        named,
      ]);
      if (moved === 'moved') log.info('Moved the shared store into this identity’s own');
      // After the move: what Learn says now is written over what the shared store had.
      if (key === this.#wanted) await this.beforeScreens(db, key);
      if (key !== this.#wanted) {
        db.close();
        return;
      }
      this.#open = { db, key };
    } catch (error) {
      log.error('Could not open the local store', { error: String(error) });
      this.#problem = problemOf(error, t('frame.dataNotOpened'));
    }
  }
}

/**
 * Mirrors the store's outbox to the host's journal from now on, and puts back what a store the
 * browser cleared has lost (db/outbox-journal.ts). A host that cannot keep it never stops
 * the store opening: the marks are then in the browser only, as before the journal. `journaled`
 * is the host's copy, asked beside the store's key (a round trip less before the screens).
 */
async function keepJournal(db: RollbookDb, identity: string, journaled: Promise<ResponseOf<'outbox.journaled'>>): Promise<void> {
  const send = serialSink(
    (change) => invoke('outbox.journal', { identity, ...change }),
    (error) => {
      log.warn('The host did not keep a copy of the latest outbox changes', { error: String(error) });
      // Full: refused until changes are sent (then tried with the next ones); anything else, tried again soon.
      const full = error instanceof BridgeError && error.errorName === 'OutboxJournalFull';
      if (full) toast(t('journal.full'), 'warn');
      return !full;
    },
  );
  // Mirrored from the start: the shared store's move runs beside this and writes the outbox too.
  journalOutboxTo(db, send);
  try {
    const { rows } = await journaled;
    const { recovered, stale } = await recoverOutbox(db, rows);
    if (stale.length > 0) send({ put: [], deleted: stale });
    if (recovered > 0) {
      log.info('Put back outbox changes the browser had cleared', { recovered });
      toast(t('journal.recovered', { count: recovered }), 'warn', { stay: true });
    }
  } catch (error) {
    log.warn('The outbox journal was not read; nothing was put back from it', { error: String(error) });
  }
}
