import { formatDate } from '../../ui/locale-format';
import type { Criterion } from '../../../../shared/api/adaptive-release';
import type { GradedItem } from './release-form';

/** One criterion in words, as an instructor reads it ("Quiz 5: 8 or more"). */
export function describeCriterion(c: Criterion, gradedItems: readonly GradedItem[]): string {
  const column = (id: string): string => gradedItems.find((g) => g.gradeColumnId === id)?.title ?? `grade column ${id}`;
  const when = (iso: string): string => formatDate(iso, { dateStyle: 'medium', timeStyle: 'short' });
  const fields = c as Record<string, unknown>;
  const text = (key: string): string | undefined => (typeof fields[key] === 'string' ? fields[key] : undefined);
  const num = (key: string): number | undefined => (typeof fields[key] === 'number' ? fields[key] : undefined);
  switch (c.type) {
    case 'GradeRange':
    case 'GradePercentage': {
      const unit = c.type === 'GradePercentage' ? '%' : '';
      const min = num('minScore') ?? 0;
      const max = num('maxScore');
      return `${column(text('gradeColumnId') ?? '')}: ${max === undefined ? `${min}${unit} or more` : `${min}${unit} to ${max}${unit}`}`;
    }
    case 'DateRange': {
      const start = text('startDate');
      const end = text('endDate');
      if (start && end) return `from ${when(start)} until ${when(end)}`;
      if (start) return `from ${when(start)}`;
      return end ? `until ${when(end)}` : 'no dates';
    }
    case 'Memberships':
      return 'only the groups and users below';
    case 'GradeCompleted':
      return `once ${column(text('gradeColumnId') ?? '')} is graded`;
    case 'ContentReviewed':
      return `once item ${text('reviewedContentId') ?? ''} is marked reviewed`;
    case 'ContentComplete':
      return `once item ${text('contentId') ?? ''} is complete`;
    default:
      return `a ${c.type} criterion`;
  }
}
