import { CHECK_NAMES, type CheckName, type CheckResult, type Checks } from './document-model';

/**
 * From check results to Ally's feedback object. The overall score is a weighted mean of the checks
 * that apply to the file (weights below: how much a failure keeps a student from the content);
 * a suggestion is the overall score the document would have if that one check passed
 * (feedback-definitions.md); visibility bands the score into low / medium / high / perfect.
 */
export const CHECK_WEIGHTS: Record<CheckName, number> = {
  Scanned: 5,
  Tagged: 3,
  AlternativeText: 3,
  Contrast: 2,
  HeadingsPresence: 2,
  TableHeaders: 2,
  HeadingsStartAtOne: 1,
  HeadingsSequential: 1,
  HeadingsHigherLevel: 1,
  Title: 1,
  LanguagePresence: 1,
  LanguageCorrect: 1,
};

export type Visibility = 'low' | 'medium' | 'high' | 'perfect';

export interface Feedback {
  score: number;
  visibility: Visibility;
  report: { results: Record<string, CheckResult>; suggestions: Record<string, number> };
}

export function overallScore(checks: Checks): number {
  let weighted = 0;
  let total = 0;
  for (const name of CHECK_NAMES) {
    const result = checks[name];
    if (!result) continue;
    weighted += CHECK_WEIGHTS[name] * result.score;
    total += CHECK_WEIGHTS[name];
  }
  return total === 0 ? 1 : weighted / total;
}

/** low below 1/3, medium below 2/3, high below 1, perfect at 1. */
export function visibilityOf(score: number): Visibility {
  if (score >= 1) return 'perfect';
  if (score >= 2 / 3) return 'high';
  if (score >= 1 / 3) return 'medium';
  return 'low';
}

export function feedbackOf(checks: Checks): Feedback {
  const score = overallScore(checks);
  const results: Record<string, CheckResult> = {};
  const suggestions: Record<string, number> = {};
  for (const name of CHECK_NAMES) {
    const result = checks[name];
    if (!result) continue;
    results[name] = result;
    if (result.score < 1) suggestions[name] = overallScore({ ...checks, [name]: { score: 1 } });
  }
  return { score, visibility: visibilityOf(score), report: { results, suggestions } };
}
