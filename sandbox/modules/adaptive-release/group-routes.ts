import type { SandboxContext } from '../../core/context';
import type { Router } from '../../core/router';
import { authed } from '../../core/context';
import { created, noContent, ok } from '../../core/http';
import { applyFields, paged } from '../../core/paging';
import { badRequest, conflict, notFound } from '../../core/errors';
import { adaptiveReleaseStore, groupPredicateJson } from './store';
import { CRITERION, applySetList, locateMemberships, readIdList, refuseRepeats, resolveListEntry } from './predicate-common';
import { GROUPS_PER_CRITERION_MAX } from './wire';

/**
 * Group predicates of a Memberships criterion: list, set the whole list (PUT), add one (PUT with
 * the group in the path), remove one. Group ids may be primary or `externalId:` ids; groups must
 * belong to the course. At most 100 groups: the 101st is a 400 (docs/api-notes/adaptive-release.md).
 */

const GROUPS = `${CRITERION}/groups`;
const VIEW = ['course.content.VIEW', 'course.adaptiverelease.VIEW'];
const ACL_MODIFY = ['course.adaptiverelease.acl.modify'];

export function installGroupPredicateRoutes(ctx: SandboxContext, router: Router): void {
  const store = adaptiveReleaseStore(ctx);
  const listOf = (criterionId: string) => store.groupsOf(criterionId).map(groupPredicateJson);

  router.get(
    GROUPS,
    authed(ctx, (req, principal) => {
      const { criterion } = locateMemberships(ctx, store, req, principal, VIEW, true);
      return ok(paged(listOf(criterion.id), req, { sortable: ['id', 'groupId'] }));
    }),
  );

  router.put(
    GROUPS,
    authed(ctx, (req, principal) => {
      const { scope, criterion } = locateMemberships(ctx, store, req, principal, ACL_MODIFY, false);
      const sent = readIdList(req, 'groupId', GROUPS_PER_CRITERION_MAX);
      const groups = sent.map((id, i) => resolveListEntry(() => ctx.directory.group(scope.course.id, id), `Entry ${i} (groupId '${id}') is not a group of course ${scope.course.courseId}`));
      refuseRepeats(groups.map((g) => g.id), sent, 'groupId', 400);
      applySetList(
        store.groupsOf(criterion.id),
        groups.map((g) => g.id),
        (p) => p.groupId,
        (p) => store.groupPredicates.delete(p.id),
        (groupId) => {
          const id = ctx.directory.newId();
          store.groupPredicates.set(id, { id, criterionId: criterion.id, groupId });
        },
      );
      return ok(paged(listOf(criterion.id), req));
    }),
  );

  router.put(
    `${GROUPS}/:groupId`,
    authed(ctx, (req, principal) => {
      const { scope, criterion } = locateMemberships(ctx, store, req, principal, ACL_MODIFY, false);
      const group = ctx.directory.group(scope.course.id, req.params.groupId as string);
      const current = store.groupsOf(criterion.id);
      const existing = current.find((p) => p.groupId === group.id);
      if (existing) throw conflict(`Group ${group.id} ('${group.name}') is already associated to criterion ${criterion.id} (predicate ${existing.id})`);
      if (current.length >= GROUPS_PER_CRITERION_MAX) {
        throw badRequest(`Criterion ${criterion.id} already holds ${current.length} groups, the most it can hold: remove one before adding '${group.name}'`);
      }
      const predicate = { id: ctx.directory.newId(), criterionId: criterion.id, groupId: group.id };
      store.groupPredicates.set(predicate.id, predicate);
      return created(applyFields(groupPredicateJson(predicate), req));
    }),
  );

  router.delete(
    `${GROUPS}/:groupId`,
    authed(ctx, (req, principal) => {
      const { scope, criterion } = locateMemberships(ctx, store, req, principal, ACL_MODIFY, false);
      const group = ctx.directory.group(scope.course.id, req.params.groupId as string);
      const predicate = store.groupsOf(criterion.id).find((p) => p.groupId === group.id);
      if (!predicate) throw notFound(`Group ${group.id} ('${group.name}') is not associated to criterion ${criterion.id}`);
      store.groupPredicates.delete(predicate.id);
      return noContent();
    }),
  );
}
