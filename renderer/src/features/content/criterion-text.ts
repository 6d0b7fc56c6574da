import { formatDate } from '../../ui/locale-format';
import type { Criterion } from '../../../../shared/api/adaptive-release';
import type { GradedItem } from './release-form';
import { t } from '../../ui/i18n';
import { formatNumber } from '../../ui/locale-format';

/** One criterion in words, as an instructor reads it ("Quiz 5: 8 or more"). */
export function describeCriterion(c: Criterion, gradedItems: readonly GradedItem[]): string {
  const column = (id: string): string => gradedItems.find((g) => g.gradeColumnId === id)?.title ?? t('release.gradeColumn', { id });
  const when = (iso: string): string => formatDate(iso, { dateStyle: 'medium', timeStyle: 'short' });
  const fields = c as Record<string, unknown>;
  const text = (key: string): string | undefined => (typeof fields[key] === 'string' ? fields[key] : undefined);
  const num = (key: string): number | undefined => (typeof fields[key] === 'number' ? fields[key] : undefined);
  switch (c.type) {
    case 'GradeRange':
    case 'GradePercentage': {
      // A percentage criterion's scores are percents (50 is 50 %), written as the language writes them.
      const score = (n: number): string => (c.type === 'GradePercentage' ? formatNumber(n / 100, { style: 'percent', maximumFractionDigits: 2 }) : formatNumber(n));
      const min = score(num('minScore') ?? 0);
      const max = num('maxScore');
      const on = column(text('gradeColumnId') ?? '');
      return max === undefined ? t('release.scoreOrMore', { column: on, min }) : t('release.scoreRange', { column: on, min, max: score(max) });
    }
    case 'DateRange': {
      const start = text('startDate');
      const end = text('endDate');
      if (start && end) return t('release.fromUntil', { from: when(start), until: when(end) });
      if (start) return t('release.from', { from: when(start) });
      return end ? t('release.until', { until: when(end) }) : t('release.noDates');
    }
    case 'Memberships':
      return t('release.members');
    case 'GradeCompleted':
      return t('release.onceGraded', { column: column(text('gradeColumnId') ?? '') });
    case 'ContentReviewed':
      return t('release.onceReviewed', { item: text('reviewedContentId') ?? '' });
    case 'ContentComplete':
      return t('release.onceComplete', { item: text('contentId') ?? '' });
    default:
      return t('release.otherCriterion', { type: c.type });
  }
}
