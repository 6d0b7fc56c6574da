import type { SandboxCourse, SandboxMembership } from '../../core/directory';
import { badRequest } from '../../core/errors';
import { queryBoolean, queryDate, type SandboxRequest } from '../../core/http';
import { COURSE_ROLE_IDS } from '../../core/people';

/**
 * The search parameters of the membership and course lists, as the Swagger file names them.
 * A value outside a documented set is a 400 naming the allowed values; an unknown `expand` too.
 */

type Compare = 'lessThan' | 'greaterOrEqual';

/** `created` + `createdCompare` style date filters (compare defaults to greaterOrEqual). */
function dateFilter(req: SandboxRequest, name: string): ((value: string | undefined) => boolean) | undefined {
  const date = queryDate(req, name);
  const rawCompare = req.query.get(`${name}Compare`);
  if (rawCompare !== null && rawCompare !== 'lessThan' && rawCompare !== 'greaterOrEqual') {
    throw badRequest(`Query parameter '${name}Compare' must be lessThan or greaterOrEqual, not '${rawCompare}'`);
  }
  if (!date) return undefined;
  const compare: Compare = rawCompare ?? 'greaterOrEqual';
  return (value) => {
    if (value === undefined) return false;
    const t = Date.parse(value);
    return compare === 'lessThan' ? t < date.getTime() : t >= date.getTime();
  };
}

function oneOf(req: SandboxRequest, name: string, allowed: readonly string[]): string | undefined {
  const value = req.query.get(name);
  if (value === null || value === '') return undefined;
  if (!allowed.includes(value)) throw badRequest(`Query parameter '${name}' must be one of ${allowed.join(', ')}, not '${value}'`);
  return value;
}

/** The `expand` list, each entry one of `supported`. */
export function readExpand(req: SandboxRequest, supported: readonly string[]): Set<string> {
  const raw = req.query.get('expand');
  const names = (raw ?? '').split(',').map((s) => s.trim()).filter(Boolean);
  for (const name of names) {
    if (!supported.includes(name)) throw badRequest(`Cannot expand '${name}' here; supported: ${supported.join(', ')}`);
  }
  return new Set(names);
}

/** role, availability.available, created, modified, lastAccessed, dataSourceId. */
export function membershipFilter(req: SandboxRequest): (m: SandboxMembership) => boolean {
  const role = oneOf(req, 'role', COURSE_ROLE_IDS);
  const available = oneOf(req, 'availability.available', ['Yes', 'No', 'Disabled']);
  const created = dateFilter(req, 'created');
  const modified = dateFilter(req, 'modified');
  const lastAccessed = dateFilter(req, 'lastAccessed');
  const dataSourceId = req.query.get('dataSourceId') || undefined;
  queryBoolean(req, 'includePermissions', false);
  return (m) =>
    (!role || m.courseRoleId === role) &&
    (!available || (m.availability?.available ?? 'Yes') === available) &&
    (!created || created(m.created)) &&
    (!modified || modified(m.modified)) &&
    (!lastAccessed || lastAccessed(m.lastAccessed)) &&
    (!dataSourceId || m.dataSourceId === dataSourceId);
}

/** courseId, name, description, externalId (contains, any case), organization, availability, ... */
export function courseFilter(req: SandboxRequest): (c: SandboxCourse) => boolean {
  const contains = (['courseId', 'name', 'description', 'externalId'] as const).flatMap((field) => {
    const value = req.query.get(field);
    return value ? [{ field, value: value.toLowerCase() }] : [];
  });
  const organization = req.query.has('organization') ? queryBoolean(req, 'organization', false) : undefined;
  const allowGuests = req.query.has('allowGuests') ? queryBoolean(req, 'allowGuests', false) : undefined;
  const available = oneOf(req, 'availability.available', ['Yes', 'No', 'Disabled', 'Term']);
  const termId = req.query.get('termId') || undefined;
  const dataSourceId = req.query.get('dataSourceId') || undefined;
  const created = dateFilter(req, 'created');
  const modified = dateFilter(req, 'modified');
  queryBoolean(req, 'includePermissions', false);
  return (c) =>
    contains.every(({ field, value }) => (c[field] ?? '').toLowerCase().includes(value)) &&
    (organization === undefined || c.organization === organization) &&
    (allowGuests === undefined || c.allowGuests === allowGuests) &&
    (!available || c.availability?.available === available) &&
    (!termId || c.termId === termId) &&
    (!dataSourceId || c.dataSourceId === dataSourceId) &&
    (!created || created(c.created)) &&
    (!modified || modified(c.modified));
}
