import { CONTENT_HANDLERS, type Content } from '../../../../shared/api/content';
import type { ContentFilters } from '../../../../shared/ipc/content-channels';
import type { MessageKey } from '../../../../shared/i18n/messages/en';
import { t } from '../../ui/i18n';

/**
 * The content filters as the user fills them in, turned into the seed's query parameters
 * (title contains; handler exact; created / modified with `lessThan` or `greaterOrEqual`;
 * reviewable). Dates are the user's local calendar days: "created before 1 Sep" means before
 * local midnight starting 1 Sep.
 */
export interface FilterDraft {
  title: string;
  /** '' for any, else a handler id. */
  handler: string;
  created: string;
  createdCompare: 'lessThan' | 'greaterOrEqual';
  modified: string;
  modifiedCompare: 'lessThan' | 'greaterOrEqual';
  /** '' any, 'yes' or 'no'. */
  reviewable: '' | 'yes' | 'no';
}

export const emptyFilters = (): FilterDraft => ({ title: '', handler: '', created: '', createdCompare: 'greaterOrEqual', modified: '', modifiedCompare: 'greaterOrEqual', reviewable: '' });

/** Item types in words, for the handler filter and the details. */
const HANDLER_KEYS = {
  [CONTENT_HANDLERS.folder]: 'content.kind.folder',
  [CONTENT_HANDLERS.document]: 'content.kind.document',
  [CONTENT_HANDLERS.file]: 'content.kind.file',
  [CONTENT_HANDLERS.externalLink]: 'content.kind.externalLink',
  [CONTENT_HANDLERS.courseLink]: 'content.kind.courseLink',
  [CONTENT_HANDLERS.forumLink]: 'content.kind.forumLink',
  [CONTENT_HANDLERS.ltiLink]: 'content.kind.ltiLink',
  [CONTENT_HANDLERS.ultraAssessment]: 'content.kind.ultraAssessment',
  [CONTENT_HANDLERS.classicAssignment]: 'content.kind.classicAssignment',
} satisfies Record<string, MessageKey>;

/** Kinds Rollbook does not filter or create, named as Learn's own pages name them. */
const OTHER_HANDLER_KEYS: Record<string, MessageKey> = {
  'resource/x-bb-asmt-survey-link': 'content.kind.survey',
  'resource/x-bb-blankpage': 'content.kind.blankPage',
  'resource/x-bb-toollink': 'content.kind.toolLink',
  'resource/x-bb-syllabus': 'content.kind.syllabus',
  'resource/x-bb-lesson': 'content.kind.lesson',
  'resource/x-bb-lesson-plan': 'content.kind.lessonPlan',
};

/** The kinds the filter offers, handler id and name, in the instructor's language. */
export const handlerChoices = (): { value: string; label: string }[] => Object.entries(HANDLER_KEYS).map(([value, key]) => ({ value, label: t(key) }));

export function handlerName(item: Pick<Content, 'contentHandler'>): string {
  const id = item.contentHandler?.id;
  if (!id) return t('content.kind.item');
  // An instructor reads a kind of item, never Learn's handler type.
  const key = (HANDLER_KEYS as Record<string, MessageKey>)[id] ?? OTHER_HANDLER_KEYS[id];
  return key ? t(key) : t('content.kind.other');
}

/** A local `YYYY-MM-DD` as the ISO instant of its local midnight, or null when not a real date. */
export function localDayStart(day: string): string | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(y, mo - 1, d);
  if (date.getFullYear() !== y || date.getMonth() !== mo - 1 || date.getDate() !== d) return null;
  return date.toISOString();
}

/** Whether any filter is set (else the tree is shown, not a search). */
export function isFiltering(draft: FilterDraft): boolean {
  return draft.title.trim() !== '' || draft.handler !== '' || draft.created !== '' || draft.modified !== '' || draft.reviewable !== '';
}

/** The filters to send, or the problem naming the field and the fix. */
export function filtersFromDraft(draft: FilterDraft): { filters: ContentFilters } | { problem: string } {
  const filters: ContentFilters = {};
  const title = draft.title.trim();
  if (title) {
    if (title.length > 255) return { problem: t('filter.titleTooLong') };
    filters.title = title;
  }
  if (draft.handler) filters.contentHandler = draft.handler;
  for (const field of ['created', 'modified'] as const) {
    const day = draft[field];
    if (!day) continue;
    const at = localDayStart(day);
    if (!at) return { problem: t(field === 'created' ? 'filter.createdNotDate' : 'filter.modifiedNotDate', { day }) };
    filters[field] = at;
    filters[`${field}Compare`] = draft[`${field}Compare`];
  }
  if (draft.reviewable) filters.reviewable = draft.reviewable === 'yes';
  return { filters };
}

/** A stable text for a filter set: the cache key of its results. */
export function filterKey(filters: ContentFilters): string {
  return JSON.stringify(Object.entries(filters).sort(([a], [b]) => a.localeCompare(b)));
}
