import { isKnownStatus, type AttendanceStatus, type LearnStatus } from '../../../shared/api/attendance';

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

const look = (key: StatusKey, word: string, pattern: string): StatusLook => ({ key, word, fill: `url(#status-${key})`, pattern });

/** Stacking order too: attended at the bottom, then excused, absent and not marked on top. */
export const STATUS_LOOKS: readonly StatusLook[] = [
  look('Present', 'Present', 'solid green'),
  look('Late', 'Late', 'amber with stripes'),
  look('Excused', 'Excused', 'indigo with dots'),
  look('Absent', 'Absent', 'red, cross-hatched'),
  look('unmarked', 'Not marked', 'pale grey'),
];

/** A status Learn has that Rollbook does not know: drawn like "not marked", named by its own word. */
export function lookOf(status: LearnStatus | null): StatusLook {
  if (status !== null && !isKnownStatus(status)) return { ...look('unmarked', status, 'pale grey'), key: 'unmarked' };
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
