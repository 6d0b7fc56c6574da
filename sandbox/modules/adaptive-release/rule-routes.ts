import type { SandboxContext } from '../../core/context';
import type { Router } from '../../core/router';
import { authed } from '../../core/context';
import { created, noContent, objectBody, ok } from '../../core/http';
import { applyFields, paged } from '../../core/paging';
import { badRequest, conflict } from '../../core/errors';
import { adaptiveReleaseStore, ruleJson } from './store';
import { contentOf, courseScope, requireEnrolledOrAdmin, ruleOf } from './access';
import { RULE_TITLE_MAX } from './wire';

/**
 * Rules (seed 000 "Adaptive release rules"; Swagger paths .../adaptiveRelease/rules): list,
 * create, get, update, delete. One rule per content item (adaptive-release.md: "You can create 1
 * rule per content_id", a second is 409). Titles are required on create and at most 100 characters.
 */

export const RULES = '/learn/api/public/v1/courses/:courseId/contents/:contentId/adaptiveRelease/rules';
const VIEW = ['course.content.VIEW', 'course.adaptiverelease.VIEW'];

function readTitle(body: Record<string, unknown>, required: boolean): string | undefined {
  const title = body.title;
  if (title === undefined || title === null) {
    if (required) throw badRequest("Field 'title' is required: name the rule (at most 100 characters)");
    return undefined;
  }
  if (typeof title !== 'string') throw badRequest(`Field 'title' must be a string, not ${JSON.stringify(title)}`);
  if (title.trim() === '') throw badRequest("Field 'title' is empty: name the rule (at most 100 characters)");
  if (title.length > RULE_TITLE_MAX) throw badRequest(`Rule title is ${title.length} characters; the limit is ${RULE_TITLE_MAX}. Shorten it`);
  return title;
}

export function installRuleRoutes(ctx: SandboxContext, router: Router): void {
  const store = adaptiveReleaseStore(ctx);

  router.get(
    RULES,
    authed(ctx, (req, principal) => {
      const scope = courseScope(ctx, req, principal, VIEW);
      const content = contentOf(ctx, scope, req);
      return ok(paged(store.rulesOf(content.id).map(ruleJson), req, { sortable: ['id', 'title'] }));
    }),
  );

  router.post(
    RULES,
    authed(ctx, (req, principal) => {
      const scope = courseScope(ctx, req, principal, ['course.content.availability.MODIFY', 'course.adaptiverelease.CREATE']);
      const content = contentOf(ctx, scope, req);
      const title = readTitle(objectBody(req), true) as string;
      const existing = store.rulesOf(content.id)[0];
      if (existing) throw conflict(`A rule already exists for content [${content.id}] ('${existing.title}', ${existing.id}): update it, or delete it first`);
      const rule = { id: ctx.directory.newId(), courseId: scope.course.id, contentId: content.id, title };
      store.rules.set(rule.id, rule);
      return created(applyFields(ruleJson(rule), req));
    }),
  );

  router.get(
    `${RULES}/:ruleId`,
    authed(ctx, (req, principal) => {
      const scope = courseScope(ctx, req, principal, VIEW);
      const rule = ruleOf(store, contentOf(ctx, scope, req), req);
      return ok(applyFields(ruleJson(rule), req));
    }),
  );

  router.patch(
    `${RULES}/:ruleId`,
    authed(ctx, (req, principal) => {
      const scope = courseScope(ctx, req, principal, ['course.content.availability.MODIFY', 'course.adaptiverelease.MODIFY']);
      requireEnrolledOrAdmin(ctx, scope);
      const rule = ruleOf(store, contentOf(ctx, scope, req), req);
      const title = readTitle(objectBody(req), false);
      if (title !== undefined) rule.title = title;
      return ok(applyFields(ruleJson(rule), req));
    }),
  );

  // The seed lists no courseId for Delete Rule, but the Swagger path has it: the path decides.
  router.delete(
    `${RULES}/:ruleId`,
    authed(ctx, (req, principal) => {
      const scope = courseScope(ctx, req, principal, ['course.content.availability.MODIFY', 'course.adaptiverelease.DELETE']);
      const rule = ruleOf(store, contentOf(ctx, scope, req), req);
      store.deleteRule(rule.id);
      return noContent();
    }),
  );
}
