import { authed, entitlements, type SandboxContext } from '../../core/context';
import type { SandboxGroup } from '../../core/directory';
import { forbidden } from '../../core/errors';
import { ok } from '../../core/http';
import { paged } from '../../core/paging';
import type { Router } from '../../core/router';
import { isSystemLevel } from './visibility';

/**
 * A course's groups (GET /v2/courses/{courseId}/groups, the Swagger's "Get Groups", since
 * 3800.6.0), written from the Swagger's GroupV2: "Callers with the following entitlement can view
 * all groups in the course: course.groups.VIEW. Callers enrolled in course can view all groups
 * they're enrolled in, and all self-enrollment groups." The demo's groups are instructor-made.
 * Filters: `name` with `nameCompare` (default startsWith); sorted by name on request.
 */
const GROUPS = '/learn/api/public/v2/courses/:courseId/groups';
const NAME_COMPARE = ['equals', 'notEquals', 'contains', 'notContains', 'startsWith'] as const;

function groupJson(g: SandboxGroup): Record<string, unknown> {
  return {
    id: g.id,
    externalId: g.externalId,
    name: g.name,
    availability: { available: 'Yes' },
    enrollment: { type: 'InstructorOnly' },
  };
}

function nameFilter(name: string | undefined, compare: string | undefined): (g: SandboxGroup) => boolean {
  if (name === undefined) return () => true;
  const how = (NAME_COMPARE as readonly string[]).includes(compare ?? '') ? compare : 'startsWith';
  const want = name.toLowerCase();
  return (g) => {
    const have = g.name.toLowerCase();
    if (how === 'equals') return have === want;
    if (how === 'notEquals') return have !== want;
    if (how === 'contains') return have.includes(want);
    if (how === 'notContains') return !have.includes(want);
    return have.startsWith(want);
  };
}

export function installGroupRoutes(ctx: SandboxContext, router: Router): void {
  router.get(
    GROUPS,
    authed(ctx, (req, principal) => {
      const course = ctx.directory.course(req.params.courseId ?? '');
      const all = [...ctx.directory.groups.values()].filter((g) => g.courseId === course.id);
      let visible: SandboxGroup[];
      if (isSystemLevel(ctx, principal) || entitlements(ctx, principal, course.id).has('course.groups.VIEW')) visible = all;
      else if (principal.kind === 'user' && ctx.directory.membership(course.id, principal.userId)) visible = all.filter((g) => g.memberUserIds.includes(principal.userId));
      else throw forbidden(`User does not have the entitlement course.groups.VIEW in course ${course.courseId}`);
      const rows = visible.filter(nameFilter(req.query.get('name') ?? undefined, req.query.get('nameCompare') ?? undefined)).map(groupJson);
      return ok(paged(rows, req, { sortable: ['name'] }));
    }),
  );
}
