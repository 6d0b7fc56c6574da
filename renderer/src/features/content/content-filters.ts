import { CONTENT_HANDLERS, type Content } from '../../../../shared/api/content';
import type { ContentFilters } from '../../../../shared/ipc/content-channels';

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
/** Kinds Rollbook does not filter or create, named as Learn's own pages name them. */
const OTHER_HANDLER_NAMES: Record<string, string> = {
  'resource/x-bb-asmt-survey-link': 'Survey',
  'resource/x-bb-blankpage': 'Blank page',
  'resource/x-bb-toollink': 'Tool link',
  'resource/x-bb-syllabus': 'Syllabus',
  'resource/x-bb-lesson': 'Learning module',
  'resource/x-bb-lesson-plan': 'Lesson plan',
};

export const HANDLER_NAMES: Record<string, string> = {
  [CONTENT_HANDLERS.folder]: 'Folder',
  [CONTENT_HANDLERS.document]: 'Document',
  [CONTENT_HANDLERS.file]: 'File',
  [CONTENT_HANDLERS.externalLink]: 'Web link',
  [CONTENT_HANDLERS.courseLink]: 'Course link',
  [CONTENT_HANDLERS.forumLink]: 'Discussion link',
  [CONTENT_HANDLERS.ltiLink]: 'LTI tool link',
  [CONTENT_HANDLERS.ultraAssessment]: 'Test or assignment (Ultra)',
  [CONTENT_HANDLERS.classicAssignment]: 'Assignment',
};

export function handlerName(item: Pick<Content, 'contentHandler'>): string {
  const id = item.contentHandler?.id;
  if (!id) return 'Item';
  // An instructor reads a kind of item, never Learn's handler type.
  return HANDLER_NAMES[id] ?? OTHER_HANDLER_NAMES[id] ?? 'Another kind of item';
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
    if (title.length > 255) return { problem: 'The title filter is longer than any title can be (255 characters): shorten it.' };
    filters.title = title;
  }
  if (draft.handler) filters.contentHandler = draft.handler;
  for (const field of ['created', 'modified'] as const) {
    const day = draft[field];
    if (!day) continue;
    const at = localDayStart(day);
    if (!at) return { problem: `The ${field} date "${day}" is not a date: pick one from the calendar (YYYY-MM-DD).` };
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
