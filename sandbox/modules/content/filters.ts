import type { SandboxRequest } from '../../core/http';
import { queryBoolean, queryDate } from '../../core/http';
import { badRequest } from '../../core/errors';
import type { StoredContent } from './store';

/**
 * The search parameters Get Contents and Get Content Children share (Swagger): `title`
 * (contains), `contentHandler` (exact handler id), `created`/`createdCompare`,
 * `modified`/`modifiedCompare`, `reviewable`. All given filters must match.
 */

export type DateCompare = 'lessThan' | 'greaterOrEqual';

export interface ContentFilter {
  recursive: boolean;
  matches(item: StoredContent): boolean;
}

function readCompare(req: SandboxRequest, name: string): DateCompare {
  const raw = req.query.get(name);
  if (raw === null || raw === '') return 'greaterOrEqual';
  if (raw === 'lessThan' || raw === 'greaterOrEqual') return raw;
  throw badRequest(`Query parameter '${name}' must be lessThan or greaterOrEqual, not '${raw}'`);
}

function compareDate(value: string, bound: Date, how: DateCompare): boolean {
  const t = Date.parse(value);
  return how === 'lessThan' ? t < bound.getTime() : t >= bound.getTime();
}

export function readContentFilter(req: SandboxRequest): ContentFilter {
  const recursive = queryBoolean(req, 'recursive', false);
  const title = req.query.get('title');
  const handler = req.query.get('contentHandler');
  const created = queryDate(req, 'created');
  const createdCompare = readCompare(req, 'createdCompare');
  const modified = queryDate(req, 'modified');
  const modifiedCompare = readCompare(req, 'modifiedCompare');
  const reviewable = req.query.has('reviewable') ? queryBoolean(req, 'reviewable', false) : undefined;
  if (req.query.has('createdCompare') && !created) {
    throw badRequest("Query parameter 'createdCompare' needs 'created': send the date-time to compare with");
  }
  if (req.query.has('modifiedCompare') && !modified) {
    throw badRequest("Query parameter 'modifiedCompare' needs 'modified': send the date-time to compare with");
  }
  // Titles are matched without regard to case, as Learn's search boxes do (sandbox rule).
  const needle = title ? title.toLocaleLowerCase('en') : undefined;
  return {
    recursive,
    matches(item) {
      if (needle !== undefined && !item.title.toLocaleLowerCase('en').includes(needle)) return false;
      if (handler && item.contentHandler.id !== handler) return false;
      if (created && !compareDate(item.created, created, createdCompare)) return false;
      if (modified && !compareDate(item.modified, modified, modifiedCompare)) return false;
      if (reviewable !== undefined && item.reviewable !== reviewable) return false;
      return true;
    },
  };
}
