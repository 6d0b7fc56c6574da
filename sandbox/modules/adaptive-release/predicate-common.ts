import type { SandboxContext } from '../../core/context';
import type { SandboxRequest } from '../../core/http';
import type { Principal } from '../../core/tokens';
import { jsonBody } from '../../core/http';
import { SandboxError, badRequest } from '../../core/errors';
import type { AdaptiveReleaseStore, StoredCriterion } from './store';
import { contentOf, courseScope, criterionOf, requireEnrolledOrAdmin, requireMemberships, ruleOf, type Scope } from './access';
import { RULES } from './rule-routes';

/**
 * What the group and user predicate operations share: finding the Memberships criterion of the
 * path, reading a "set list" body, and the set semantics (seed "Rules that change stored
 * records": associations not in the list go, those present stay with their ids, new ones come).
 */

export const CRITERION = `${RULES}/:ruleId/criteria/:criterionId`;

export function locateMemberships(
  ctx: SandboxContext,
  store: AdaptiveReleaseStore,
  req: SandboxRequest,
  principal: Principal,
  required: readonly string[],
  enrolled: boolean,
): { scope: Scope; criterion: StoredCriterion } {
  const scope = courseScope(ctx, req, principal, required);
  if (enrolled) requireEnrolledOrAdmin(ctx, scope);
  const rule = ruleOf(store, contentOf(ctx, scope, req), req);
  const criterion = criterionOf(store, rule, req);
  requireMemberships(criterion);
  return { scope, criterion };
}

/** The ids of a set-list body `[{<field>: id}, ...]`, as sent, at most `max` entries. */
export function readIdList(req: SandboxRequest, field: 'groupId' | 'userId', max: number): string[] {
  const body = jsonBody(req);
  const example = `[{"${field}": "_123_1"}]`;
  if (!Array.isArray(body)) throw badRequest(`The body must be a JSON array like ${example}: the complete list the criterion should hold`);
  if (body.length > max) throw badRequest(`The list has ${body.length} entries; a criterion holds at most ${max}. Split the audience, for example into groups`);
  const ids = body.map((entry: unknown, i) => {
    const value = typeof entry === 'object' && entry !== null ? (entry as Record<string, unknown>)[field] : undefined;
    if (typeof value !== 'string' || value === '') throw badRequest(`Entry ${i} of the list needs '${field}' (a string), like ${example}`);
    return value;
  });
  return ids;
}

/**
 * Refuses a list naming the same record twice, also through two different ids (`_5_1` and its
 * `externalId:`). The Swagger lists 409 for the user list and not for the group list, so the
 * status is the caller's (docs/api-notes/adaptive-release.md).
 */
export function refuseRepeats(primaryIds: string[], sent: string[], field: string, status: 400 | 409): void {
  const i = primaryIds.findIndex((id, n) => primaryIds.indexOf(id) !== n);
  if (i < 0) return;
  const first = primaryIds.indexOf(primaryIds[i] as string);
  throw new SandboxError(status, `The list names the same ${field === 'groupId' ? 'group' : 'user'} twice ('${sent[first]}' and '${sent[i]}'): each appears once`);
}

/** Runs a lookup that throws 404 for an unknown id, and turns that into a 400 naming the list entry. */
export function resolveListEntry<T>(lookup: () => T, describe: string): T {
  try {
    return lookup();
  } catch (error) {
    if (error instanceof SandboxError && error.status === 404) throw badRequest(`${describe}: ${error.message}`);
    throw error;
  }
}

/** Replaces the associations of `current` by `wanted` (primary ids), keeping the ones present. */
export function applySetList<P extends { id: string }>(
  current: P[],
  wanted: string[],
  keyOf: (p: P) => string,
  remove: (p: P) => void,
  create: (key: string) => void,
): void {
  const keep = new Set(wanted);
  for (const p of current) if (!keep.has(keyOf(p))) remove(p);
  const have = new Set(current.map(keyOf));
  for (const key of wanted) if (!have.has(key)) create(key);
}
