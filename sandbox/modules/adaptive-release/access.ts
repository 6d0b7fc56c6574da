import type { SandboxContext } from '../../core/context';
import type { SandboxCourse } from '../../core/directory';
import type { SandboxRequest } from '../../core/http';
import type { Principal } from '../../core/tokens';
import { entitlements } from '../../core/context';
import { isEnrolledOrCourseAdmin, requireAll, requireAny } from '../../core/entitlements';
import { badRequest, forbidden, notFound } from '../../core/errors';
import { contentStore, type StoredContent } from '../content/store';
import type { AdaptiveReleaseStore, CriterionType, StoredCriterion, StoredRule } from './store';

/**
 * Finding the records a path names, in order (course, then the caller's entitlements, then
 * content, rule, criterion), and the entitlement checks of the seed's table. A rule of another
 * item, or a criterion of another rule, is a 404 as if it did not exist.
 */

export interface Scope {
  course: SandboxCourse;
  granted: ReadonlySet<string>;
  principal: Principal;
}

/** The course and the caller's entitlements in it; `required` must all be held (else 403). */
export function courseScope(ctx: SandboxContext, req: SandboxRequest, principal: Principal, required: readonly string[]): Scope {
  const course = ctx.directory.course(req.params.courseId as string);
  const granted = entitlements(ctx, principal, course.id);
  requireAll(granted, required);
  return { course, granted, principal };
}

/** "The requesting user must be enrolled in the course, or hold system.course.MODIFY." */
export function requireEnrolledOrAdmin(ctx: SandboxContext, scope: Scope): void {
  if (!isEnrolledOrCourseAdmin(ctx.directory, scope.principal, scope.course.id, scope.granted)) {
    throw forbidden(`User must be enrolled in course ${scope.course.courseId}, or hold system.course.MODIFY, to do this`);
  }
}

/** The content item the path names; adaptive release does not apply to the hidden system folders. */
export function contentOf(ctx: SandboxContext, scope: Scope, req: SandboxRequest): StoredContent {
  const item = contentStore(ctx).resolve(scope.course, req.params.contentId as string);
  if (item.system) {
    throw badRequest(`Content ${item.id} is the course's ${item.title} folder: adaptive release applies to items inside it, not to the folder itself`);
  }
  return item;
}

export function ruleOf(store: AdaptiveReleaseStore, content: StoredContent, req: SandboxRequest): StoredRule {
  const id = req.params.ruleId as string;
  const rule = store.rules.get(id);
  if (!rule || rule.contentId !== content.id) throw notFound(`Content ${content.id} has no adaptive release rule ${id}`);
  return rule;
}

export function criterionOf(store: AdaptiveReleaseStore, rule: StoredRule, req: SandboxRequest): StoredCriterion {
  const id = req.params.criterionId as string;
  const criterion = store.criteria.get(id);
  if (!criterion || criterion.ruleId !== rule.id) throw notFound(`Rule ${rule.id} has no criterion ${id}`);
  return criterion;
}

/** Predicates hang only below a Memberships criterion (seed rule 1). */
export function requireMemberships(criterion: StoredCriterion): void {
  if (criterion.type !== 'Memberships') {
    throw badRequest(`Criterion ${criterion.id} is a ${criterion.type} criterion: group and user predicates belong to a Memberships criterion. Create one with {"type":"Memberships"}`);
  }
}

/** Which family of per-type entitlements a criterion type needs (acl, dates or performance). */
export function familyOf(type: CriterionType): 'acl' | 'dates' | 'performance' {
  if (type === 'Memberships') return 'acl';
  if (type === 'DateRange') return 'dates';
  return 'performance';
}

/** The per-type entitlement of the seed's criterion rows, e.g. course.adaptiverelease.dates.CREATE. */
export function requireTypeEntitlement(granted: ReadonlySet<string>, type: CriterionType, action: 'CREATE' | 'MODIFY' | 'DELETE'): void {
  requireAll(granted, [`course.adaptiverelease.${familyOf(type)}.${action}`]);
  // Updating a grade-completed criterion also needs to see or change the gradebook (seed table).
  if (type === 'GradeCompleted' && action === 'MODIFY') requireAny(granted, ['course.gradebook-metadata.VIEW', 'course.gradebook.MODIFY']);
}
