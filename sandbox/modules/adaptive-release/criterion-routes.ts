import type { SandboxContext } from '../../core/context';
import type { SandboxRequest } from '../../core/http';
import type { Router } from '../../core/router';
import type { Principal } from '../../core/tokens';
import { authed } from '../../core/context';
import { created, noContent, objectBody, ok } from '../../core/http';
import { paged } from '../../core/paging';
import { contentStore } from '../content/store';
import { adaptiveReleaseStore, criterionJson, type StoredRule } from './store';
import { contentOf, courseScope, criterionOf, requireTypeEntitlement, ruleOf, type Scope } from './access';
import { applyCriterionUpdate, readNewCriterion, readType, type CriterionContext } from './criteria-validation';
import { RULES } from './rule-routes';

/**
 * Criteria of a rule: list, create, get, update, delete, with the seed's entitlements, including
 * the per-type ones (acl for Memberships, dates for DateRange, performance for the grade types).
 * Note that deleting or updating a criterion needs system.course.MODIFY (seed table): instructors
 * can add criteria but only an administrator (or a system token) can change or remove them.
 */

const CRITERIA = `${RULES}/:ruleId/criteria`;
const VIEW = ['course.content.VIEW', 'course.adaptiverelease.VIEW'];

export function installCriterionRoutes(ctx: SandboxContext, router: Router): void {
  const store = adaptiveReleaseStore(ctx);

  /** Course, entitlements, content and rule of the path, in that order. */
  const locate = (req: SandboxRequest, principal: Principal, required: readonly string[]) => {
    const scope = courseScope(ctx, req, principal, required);
    const content = contentOf(ctx, scope, req);
    const rule = ruleOf(store, content, req);
    return { scope, content, rule };
  };
  const context = (scope: Scope, content: CriterionContext['content'], rule: StoredRule): CriterionContext => ({
    course: scope.course,
    content,
    contentStore: contentStore(ctx),
    siblings: store.criteriaOf(rule.id),
  });

  router.get(
    CRITERIA,
    authed(ctx, (req, principal) => {
      const { rule } = locate(req, principal, VIEW);
      return ok(paged(store.criteriaOf(rule.id).map((c) => criterionJson(ctx.variety, c)), req, { sortable: ['id', 'type'] }));
    }),
  );

  router.post(
    CRITERIA,
    authed(ctx, (req, principal) => {
      const { scope, content, rule } = locate(req, principal, ['course.adaptiverelease.CREATE', 'course.content.availability.MODIFY']);
      const body = objectBody(req);
      const type = readType(body);
      requireTypeEntitlement(scope.granted, type, 'CREATE');
      const fields = readNewCriterion(body, type, context(scope, content, rule));
      const criterion = { ...fields, id: ctx.directory.newId(), ruleId: rule.id };
      store.criteria.set(criterion.id, criterion);
      return created(criterionJson(ctx.variety, criterion));
    }),
  );

  router.get(
    `${CRITERIA}/:criterionId`,
    authed(ctx, (req, principal) => {
      const { rule } = locate(req, principal, VIEW);
      return ok(criterionJson(ctx.variety, criterionOf(store, rule, req)));
    }),
  );

  router.patch(
    `${CRITERIA}/:criterionId`,
    authed(ctx, (req, principal) => {
      const { scope, content, rule } = locate(req, principal, ['system.course.MODIFY', 'course.adaptiverelease.MODIFY', 'course.content.availability.MODIFY']);
      const criterion = criterionOf(store, rule, req);
      requireTypeEntitlement(scope.granted, criterion.type, 'MODIFY');
      const updated = applyCriterionUpdate(criterion, objectBody(req), context(scope, content, rule));
      store.criteria.set(updated.id, updated);
      return ok(criterionJson(ctx.variety, updated));
    }),
  );

  router.delete(
    `${CRITERIA}/:criterionId`,
    authed(ctx, (req, principal) => {
      const { scope, rule } = locate(req, principal, ['system.course.MODIFY', 'course.adaptiverelease.DELETE', 'course.content.availability.MODIFY']);
      const criterion = criterionOf(store, rule, req);
      requireTypeEntitlement(scope.granted, criterion.type, 'DELETE');
      store.deleteCriterion(criterion.id);
      return noContent();
    }),
  );
}
