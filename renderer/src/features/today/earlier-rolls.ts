import { invoke } from '../../bridge';
import { cacheRepo, hasRoster, unreadPastMeetings, type RollbookDb } from '../../db';
import { pages } from '../../../../shared/domain/request-estimate';
import { blockedSentence, whenWords, type BudgetState } from '../../app/budget-words';
import { formatNumber } from '../../ui/locale-format';
import { t } from '../../ui/i18n';
import { readRoster } from '../attendance/roster-read';

/**
 * A course's earlier rolls, read from Learn only when the instructor asks (docs/decisions/reads-needed-once.md,
 * "Today's attendance rate from the device's records"). Today's rate counts the records already
 * on this device and says how many held meetings it has not read; nothing is read at a launch,
 * since every held meeting's roll at every launch is more than a site's shared quota carries.
 * Asked, the rolls come one meeting at a time, the latest first, one small transaction each (the
 * rate fills in as they land), and the read stops before any request once the site's budget is
 * below its reserve or Learn has asked Rollbook to wait.
 */

/** About how many Learn requests reading `meetings` rolls takes: each in pages of 100 students; the class list first when none is saved (its size unknown, so "at least"). */
export function rollsRequests(meetings: number, students: number): { requests: number; atLeast: boolean } {
  if (students > 0) return { requests: meetings * pages(students), atLeast: false };
  return { requests: 1 + meetings, atLeast: true };
}

/** A count for a message: the number to choose the plural by, and as the screen's locale writes it. */
const count = (n: number, locale?: string): { count: number; n: string } => ({ count: n, n: formatNumber(n, {}, locale) });

/** Two sentences, the first a message without its full stop (each of the six languages ends one with "."). */
const twoSentences = (first: string, second: string): string => `${first}. ${second}`;

/** "Read 28 earlier meetings from Learn". */
export function readButtonWords(meetings: number, locale?: string): string {
  return t('today.readEarlier', count(meetings, locale));
}

/** Whether the site's budget asks background reads to wait: below the reserve, or nothing may be sent. */
export function budgetLow(state: BudgetState): boolean {
  return state.kind === 'saving' || state.kind === 'blocked';
}

/** "Takes about 84 Learn requests; the site has 7,412 left today." */
export function costWords(meetings: number, students: number, state: BudgetState, now: number, locale?: string): string {
  const { requests, atLeast } = rollsRequests(meetings, students);
  const takes = t(atLeast ? 'today.costAtLeast' : 'today.costAbout', count(requests, locale));
  if (state.kind === 'blocked') return twoSentences(takes, blockedSentence(state, null, now, locale));
  const left = formatNumber(state.kind === 'ok' || state.kind === 'saving' ? state.budget.remaining : 0, {}, locale);
  if (state.kind === 'saving') return t('today.costSaving', { takes, left, when: whenWords(state.budget.resetAt, now, locale) });
  return state.kind === 'ok' ? t('today.costLeft', { takes, left }) : t('today.costOnly', { takes });
}

/** Where a read has got to. */
export type RollsProgress = { step: 'class list' } | { step: 'rolls'; done: number; total: number };

export function progressWords(progress: RollsProgress, locale?: string): string {
  if (progress.step === 'class list') return t('today.readingClassList');
  return t('today.readingMeeting', { n: formatNumber(progress.done + 1, {}, locale), total: formatNumber(progress.total, {}, locale) });
}

export type RollsOutcome =
  /** Every meeting asked; `failed` of them Learn did not send (left unread). */
  | { kind: 'read'; read: number; failed: number }
  /** Stopped before a request: the site's budget is low. */
  | { kind: 'stopped'; read: number; total: number; state: BudgetState }
  /** Today closed before the end: what was read is kept, the rest stays unread. */
  | { kind: 'closed' };

/** What the read ended with, in a sentence; empty when Today closed. */
export function outcomeWords(outcome: RollsOutcome, now: number, locale?: string): string {
  if (outcome.kind === 'closed') return '';
  if (outcome.kind === 'read') {
    const read = count(outcome.read, locale);
    if (outcome.failed === 0) return t('today.readAll', read);
    return t('today.readSome', { ...read, failed: outcome.failed, f: formatNumber(outcome.failed, {}, locale) });
  }
  const total = count(outcome.total, locale);
  const start = outcome.read === 0 ? t('today.notReadStart') : t('today.stoppedAfter', { n: formatNumber(outcome.read, {}, locale), total: total.count, t: total.n });
  const { state } = outcome;
  if (state.kind === 'blocked') return twoSentences(start, blockedSentence(state, null, now, locale));
  const when = state.kind === 'saving' ? whenWords(state.budget.resetAt, now, locale) : undefined;
  const retry = outcome.read === 0 ? (when ? t('today.readThemAfter', { when }) : t('today.readThemLater')) : when ? t('today.readRestAfter', { when }) : t('today.readRestLater');
  return t('today.stoppedLow', { start, retry });
}

/**
 * Reads the rolls of the course's started meetings this device has not read, the latest first,
 * the class list first when none is saved (the rate counts the students on the roll). `budget`
 * (the host's last reading, site-budget.ts) is asked before each request. Rejects only when the class list could not be read.
 */
export async function readEarlierRolls(db: RollbookDb, courseId: string, options: { signal: AbortSignal; budget: () => Promise<BudgetState>; progress: (progress: RollsProgress) => void }): Promise<RollsOutcome> {
  const { signal, budget, progress } = options;
  const unread = await unreadPastMeetings(db, courseId, Date.now());
  const total = unread.length;
  const stop = async (read: number): Promise<RollsOutcome | undefined> => {
    if (signal.aborted) return { kind: 'closed' };
    const state = await budget();
    return budgetLow(state) ? { kind: 'stopped', read, total, state } : undefined;
  };
  if (total > 0 && !(await hasRoster(db, courseId))) {
    const stopped = await stop(0);
    if (stopped) return stopped;
    progress({ step: 'class list' });
    await readRoster(db, courseId);
  }
  let read = 0;
  let failed = 0;
  for (const meetingId of unread) {
    const stopped = await stop(read);
    if (stopped) return stopped;
    progress({ step: 'rolls', done: read + failed, total });
    try {
      const readSince = new Date().toISOString();
      const { records } = await invoke('learn.records', { courseId, meetingId });
      await cacheRepo(db).putRecords(courseId, meetingId, records, readSince);
      read++;
    } catch {
      failed++; // left unread: Today still counts it as not read from Learn yet
    }
  }
  return { kind: 'read', read, failed };
}
