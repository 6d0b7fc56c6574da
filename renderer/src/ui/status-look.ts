import { isKnownStatus, type AttendanceStatus, type LearnStatus } from '../../../shared/api/attendance';
import type { MessageKey } from '../../../shared/i18n/messages/en';
import { t } from './i18n';

/**
 * How each attendance status looks in pictures (the report's chart, strips and legend): a hue,
 * a pattern and a word, so colour is never the only carrier (WCAG 1.4.1). Late (stripes, amber)
 * and Excused (dots, indigo) differ in both. The patterns are drawn once per screen by
 * StatusPatterns.svelte; the colours are base.css's `--status-*` variables.
 */
export type StatusKey = AttendanceStatus | 'unmarked';

export interface StatusLook {
  key: StatusKey;
  word: string;
  /** `fill` of a shape drawn in this status. */
  fill: string;
  /** The pattern, in words, for the legend's text alternative. */
  pattern: string;
}

type Words = 'present' | 'late' | 'excused' | 'absent' | 'unmarked';
// Words are read when shown (getters), not when this module loads: the language is set just before the app mounts.
const look = (key: StatusKey, words: Words): StatusLook => ({
  key,
  get word() {
    return t(`ui.status.${words}` as MessageKey);
  },
  fill: `url(#status-${key})`,
  get pattern() {
    return t(`ui.pattern.${words}` as MessageKey);
  },
});

/** Stacking order too: attended at the bottom, then excused, absent and not marked on top. */
export const STATUS_LOOKS: readonly StatusLook[] = [look('Present', 'present'), look('Late', 'late'), look('Excused', 'excused'), look('Absent', 'absent'), look('unmarked', 'unmarked')];

/** A status Learn has that Rollbook does not know: drawn like "not marked", named by its own word. */
export function lookOf(status: LearnStatus | null): StatusLook {
  if (status !== null && !isKnownStatus(status)) return { key: 'unmarked', word: status, fill: 'url(#status-unmarked)', pattern: t('ui.pattern.unmarked') };
  const key: StatusKey = status ?? 'unmarked';
  return STATUS_LOOKS.find((l) => l.key === key) as StatusLook;
}

/** One column of a status chart: a meeting, with how many students had each status. */
export interface StatusColumn {
  /** Short, under the axis: "14 Oct". */
  label: string;
  /** Long, on hover: "Lecture 12, 14 Oct". */
  title: string;
  counts: Record<StatusKey, number>;
}
