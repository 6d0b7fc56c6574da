import { t } from '../ui/i18n';
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
  if (!online) return { pill: t('frame.status.offline'), tone: 'warn', note: null, noteKind: null, syncWaits: t('frame.status.sendsWhenOnline') };
  if (budget.kind === 'blocked') {
    const when = whenWords(budget.until, now, locale);
    return {
      pill: t(budget.usedUp ? 'frame.status.usedUpUntil' : 'frame.status.askedToWaitUntil', { when }),
      tone: 'warn',
      note: blockedSentence(budget, waiting, now, locale),
      noteKind: 'blocked',
      syncWaits: t('frame.status.sendsAfter', { when }),
    };
  }
  if (trouble) {
    const when = trouble.retryAt !== undefined && trouble.retryAt > now ? whenWords(new Date(trouble.retryAt).toISOString(), now, locale) : null;
    const answering = trouble.kind === 'not-answering';
    const again = when === null ? t(answering ? 'frame.status.notAnsweringNoteNext' : 'frame.status.problemNoteNext') : t(answering ? 'frame.status.notAnsweringNote' : 'frame.status.problemNote', { when });
    const note = waiting === 0 ? again : `${again} ${t('frame.status.kept', { count: waiting })}`;
    return { pill: t(answering ? 'frame.status.notAnswering' : 'frame.status.hasProblem'), tone: 'warn', note, noteKind: 'trouble', syncWaits: null };
  }
  return { pill: t('frame.status.online'), tone: 'ok', note: null, noteKind: null, syncWaits: null };
}
