import type { RequestBudget } from '../../../shared/ipc/budget-channels';
import { formatDate, formatNumber } from '../ui/locale-format';
import { t } from '../ui/i18n';

/**
 * The site's Learn request budget in words (docs/decisions/site-request-quota.md, "The quota on screen"). Learn's
 * quota is shared by every user of the institution's Rollbook, so the words name the site, not
 * the user. Every sentence about the budget is written here once; screens only place them.
 */

/** A reading older than this says when it was made ("as of 14:05"). */
export const STALE_AFTER_MS = 10 * 60_000;

/** What the budget means for sending now. */
export type BudgetState =
  /** Learn has not answered yet this session: nothing known. */
  | { kind: 'unknown' }
  /** Learn's quota period ended since the reading: the new figure comes with the next answer. */
  | { kind: 'renewed'; budget: RequestBudget }
  | { kind: 'ok'; budget: RequestBudget }
  /** Below the reserve: only the instructor's own changes and reads go. */
  | { kind: 'saving'; budget: RequestBudget }
  /** Nothing goes to Learn before `until`: the quota is used up, or Learn asked Rollbook to wait. */
  | { kind: 'blocked'; budget: RequestBudget; until: string; usedUp: boolean };

export function budgetState(budget: RequestBudget | null, now: number): BudgetState {
  if (!budget) return { kind: 'unknown' };
  const blockedUntil = budget.blockedUntil !== undefined && Date.parse(budget.blockedUntil) > now ? budget.blockedUntil : undefined;
  const resetPassed = Date.parse(budget.resetAt) <= now;
  const usedUp = budget.remaining === 0 && !resetPassed;
  if (blockedUntil !== undefined || usedUp) {
    // At 0 left the gate holds until the reset even if the host named no other time.
    const until = blockedUntil !== undefined && (!usedUp || Date.parse(blockedUntil) > Date.parse(budget.resetAt)) ? blockedUntil : budget.resetAt;
    return { kind: 'blocked', budget, until, usedUp };
  }
  if (resetPassed) return { kind: 'renewed', budget };
  if (budget.remaining < budget.reserve) return { kind: 'saving', budget };
  return { kind: 'ok', budget };
}

/** When a blocked site opens again, as the next time the page should look: undefined when nothing will change by itself. */
export function nextChangeAt(state: BudgetState): number | undefined {
  if (state.kind === 'blocked') return Date.parse(state.until);
  if (state.kind === 'ok' || state.kind === 'saving') return Date.parse(state.budget.resetAt);
  return undefined;
}

/** "02:00", "02:00 tomorrow" or "3 Dec, 02:00": a time as near as the reader needs. */
export function whenWords(at: string, now: number, locale?: string): string {
  const time = formatDate(at, { hour: '2-digit', minute: '2-digit' }, locale);
  const day = (ms: number): string => formatDate(ms, { year: 'numeric', month: 'numeric', day: 'numeric' }, locale);
  if (day(Date.parse(at)) === day(now)) return time;
  if (day(Date.parse(at)) === day(now + 24 * 60 * 60_000)) return t('frame.budget.tomorrow', { time });
  return formatDate(at, { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' }, locale);
}

/** 7,412 -> "About 7,400"; 37 -> "37": no more precision than the figure has an hour later. */
function aboutCount(n: number, locale?: string): string {
  if (n < 100) return formatNumber(n, {}, locale);
  const step = 10 ** (Math.floor(Math.log10(n)) - 1);
  const rounded = Math.floor(n / step) * step;
  return rounded === n ? formatNumber(n, {}, locale) : t('frame.budget.about', { count: formatNumber(rounded, {}, locale) });
}

function asOf(budget: RequestBudget, now: number, locale?: string): string {
  return now - Date.parse(budget.observedAt) > STALE_AFTER_MS ? t('frame.budget.asOf', { when: whenWords(budget.observedAt, now, locale) }) : '';
}

/**
 * Settings and the site check: "About 7,400 of the site's 10,000 Learn requests for today are
 * left; resets at 02:00."
 */
export function budgetSentence(state: BudgetState, now: number, locale?: string): string {
  if (state.kind === 'unknown') return t('frame.budget.unknown');
  const { budget } = state;
  const limit = formatNumber(budget.limit, {}, locale);
  if (state.kind === 'renewed') return t('frame.budget.renewed', { limit, when: whenWords(budget.resetAt, now, locale) });
  if (state.kind === 'blocked') return blockedSentence(state, null, now, locale);
  const values = { limit, asOf: asOf(budget, now, locale), when: whenWords(budget.resetAt, now, locale) };
  const line = budget.remaining === budget.limit ? t('frame.budget.allLeft', values) : t('frame.budget.someLeft', { ...values, left: aboutCount(budget.remaining, locale) });
  return state.kind === 'saving' ? `${line} ${savingSentence()}` : line;
}

/**
 * The one message while nothing may be sent: "Learn's request limit for this site is used up for
 * today. Rollbook will send your 2,094 changes after 02:00." `waiting` null leaves the changes out.
 */
export function blockedSentence(state: Extract<BudgetState, { kind: 'blocked' }>, waiting: number | null, now: number, locale?: string): string {
  const when = whenWords(state.until, now, locale);
  const why = t(state.usedUp ? 'frame.budget.usedUp' : 'frame.budget.askedToWait');
  if (waiting === null) return t('frame.budget.sendsNothing', { why, when });
  if (waiting === 0) return t('frame.budget.sendsNothingKept', { why, when });
  return t('frame.budget.willSend', { why, when, count: waiting });
}

/** Below the reserve: the quieter note. */
export function savingSentence(): string {
  return t('frame.budget.saving');
}
