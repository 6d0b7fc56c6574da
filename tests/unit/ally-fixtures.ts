import type { Analysis, Block, Checks, DocModel } from '../../sandbox/modules/ally/document-model';

/**
 * Shared by the Ally unit tests (ally-analysis: reading files; ally-reports-formats: scores,
 * policies, format ids, renditions, demo files): a small English document model and a way to read
 * the checks of an analysis that must have succeeded.
 */
export const ENGLISH = 'The students read the chapter on memory and then they discuss it in the seminar with the instructor. This is the plan for the week and it is on the syllabus.';

export const doc = (extra: Partial<DocModel> = {}, blocks?: Block[]): DocModel => ({
  title: 'Memory and learning',
  lang: 'en-US',
  blocks: blocks ?? [
    { kind: 'heading', level: 1, text: 'Memory and learning' },
    { kind: 'paragraph', text: ENGLISH },
    { kind: 'heading', level: 2, text: 'Working memory' },
    { kind: 'paragraph', text: ENGLISH },
  ],
  ...extra,
});

export function checksOf(analysis: Analysis): Checks {
  if (!analysis.ok) throw new Error(`analysis failed: ${analysis.reason}`);
  return analysis.checks;
}
