import { isKnownStatus, type AttendanceStatus, type LearnStatus } from '../../../../shared/api/attendance';
import { t } from '../../ui/i18n';

/**
 * The roll call's keyboard model, kept free of the DOM so it reads as a table: one key sets a
 * status (the first letter of each, as Learn's grid labels them), arrows move, Ctrl/Cmd+Z undoes.
 */
/** One student on the roll-call list (the store's RosterEntry satisfies it). */
export interface RollCallRow {
  userId: string;
  givenName: string;
  familyName: string;
  userName: string;
  /** Learn's word when Learn has a status Rollbook does not know (shown as it is). */
  status: LearnStatus | null;
  /** Saved here, not yet in Learn. */
  pending?: boolean;
  /** Shown from memory, its transaction not yet committed (a crash now would lose it). */
  saving?: boolean;
  /** The last mark could not be saved: why (the row shows what is saved). */
  notSaved?: string;
}

export type RollCallAction =
  | { type: 'move'; to: (current: number, count: number, pageSize: number) => number }
  | { type: 'set'; status: AttendanceStatus }
  | { type: 'undo' };

const STATUS_KEYS: Readonly<Record<string, AttendanceStatus>> = {
  p: 'Present',
  a: 'Absent',
  l: 'Late',
  e: 'Excused',
};

const clamp = (i: number, count: number): number => Math.max(0, Math.min(count - 1, i));

export function rollCallAction(event: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'altKey'>): RollCallAction | null {
  if (event.altKey) return null;
  const key = event.key;
  if ((event.ctrlKey || event.metaKey) && key.toLowerCase() === 'z') return { type: 'undo' };
  if (event.ctrlKey || event.metaKey) return null;
  const status = STATUS_KEYS[key.toLowerCase()];
  if (status) return { type: 'set', status };
  switch (key) {
    case 'ArrowDown':
      return { type: 'move', to: (i, n) => clamp(i + 1, n) };
    case 'ArrowUp':
      return { type: 'move', to: (i, n) => clamp(i - 1, n) };
    case 'PageDown':
      return { type: 'move', to: (i, n, page) => clamp(i + page, n) };
    case 'PageUp':
      return { type: 'move', to: (i, n, page) => clamp(i - page, n) };
    case 'Home':
      return { type: 'move', to: () => 0 };
    case 'End':
      return { type: 'move', to: (_i, n) => Math.max(0, n - 1) };
    default:
      return null;
  }
}

export type StatusCounts = Record<AttendanceStatus | 'Unmarked' | 'Other', number>;

/** Counts per status for the live summary; `Unmarked` is who still has none, `Other` a status Learn has that Rollbook does not know. */
export function countStatuses(statuses: Iterable<LearnStatus | null | undefined>): StatusCounts {
  const counts: StatusCounts = { Present: 0, Absent: 0, Late: 0, Excused: 0, Unmarked: 0, Other: 0 };
  for (const status of statuses) counts[status == null ? 'Unmarked' : isKnownStatus(status) ? status : 'Other'] += 1;
  return counts;
}

/** One sentence for the aria-live region, e.g. "12 present, 1 absent, 0 late, 0 excused, 287 not marked". */
export function describeCounts(c: StatusCounts): string {
  return t('rollcall.counts', { present: c.Present, absent: c.Absent, late: c.Late, excused: c.Excused, other: c.Other, unmarked: c.Unmarked });
}
