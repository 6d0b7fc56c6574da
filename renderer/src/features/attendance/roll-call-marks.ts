import { SvelteMap } from 'svelte/reactivity';
import type { AttendanceStatus, LearnStatus } from '../../../../shared/api/attendance';
import { t } from '../../ui/i18n';

/**
 * The roll call's marks in memory: a key press shows its status in the same frame,
 * marked "saving" until the record + outbox transaction commits. The store stays the truth:
 * - committed: the mark stays until the next read of the store (which holds the commit) replaces it;
 * - failed: the mark is dropped, so the row shows what is saved again, and the reason is kept
 *   for the row and the alert until the user sets that student again.
 * Reactive through SvelteMap (no runes), so it runs and is tested outside a component.
 */
export interface ShownMark {
  status: AttendanceStatus;
  /** True until its transaction commits. */
  saving: boolean;
}

export interface NotSaved {
  status: AttendanceStatus;
  /** Why, in plain words. */
  reason: string;
}

export interface MarkChange {
  userId: string;
  status: AttendanceStatus;
}

export class RollCallMarks {
  readonly #shown = new SvelteMap<string, ShownMark & { seq: number }>();
  readonly #notSaved = new SvelteMap<string, NotSaved>();
  readonly #writing = new Set<Promise<unknown>>();
  /** Each student's last committed status since the last read of the store (which may not hold it yet). */
  readonly #committed = new Map<string, AttendanceStatus>();
  #seq = 0;

  /** The status on screen for a student: the mark in memory, else what the store holds. */
  statusOf(userId: string, saved: LearnStatus | null): LearnStatus | null {
    return this.#shown.get(userId)?.status ?? saved;
  }

  saving(userId: string): boolean {
    return this.#shown.get(userId)?.saving ?? false;
  }

  notSaved(userId: string): NotSaved | undefined {
    return this.#notSaved.get(userId);
  }

  /** Students with a mark in memory or a mark not saved: the rows to lay over what is saved. */
  users(): string[] {
    return [...new Set([...this.#shown.keys(), ...this.#notSaved.keys()])];
  }

  /** Students whose last mark could not be saved, in the order it happened. */
  get failures(): [string, NotSaved][] {
    return [...this.#notSaved];
  }

  /** True while any mark waits for its commit. */
  get anySaving(): boolean {
    for (const mark of this.#shown.values()) if (mark.saving) return true;
    return false;
  }

  /**
   * Shows the changes at once, then runs `write` (the one transaction saving them all). Resolves
   * to the write's answer, or to `undefined` when it failed (the rows then show what is saved).
   */
  async set<T>(changes: readonly MarkChange[], write: () => Promise<T>): Promise<T | undefined> {
    const seq = ++this.#seq;
    for (const { userId, status } of changes) {
      this.#notSaved.delete(userId);
      this.#shown.set(userId, { status, saving: true, seq });
    }
    const writing = write();
    this.#writing.add(writing);
    try {
      const answer = await writing;
      for (const { userId, status } of changes) {
        this.#committed.set(userId, status);
        const mark = this.#shown.get(userId);
        // A later press on the same student owns the mark now.
        if (mark?.seq === seq) this.#shown.set(userId, { ...mark, saving: false });
      }
      return answer;
    } catch (error) {
      const reason = whyNotSaved(error);
      for (const { userId, status } of changes) {
        if (this.#shown.get(userId)?.seq !== seq) continue;
        // Back to what is saved: an earlier press that committed, if the store has not been read since.
        const committed = this.#committed.get(userId);
        if (committed) this.#shown.set(userId, { status: committed, saving: false, seq });
        else this.#shown.delete(userId);
        this.#notSaved.set(userId, { status, reason });
      }
      return undefined;
    } finally {
      this.#writing.delete(writing);
    }
  }

  /**
   * Resolves once every write started so far has committed or failed. Undo waits for it: a
   * Ctrl+Z right after a key press undoes that press, not the one before it.
   */
  async settled(): Promise<void> {
    while (this.#writing.size > 0) await Promise.allSettled([...this.#writing]);
  }

  /** A new read of the store arrived: it holds every commit so far, so committed marks give way to it. */
  storeRead(): void {
    this.#committed.clear();
    const committed = [...this.#shown].filter(([, mark]) => !mark.saving).map(([userId]) => userId);
    for (const userId of committed) this.#shown.delete(userId);
  }

  /** Forget every mark (the store is read again from scratch, e.g. another meeting). */
  clear(): void {
    this.#shown.clear();
    this.#notSaved.clear();
  }
}

/** An IndexedDB or Dexie failure in the user's words; the fix where there is one. */
export function whyNotSaved(error: unknown): string {
  const name = error instanceof Error || error instanceof DOMException ? error.name : '';
  const inner = (error as { inner?: { name?: string } } | null)?.inner?.name ?? '';
  if (name === 'QuotaExceededError' || inner === 'QuotaExceededError') return t('rollcall.whyFull');
  if (name === 'DatabaseClosedError') return t('rollcall.whyClosed');
  const message = error instanceof Error ? error.message : String(error);
  return t('rollcall.whyOther', { message: message.replace(/\.$/, '') });
}
