import type { Problem } from '../../ui/problem';
import { t } from '../../ui/i18n';
import type { ViewKind } from './calendar-dates';

/**
 * The one notice above the calendar. Offline it used to stack four (the saved copy's date, Learn's
 * failure, a part not read yet, what happens to changes), each in its own style; now the most
 * important one speaks, and a part not yet read is said in the same sentence rather than below it.
 */
export interface CalendarNotice {
  problem: Problem;
  /** "Offline: as of …", shown first on the line when the calendar is a saved copy. */
  savedCopyAsOf: string | null;
}

export interface CalendarNoticeFacts {
  online: boolean;
  /** Learn's failure on the last read, if it failed. */
  problem: Problem | null;
  /** When the copy on screen was saved ("23 Nov 2026, 09:14"), if any was. */
  asOf: string | null;
  /** Part of the span on screen has never been read on this device. */
  missing: boolean;
  busy: boolean;
  kind: ViewKind;
}

export function calendarNotice(facts: CalendarNoticeFacts): CalendarNotice | null {
  const { online, problem, asOf, missing, busy, kind } = facts;
  const notRead = t('calendar.partNotRead', { kind });
  if (!online) return { savedCopyAsOf: asOf, problem: { message: missing ? t('calendar.offlineNotRead', { notRead }) : t('calendar.offline') } };
  if (problem) return { savedCopyAsOf: asOf, problem: missing ? { ...problem, message: `${problem.message} ${notRead}.` } : problem };
  if (busy) return { savedCopyAsOf: null, problem: { message: t('calendar.reading') } };
  if (missing) return { savedCopyAsOf: null, problem: { message: `${notRead}.` } }; // each of the six languages ends a sentence with "."
  return null;
}
