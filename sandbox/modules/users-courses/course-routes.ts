import { authed, type SandboxContext } from '../../core/context';
import { notFound } from '../../core/errors';
import { ok } from '../../core/http';
import { applyFields, paged } from '../../core/paging';
import type { Router } from '../../core/router';
import type { Principal } from '../../core/tokens';
import { courseFilter, membershipFilter, readExpand } from './filters';
import { MEMBERSHIP_SORTABLE, meOf } from './user-routes';
import { canSeeCourse, courseView, isSystemLevel, membershipView, requireRosterAccess, userView } from './visibility';

/**
 * Courses (GET /v3/courses, /v3/courses/{courseId}) and a course's roster
 * (GET /v1/courses/{courseId}/users, /v1/courses/{courseId}/users/{userId}).
 */
const COURSES = '/learn/api/public/v3/courses';
const ROSTER = '/learn/api/public/v1/courses/:courseId/users';

/** Swagger: "Supported fields are: courseId, name, externalId, created, modified". */
const COURSE_SORTABLE = ['courseId', 'name', 'externalId', 'created', 'modified'] as const;

export function installCourseRoutes(ctx: SandboxContext, router: Router): void {
  router.get(
    COURSES,
    authed(ctx, (req, principal) => {
      const keep = courseFilter(req);
      const rows = [...ctx.directory.courses.values()]
        .filter((c) => canSeeCourse(ctx, principal, c) && keep(c))
        .map((c) => courseView(ctx, principal, c));
      return ok(paged(rows, req, { sortable: COURSE_SORTABLE }));
    }),
  );

  router.get(
    `${COURSES}/:courseId`,
    authed(ctx, (req, principal) => {
      const course = ctx.directory.course(req.params.courseId ?? '');
      if (!canSeeCourse(ctx, principal, course)) {
        throw notFound(`Course ${req.params.courseId ?? ''} is disabled; only administrators (system.course.VIEW) can read it`);
      }
      return ok(applyFields(courseView(ctx, principal, course), req));
    }),
  );

  router.get(
    ROSTER,
    authed(ctx, (req, principal) => {
      const course = ctx.directory.course(req.params.courseId ?? '');
      requireRosterAccess(ctx, principal, course);
      const expand = readExpand(req, ['user']);
      const keep = membershipFilter(req);
      const rows = ctx.directory
        .courseMemberships(course.id)
        .filter(keep)
        .map((m) => withUser(ctx, principal, membershipView(ctx, principal, m), expand.has('user')));
      return ok(paged(rows, req, { sortable: MEMBERSHIP_SORTABLE }));
    }),
  );

  router.get(
    `${ROSTER}/:userId`,
    authed(ctx, (req, principal) => {
      const course = ctx.directory.course(req.params.courseId ?? '');
      const user = ctx.directory.user(req.params.userId ?? '', meOf(principal));
      const own = principal.kind === 'user' && principal.userId === user.id;
      if (!own) requireRosterAccess(ctx, principal, course);
      const expand = readExpand(req, ['user']);
      const membership = ctx.directory.membership(course.id, user.id);
      if (!membership) throw notFound(`User ${user.userName} (${user.id}) is not enrolled in course ${course.courseId}`);
      return ok(applyFields(withUser(ctx, principal, membershipView(ctx, principal, membership), expand.has('user')), req));
    }),
  );
}

/** `expand=user`: the member as course staff see them (everything for the system level). */
function withUser<T extends { userId: string }>(ctx: SandboxContext, principal: Principal, row: T, expand: boolean): T {
  if (!expand) return row;
  const user = ctx.directory.users.get(row.userId);
  if (!user) return row;
  const self = principal.kind === 'user' && principal.userId === user.id;
  const audience = isSystemLevel(ctx, principal) ? 'everything' : self ? 'self' : 'courseStaff';
  return { ...row, user: userView(ctx, user, audience) };
}
