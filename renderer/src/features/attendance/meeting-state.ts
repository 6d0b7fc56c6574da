import { formatDate } from '../../ui/locale-format';
import type { MeetingState } from '../../db';
import { t } from '../../ui/i18n';

/**
 * A meeting's state in words and the meeting list's order. Each state carries
 * its word, never only a colour: "Not taken", "Taken 287/300", "12 waiting to sync".
 */

export type StateKind = 'not-read' | 'not-taken' | 'taken' | 'waiting' | 'failed' | 'conflicts';

export interface StateBadge {
  kind: StateKind;
  text: string;
}

/** The badges of one meeting, the one to act on first. */
export function stateBadges(state: MeetingState): StateBadge[] {
  const out: StateBadge[] = [];
  if (state.conflicts > 0) out.push({ kind: 'conflicts', text: t('meetings.state.conflicts', { count: state.conflicts }) });
  // "Not sent", not "not accepted": Learn's own failure (a 5xx, no answer) is no judgement on the change; the status bar says whose it was.
  if (state.failed > 0) out.push({ kind: 'failed', text: t('meetings.state.failed', { count: state.failed }) });
  const sending = state.waiting - state.failed;
  if (sending > 0) out.push({ kind: 'waiting', text: t('meetings.state.waiting', { count: sending }) });
  out.push(
    state.marked === 0 && !state.known
      ? { kind: 'not-read', text: t('meetings.state.notRead') }
      : state.marked === 0
      ? { kind: 'not-taken', text: t('meetings.state.notTaken') }
      : { kind: 'taken', text: t('meetings.state.taken', { marked: state.marked, total: state.total }) },
  );
  return out;
}

/** Local midnight at the start of `now`'s day. */
export function startOfDay(now: Date): Date {
  return new Date(now.getFullYear(), now.getMonth(), now.getDate());
}

/**
 * The meeting list's order: today's and upcoming meetings first, soonest first; then past ones,
 * newest first. A meeting earlier today stays with today's: it is the one the roll is taken for.
 */
export function orderMeetings<M extends { start: string; key: string }>(meetings: readonly M[], now: Date): { upcoming: M[]; past: M[] } {
  const today = startOfDay(now).getTime();
  const upcoming: M[] = [];
  const past: M[] = [];
  for (const m of meetings) (Date.parse(m.start) >= today ? upcoming : past).push(m);
  const byStart = (a: M, b: M): number => Date.parse(a.start) - Date.parse(b.start) || a.key.localeCompare(b.key);
  upcoming.sort(byStart);
  past.sort((a, b) => byStart(b, a));
  return { upcoming, past };
}

/** "Today 10:00 AM", "Tomorrow 2:00 PM", "Thu, Nov 19, 2:00 PM": a meeting's time as people say it. */
export function whenWords(start: string, now: Date, locale?: string): string {
  const s = new Date(start);
  const days = Math.round((startOfDay(s).getTime() - startOfDay(now).getTime()) / 86_400_000);
  const time = formatDate(s, { hour: 'numeric', minute: '2-digit' }, locale);
  if (days === 0) return t('meetings.todayAt', { time });
  if (days === 1) return t('meetings.tomorrowAt', { time });
  return formatDate(s, { weekday: 'short', month: 'short', day: 'numeric', ...(s.getFullYear() === now.getFullYear() ? {} : { year: 'numeric' }), hour: 'numeric', minute: '2-digit' }, locale);
}
