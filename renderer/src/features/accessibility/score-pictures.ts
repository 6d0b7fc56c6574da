import type { AllyCourseFile } from '../../../../shared/ipc/ally-channels';
import { t } from '../../ui/i18n';
import { percent } from './check-words';
import type { ScoreStep } from './report-history';
import { asOf } from './when';

/**
 * What the overview's pictures show. Ally's content feedback API gives no course score
 * (docs/api-notes/ally.md, "Course score"): the gauge shows the mean of the checked files' latest
 * scores, and says how many files that is.
 */
export function courseScore(files: readonly AllyCourseFile[]): { score: number; files: number } | null {
  const scores = files.flatMap((f) => (f.state === 'checked' && typeof f.information?.feedback?.score === 'number' ? [f.information.feedback.score] : []));
  if (scores.length === 0) return null;
  return { score: scores.reduce((a, b) => a + b, 0) / scores.length, files: scores.length };
}

/** A file's scores over time for its sparkline: each score from when it was first read to when it was last read. */
export function sparkPoints(history: readonly ScoreStep[]): { at: number; value: number }[] {
  return history.flatMap((step) => {
    if (step.score === null) return [];
    const from = Date.parse(step.from);
    const to = Date.parse(step.to);
    return to > from ? [{ at: from, value: step.score }, { at: to, value: step.score }] : [{ at: from, value: step.score }];
  });
}

/** The sparkline's text alternative: "Score over time: 40% (1 Nov 2026, 10:00), then 80% (…)". */
export function historyWords(history: readonly ScoreStep[]): string {
  const scored = history.filter((s): s is ScoreStep & { score: number } => s.score !== null);
  if (scored.length === 0) return t('accessibility.noScoreHistory');
  const steps = scored.map((s) => t('accessibility.scoreStep', { score: percent(s.score), when: asOf(s.from) }));
  return t('accessibility.scoreOverTime', { steps: steps.join(t('accessibility.scoreThen')) });
}
