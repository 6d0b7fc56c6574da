import { blockedSentence, whenWords, type BudgetState } from './budget-words';

/**
 * What the status bar says, from everything that decides whether a change can reach Learn now:
 * the network, the site's request gate (its quota used up, or Learn asked to wait) and how Learn
 * answered the last sync (no answer, or a server error). One truth, in one place: the pill is
 * "Online" only when Learn takes what is sent, and every disabled button has its reason in words
 * on screen (docs/decisions/status-bar-tells-the-truth.md).
 */

/** How Learn answered the last sync when it was Learn's fault, and when Rollbook tries again (epoch ms). */
export interface LearnTrouble {
  kind: 'not-answering' | 'had-a-problem';
  /** The next automatic try; undefined when none is set (the next sync, whenever it comes). */
  retryAt: number | undefined;
}

export interface StatusWords {
  /** The pill: "Online", "Offline", "Learn not answering", "Learn asked to wait until 14:31", "Requests used up until 02:00". */
  pill: string;
  /** Green only when all is well. */
  tone: 'ok' | 'warn';
  /** The sentence below the bar: what is happening, until when, what happens to the changes. */
  note: string | null;
  /** `blocked`: nothing may be sent (nothing goes until the gate opens); `trouble`: Learn failed, Rollbook tries again by itself. */
  noteKind: 'blocked' | 'trouble' | null;
  /** Why Sync now cannot be pressed, beside it ("Sends after 14:31"); null when it can. */
  syncWaits: string | null;
}

export function statusWords(
  input: { online: boolean; budget: BudgetState; trouble: LearnTrouble | null; waiting: number; now: number },
  locale?: string,
): StatusWords {
  const { online, budget, trouble, waiting, now } = input;
  if (!online) return { pill: 'Offline', tone: 'warn', note: null, noteKind: null, syncWaits: 'Sends when you are back online' };
  if (budget.kind === 'blocked') {
    const when = whenWords(budget.until, now, locale);
    return {
      pill: budget.usedUp ? `Requests used up until ${when}` : `Learn asked to wait until ${when}`,
      tone: 'warn',
      note: blockedSentence(budget, waiting, now, locale),
      noteKind: 'blocked',
      syncWaits: `Sends after ${when}`,
    };
  }
  if (trouble) {
    const again = trouble.retryAt !== undefined && trouble.retryAt > now ? `at ${whenWords(new Date(trouble.retryAt).toISOString(), now, locale)}` : 'at the next sync';
    const kept = waiting === 0 ? '' : ` ${waiting === 1 ? 'Your change is' : 'Your changes are'} kept on this device; you need not change anything.`;
    return trouble.kind === 'not-answering'
      ? { pill: 'Learn not answering', tone: 'warn', note: `Learn is not answering; Rollbook will try again ${again}.${kept}`, noteKind: 'trouble', syncWaits: null }
      : { pill: 'Learn has a problem', tone: 'warn', note: `Learn had a problem; Rollbook will try again ${again}.${kept}`, noteKind: 'trouble', syncWaits: null };
  }
  return { pill: 'Online', tone: 'ok', note: null, noteKind: null, syncWaits: null };
}
