import { authed, type SandboxContext } from '../../core/context';
import { forbidden } from '../../core/errors';
import { ok } from '../../core/http';
import { applyFields, paged } from '../../core/paging';
import type { Router } from '../../core/router';
import type { Principal } from '../../core/tokens';
import { membershipFilter, readExpand } from './filters';
import { canSeeCourse, courseView, isSystemLevel, membershipView, userView } from './visibility';

/**
 * GET /v1/users/{userId} and /v1/users/{userId}/courses: a user reads their own record and their
 * own memberships (`me` names them); reading another user's needs the system level.
 */
const USER = '/learn/api/public/v1/users/:userId';

/** Swagger: "Supported fields are: created, lastAccessed". */
export const MEMBERSHIP_SORTABLE = ['created', 'lastAccessed'] as const;

export function installUserRoutes(ctx: SandboxContext, router: Router): void {
  router.get(
    USER,
    authed(ctx, (req, principal) => {
      const user = ctx.directory.user(req.params.userId ?? '', meOf(principal));
      const self = principal.kind === 'user' && principal.userId === user.id;
      if (!self && !isSystemLevel(ctx, principal)) {
        throw forbidden(`User ${user.id} is another user's record; a user may read only their own (GET /learn/api/public/v1/users/me)`);
      }
      return ok(applyFields(userView(ctx, user, self && !isSystemLevel(ctx, principal) ? 'self' : 'everything'), req));
    }),
  );

  router.get(
    `${USER}/courses`,
    authed(ctx, (req, principal) => {
      const user = ctx.directory.user(req.params.userId ?? '', meOf(principal));
      const self = principal.kind === 'user' && principal.userId === user.id;
      if (!self && !isSystemLevel(ctx, principal)) {
        throw forbidden(`The memberships of user ${user.id} belong to another user; a user may list only their own (GET /learn/api/public/v1/users/me/courses)`);
      }
      const expand = readExpand(req, ['course']);
      const keep = membershipFilter(req);
      const rows = ctx.directory
        .userMemberships(user.id)
        .filter(keep)
        .flatMap((m) => {
          const course = ctx.directory.courses.get(m.courseId);
          if (!course || !canSeeCourse(ctx, principal, course)) return [];
          const row = membershipView(ctx, principal, m);
          return [expand.has('course') ? { ...row, course: courseView(ctx, principal, course) } : row];
        });
      return ok(paged(rows, req, { sortable: MEMBERSHIP_SORTABLE }));
    }),
  );
}

/** The user `me` stands for: the token's user; a system token has none (Directory answers 400). */
export function meOf(principal: Principal): string | undefined {
  return principal.kind === 'user' ? principal.userId : undefined;
}
