import { liveQuery } from 'dexie';
import { syncProgressWords } from './sync-progress-words';
import { invoke, on } from '../../bridge';
import { problemOf, type Problem } from '../../ui/problem';
import { landing } from '../../ui/landing.svelte';
import { outboxRepo, queueReasserts, type RollbookDb } from '../../db';
import type { Connectivity } from '../../ui/connectivity.svelte';
import { pushInRounds } from './push-rounds';
import { heldOpsRelease } from '../../app/site-budget';
import { afterResults, isDue, keepOnly, nextDue, NO_RETRIES, type RetrySchedule } from './retry-schedule';
import type { OpResult, OutboxOp } from '../../../../shared/domain/outbox';
import type { LearnTrouble } from '../../app/status-words';

/** How often to sync while online anyway (a fallback); reconnect, a change and "Sync now" do not wait for it. */
export const SYNC_INTERVAL_MS = 60_000;
/** A change made online goes out this long after the last one, so a burst of taps is one push. */
export const SYNC_SOON_MS = 1_500;
/** ...but a burst that goes on is not held back longer than this. */
export const SYNC_SOON_MAX_MS = 10_000;

/**
 * Marks a roll call holds back while the roll is being taken (send-hold.svelte.ts): they stay
 * saved here, and no push sends them until the hold ends (`letGo`) or the instructor syncs.
 */
export interface PushHold {
  /** Whether this waiting op is one of the held marks. */
  holds(op: OutboxOp): boolean;
  /** How many marks it holds now, for the status bar. */
  readonly marks: number;
}

/**
 * Runs sync: pending ops from the outbox -> `sync.push` -> results applied in one transaction.
 * The outcome (waiting count, failures, last sync) is read from the store by liveQuery, not kept
 * here; this class only knows whether a push is under way and why the last one could not run.
 * One push at a time: a request made during a push runs once more right after it, so a change
 * made mid-sync is not left waiting for the timer.
 */
export class SyncRunner {
  #syncing = $state(false);
  #progress = $state<string | null>(null);
  #landing = $state<string | null>(null);
  #problem = $state<Problem | null>(null);
  #again = false;
  #running: Promise<void> | null = null;
  readonly #stop: (() => void)[] = [];
  /** When each failed op may go again (retry-schedule.ts). */
  #retries: RetrySchedule = NO_RETRIES;
  #wake: ReturnType<typeof setTimeout> | undefined;
  /** The roll call's marks that wait for the roll to be finished; null when nothing is held. */
  #hold = $state.raw<PushHold | null>(null);
  /** The last push's failures were Learn's (no answer, a server error): which, and when Rollbook tries again. */
  #trouble = $state.raw<LearnTrouble | null>(null);

  constructor(
    private readonly db: RollbookDb,
    private readonly connectivity: Connectivity,
    private readonly signedIn: () => boolean,
    /** The identity whose store this is: the host sends its ops only while that identity is signed in. */
    private readonly identity: string,
    /** Until when Learn takes nothing from this site (its quota is used up, or it asked to wait); undefined when it takes. */
    private readonly blockedUntil: () => string | undefined = () => undefined,
  ) {
    this.#stop.push(
      connectivity.onChange((online) => {
        // A new connection is a new chance: what failed before goes at once.
        if (online) this.#retries = NO_RETRIES;
        if (online) void this.#sync();
      }),
    );
    this.#stop.push(() => clearTimeout(this.#wake));
    const timer = setInterval(() => {
      if (connectivity.online) void this.#sync();
    }, SYNC_INTERVAL_MS);
    this.#stop.push(() => clearInterval(timer));
    this.#syncSoonAfterChanges();
    this.#stop.push(
      on('sync.progress', (p) => {
        this.#progress = syncProgressWords(p);
      }),
    );
  }

  /**
   * Watches the count of pending ops (one index range, not the outbox): when it grows, a push
   * follows SYNC_SOON_MS after the last change, or SYNC_SOON_MAX_MS after the first of a long burst.
   * Not while a roll call holds its marks: the change is one of them, and the hold's end pushes.
   */
  #syncSoonAfterChanges(): void {
    let last = 0;
    let soon: ReturnType<typeof setTimeout> | undefined;
    let firstAt: number | undefined;
    const fire = (): void => {
      soon = undefined;
      firstAt = undefined;
      if (this.#hold === null) void this.#sync();
    };
    const subscription = liveQuery(() => this.db.outbox.where('state').equals('pending').count()).subscribe({
      next: (count) => {
        const grew = count > last;
        last = count;
        if (!grew || !this.connectivity.online) return;
        const now = Date.now();
        firstAt ??= now;
        if (soon !== undefined) clearTimeout(soon);
        soon = setTimeout(fire, Math.max(0, Math.min(SYNC_SOON_MS, firstAt + SYNC_SOON_MAX_MS - now)));
      },
      // The store is closing (sign-out): nothing more to watch.
      error: () => undefined,
    });
    this.#stop.push(() => {
      subscription.unsubscribe();
      if (soon !== undefined) clearTimeout(soon);
    });
  }

  /** Stops the timer and listeners (on sign-out the signed-in app and its runner go away). */
  dispose(): void {
    for (const stop of this.#stop.splice(0)) stop();
  }

  get syncing(): boolean {
    return this.#syncing;
  }
  get progress(): string | null {
    return this.#progress;
  }
  /**
   * Learn has answered the sync's last push and its answers are being stored here ("1,200 of
   * 3,913"); null otherwise. Not "syncing": nothing more goes to Learn.
   */
  get landing(): string | null {
    return this.#landing;
  }
  /** Why the last push could not run at all (host unreachable, signed out); per-op failures are in the store. */
  get problem(): Problem | null {
    return this.#problem;
  }

  /**
   * Learn failed the last push (no answer, or a server error), and when Rollbook tries again by
   * itself; null once a push gets through or Learn's failures are gone. For the status bar.
   */
  get trouble(): LearnTrouble | null {
    return this.#trouble;
  }

  /** The roll call's hold while it holds marks back; null otherwise. */
  get held(): PushHold | null {
    return this.#hold;
  }

  /** A roll call holds its marks back (each mark renews it): pushes leave them out until `letGo`. */
  holdBack(hold: PushHold): void {
    if (this.#hold !== hold) this.#hold = hold;
  }

  /** The roll call's hold ends: one push sends what it held. Nothing happens if it no longer holds (a sync took its marks). */
  letGo(hold: PushHold): Promise<void> {
    if (this.#hold !== hold) return Promise.resolve();
    this.#hold = null;
    return this.#sync();
  }

  /**
   * The instructor asks for a sync ("Sync now", "Sync first"): everything waiting goes, a roll
   * call's held marks included. While a push runs, asks for one more after it; either way
   * resolves once the pushes end, so "Sync first" (sign-out) reads what is left only after they
   * have landed.
   */
  syncNow(): Promise<void> {
    this.#hold = null;
    return this.#sync();
  }

  /** Pushes what waits and is not held (a change, a reconnect, the timer, a backoff ending). */
  #sync(): Promise<void> {
    if (!this.signedIn() || !this.connectivity.online) return Promise.resolve();
    if (this.#holdWhileBlocked()) return Promise.resolve();
    if (this.#running) {
      this.#again = true;
      return this.#running;
    }
    this.#running = this.#pushAll().finally(() => (this.#running = null));
    return this.#running;
  }

  async #pushAll(): Promise<void> {
    this.#syncing = true;
    try {
      do {
        this.#again = false;
        await this.#pushOnce();
      } while (this.#again);
    } finally {
      this.#syncing = false;
      this.#progress = null;
      this.#landing = null;
    }
  }

  /** Failed ops go back to pending, then a push: the "Retry" and "Sync now" of the status bar. */
  async retryFailed(opIds: readonly string[]): Promise<void> {
    // The instructor asked: nothing waits for its backoff (Learn's own gate still holds).
    this.#retries = NO_RETRIES;
    const outbox = outboxRepo(this.db);
    for (const opId of opIds) await outbox.retry(opId);
    await this.syncNow();
  }

  /** A push goes to Learn (again, after the answers of a last one landed and a change came meanwhile). */
  #pushing(): void {
    this.#syncing = true;
    this.#landing = null;
  }

  /** Learn answered the last push: "Syncing" ends here; storing its answers shows as landing. */
  #answered(results: number, last: boolean): void {
    if (!last) return;
    this.#syncing = false;
    this.#progress = null;
    this.#landed(0, results);
  }

  #landed(landed: number, total: number): void {
    if (this.#syncing) return;
    this.#landing = landed < total ? `${landed.toLocaleString()} of ${total.toLocaleString()}` : null;
  }

  /**
   * While Learn takes nothing from the site, no push: one wake-up at the gate's time instead (a
   * push now would only be refused, and each refusal is a request of the institution's quota).
   */
  #holdWhileBlocked(): boolean {
    const until = this.blockedUntil();
    if (until === undefined) return false;
    this.#wakeAt(Date.parse(until) + 1_000);
    return true;
  }

  /** One timer for the next time something may go: a gate opening or a backoff ending. */
  #wakeAt(at: number): void {
    clearTimeout(this.#wake);
    this.#wake = setTimeout(() => void this.#sync(), Math.max(0, at - Date.now()));
  }

  /** The outbox as a push sees it: only ops whose backoff is over and no roll call holds, none while the site is blocked. */
  #dueOutbox(outbox: ReturnType<typeof outboxRepo>): Pick<ReturnType<typeof outboxRepo>, 'pending' | 'applyResults'> {
    return {
      pending: async (released) => {
        const waiting = await outbox.pending(released);
        this.#retries = keepOnly(this.#retries, waiting.map((op) => op.opId));
        if (this.blockedUntil() !== undefined) return [];
        const now = Date.now();
        const hold = this.#hold;
        return waiting.filter((op) => isDue(this.#retries, op.opId, now) && !hold?.holds(op));
      },
      applyResults: async (results, onProgress) => {
        this.#retries = afterResults(this.#retries, results, Date.now());
        this.#trouble = troubleOf(results, this.#retries);
        // The screens' live queries read once after the landing, not after each of its commits.
        await landing.during(() => outbox.applyResults(results, onProgress));
      },
    };
  }

  async #pushOnce(): Promise<void> {
    const outbox = outboxRepo(this.db);
    try {
      await pushInRounds(
        this.#dueOutbox(outbox),
        async (ops) => {
          this.#pushing();
          return (await invoke('sync.push', { identity: this.identity, ops })).results;
        },
        {
          plan: (ops) => queueReasserts(this.db, ops),
          released: heldOpsRelease,
          onRound: ({ sent, left }) => {
            if (left > 0) this.#progress = `sent ${sent.toLocaleString()}, ${left.toLocaleString()} to go`;
          },
          onAnswer: ({ results, last }) => this.#answered(results, last),
          onLanding: (landed, total) => this.#landed(landed, total),
        },
      );
      this.#problem = null;
    } catch (error) {
      // The ops stay pending (nothing was applied locally), so the next push retries them.
      this.#problem = problemOf(error, 'Sync could not reach the Rollbook host; your changes are kept.');
    }
    if (this.#holdWhileBlocked()) return;
    const due = nextDue(this.#retries, Date.now());
    if (due !== undefined) this.#wakeAt(due);
  }
}

/**
 * Learn's trouble in one push's results: none when anything landed or nothing failed for Learn's
 * reasons; "not answering" before "had a problem" (no answer at all is the worse news); the time
 * Rollbook tries again is the earliest of those ops' backoffs.
 */
function troubleOf(results: readonly OpResult[], retries: RetrySchedule): LearnTrouble | null {
  let kind: LearnTrouble['kind'] | null = null;
  let retryAt: number | undefined;
  for (const result of results) {
    if (result.outcome === 'done') return null;
    if (result.outcome !== 'failed' || result.learn === undefined) continue;
    if (kind !== 'not-answering') kind = result.learn;
    const at = retries.get(result.opId)?.notBefore;
    if (at !== undefined && (retryAt === undefined || at < retryAt)) retryAt = at;
  }
  return kind === null ? null : { kind, retryAt };
}
