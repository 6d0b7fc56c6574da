import type { SandboxContext } from '../../core/context';
import type { SandboxCourse, SandboxUser } from '../../core/directory';
import type { Router } from '../../core/router';
import type { Principal } from '../../core/tokens';
import { authed } from '../../core/context';
import { created, noContent, ok } from '../../core/http';
import { applyFields, paged } from '../../core/paging';
import { INSTRUCTOR_LIKE_ROLES } from '../../core/entitlements';
import { badRequest, conflict, notFound } from '../../core/errors';
import { adaptiveReleaseStore, userPredicateJson } from './store';
import { CRITERION, applySetList, locateMemberships, readIdList, refuseRepeats, resolveListEntry } from './predicate-common';
import { USERS_PER_CRITERION_MAX } from './wire';

/**
 * User predicates of a Memberships criterion: list, set the whole list, add one, remove one. User
 * ids may be primary or secondary (`userName:`, `externalId:`, ...). The users must be enrolled in
 * the course with a role that is neither Guest nor instructor-like (seed rule 3): else a 400. At
 * most 100 users: the 101st is a 400; a user twice in a set list is a 409 (Swagger lists 409 there).
 */

const USERS = `${CRITERION}/users`;
const VIEW = ['course.content.VIEW', 'course.adaptiverelease.VIEW'];
const ACL_MODIFY = ['course.adaptiverelease.acl.modify'];

const me = (principal: Principal): string | undefined => (principal.kind === 'user' ? principal.userId : undefined);

export function installUserPredicateRoutes(ctx: SandboxContext, router: Router): void {
  const store = adaptiveReleaseStore(ctx);
  const listOf = (criterionId: string) => store.usersOf(criterionId).map(userPredicateJson);

  /** A 400 unless the user may be named in a user predicate of this course. */
  const requireEligible = (course: SandboxCourse, user: SandboxUser): void => {
    const membership = ctx.directory.membership(course.id, user.id);
    if (!membership) throw badRequest(`User ${user.id} (${user.userName}) is not enrolled in the course ${course.courseId}: enrol them first`);
    if (membership.courseRoleId === 'Guest') {
      throw badRequest(`User ${user.id} (${user.userName}) is a Guest in ${course.courseId}: guests cannot be named in adaptive release; change their role or leave them out`);
    }
    if (INSTRUCTOR_LIKE_ROLES.includes(membership.courseRoleId)) {
      throw badRequest(`User ${user.id} (${user.userName}) is ${membership.courseRoleId} in ${course.courseId}: course staff always see content, so adaptive release cannot name them`);
    }
  };

  router.get(
    USERS,
    authed(ctx, (req, principal) => {
      const { criterion } = locateMemberships(ctx, store, req, principal, VIEW, true);
      return ok(paged(listOf(criterion.id), req, { sortable: ['id', 'userId'] }));
    }),
  );

  router.put(
    USERS,
    authed(ctx, (req, principal) => {
      const { scope, criterion } = locateMemberships(ctx, store, req, principal, ACL_MODIFY, true);
      const sent = readIdList(req, 'userId', USERS_PER_CRITERION_MAX);
      const users = sent.map((id, i) => resolveListEntry(() => ctx.directory.user(id, me(principal)), `Entry ${i} (userId '${id}') names no user`));
      refuseRepeats(users.map((u) => u.id), sent, 'userId', 409);
      for (const user of users) requireEligible(scope.course, user);
      applySetList(
        store.usersOf(criterion.id),
        users.map((u) => u.id),
        (p) => p.userId,
        (p) => store.userPredicates.delete(p.id),
        (userId) => {
          const id = ctx.directory.newId();
          store.userPredicates.set(id, { id, criterionId: criterion.id, userId });
        },
      );
      return ok(paged(listOf(criterion.id), req));
    }),
  );

  router.put(
    `${USERS}/:userId`,
    authed(ctx, (req, principal) => {
      const { scope, criterion } = locateMemberships(ctx, store, req, principal, ACL_MODIFY, true);
      const user = ctx.directory.user(req.params.userId as string, me(principal));
      requireEligible(scope.course, user);
      const current = store.usersOf(criterion.id);
      const existing = current.find((p) => p.userId === user.id);
      if (existing) throw conflict(`User ${user.id} (${user.userName}) is already associated to criterion ${criterion.id} (predicate ${existing.id})`);
      if (current.length >= USERS_PER_CRITERION_MAX) {
        throw badRequest(`Criterion ${criterion.id} already holds ${current.length} users, the most it can hold: remove one, or release to a group instead`);
      }
      const predicate = { id: ctx.directory.newId(), criterionId: criterion.id, userId: user.id };
      store.userPredicates.set(predicate.id, predicate);
      return created(applyFields(userPredicateJson(predicate), req));
    }),
  );

  router.delete(
    `${USERS}/:userId`,
    authed(ctx, (req, principal) => {
      const { criterion } = locateMemberships(ctx, store, req, principal, ACL_MODIFY, false);
      const user = ctx.directory.user(req.params.userId as string, me(principal));
      const predicate = store.usersOf(criterion.id).find((p) => p.userId === user.id);
      if (!predicate) throw notFound(`User ${user.id} (${user.userName}) is not associated to criterion ${criterion.id}`);
      store.userPredicates.delete(predicate.id);
      return noContent();
    }),
  );
}
