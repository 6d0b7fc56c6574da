import { authed, entitlements, type SandboxContext } from '../../core/context';
import type { SandboxCourse, SandboxGroup, SandboxGroupSet } from '../../core/directory';
import { forbidden } from '../../core/errors';
import type { SandboxRequest } from '../../core/http';
import { ok } from '../../core/http';
import { paged } from '../../core/paging';
import type { Router } from '../../core/router';
import type { Principal } from '../../core/tokens';
import { isSystemLevel } from './visibility';

/**
 * A course's groups and group sets (the Swagger's "Get Groups", "Get Group Sets", "Get Group Set
 * Children", all since 3800.6.0), each item a GroupV2. "Get Groups" lists "all top-level groups":
 * the groups in no set; whether it also lists the sets, and what `inGroupSet` does, the Swagger
 * leaves open (controls: `POST /__sandbox/groups`; docs/api-notes/groups.md "Group sets"). Who sees what:
 * `course.groups.VIEW` sees everything; an enrolled user the groups they are in and the sets.
 * Filters: `name` with `nameCompare` (default startsWith); sorted by name or externalId on request.
 */
const GROUPS = '/learn/api/public/v2/courses/:courseId/groups';
const SETS = '/learn/api/public/v2/courses/:courseId/groups/sets';
const SET_CHILDREN = '/learn/api/public/v2/courses/:courseId/groups/sets/:groupId/groups';
/** "Get Group Memberships" (Swagger, since 3600.0.0): a group's members, each a GroupMembership (`userId`). */
const MEMBERS = '/learn/api/public/v2/courses/:courseId/groups/:groupId/users';
const NAME_COMPARE = ['equals', 'notEquals', 'contains', 'notContains', 'startsWith'] as const;
const SORTABLE = ['name', 'externalId'];

function groupJson(g: SandboxGroup | SandboxGroupSet): Record<string, unknown> {
  return {
    id: g.id,
    externalId: g.externalId,
    // GroupV2 `groupSetId`: "The primary ID of the group's parent group set"; left out when there is none.
    ...('groupSetId' in g && g.groupSetId !== undefined ? { groupSetId: g.groupSetId } : {}),
    name: g.name,
    availability: { available: 'Yes' },
    enrollment: { type: 'InstructorOnly' },
  };
}

function nameFilter(name: string | undefined, compare: string | undefined): (g: { name: string }) => boolean {
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

/** Everything with course.groups.VIEW; an enrolled user only their own groups; anyone else a 403. */
function seesAll(ctx: SandboxContext, principal: Principal, course: SandboxCourse): boolean {
  if (isSystemLevel(ctx, principal) || entitlements(ctx, principal, course.id).has('course.groups.VIEW')) return true;
  if (principal.kind === 'user' && ctx.directory.membership(course.id, principal.userId)) return false;
  throw forbidden(`User does not have the entitlement course.groups.VIEW in course ${course.courseId}`);
}

function visibleGroups(ctx: SandboxContext, principal: Principal, course: SandboxCourse): SandboxGroup[] {
  const all = [...ctx.directory.groups.values()].filter((g) => g.courseId === course.id);
  if (seesAll(ctx, principal, course)) return all;
  return principal.kind === 'user' ? all.filter((g) => g.memberUserIds.includes(principal.userId)) : [];
}

function setsOf(ctx: SandboxContext, course: SandboxCourse): SandboxGroupSet[] {
  return [...ctx.directory.groupSets.values()].filter((s) => s.courseId === course.id);
}

function answer(req: SandboxRequest, items: (SandboxGroup | SandboxGroupSet)[]) {
  const named = items.filter(nameFilter(req.query.get('name') ?? undefined, req.query.get('nameCompare') ?? undefined));
  return ok(paged(named.map(groupJson), req, { sortable: SORTABLE }));
}

export function installGroupRoutes(ctx: SandboxContext, router: Router): void {
  router.get(
    MEMBERS,
    authed(ctx, (req, principal) => {
      const course = ctx.directory.course(req.params.courseId ?? '');
      const group = ctx.directory.group(course.id, req.params.groupId ?? '');
      // "Callers not enrolled in the group must have course.group.VIEW" (Swagger); the role table here names it course.groups.VIEW.
      const inGroup = principal.kind === 'user' && group.memberUserIds.includes(principal.userId);
      const held = entitlements(ctx, principal, course.id);
      if (!inGroup && !isSystemLevel(ctx, principal) && !held.has('course.group.VIEW') && !held.has('course.groups.VIEW')) {
        throw forbidden(`User does not have the entitlement course.group.VIEW in course ${course.courseId}`);
      }
      return ok(paged(group.memberUserIds.map((userId) => ({ userId })), req, {}));
    }),
  );
  router.get(
    SETS,
    authed(ctx, (req, principal) => {
      const course = ctx.directory.course(req.params.courseId ?? '');
      seesAll(ctx, principal, course);
      return answer(req, setsOf(ctx, course));
    }),
  );
  router.get(
    SET_CHILDREN,
    authed(ctx, (req, principal) => {
      const course = ctx.directory.course(req.params.courseId ?? '');
      const set = ctx.directory.groupSet(course.id, req.params.groupId ?? '');
      return answer(req, visibleGroups(ctx, principal, course).filter((g) => g.groupSetId === set.id));
    }),
  );
  router.get(
    GROUPS,
    authed(ctx, (req, principal) => {
      const course = ctx.directory.course(req.params.courseId ?? '');
      const groups = visibleGroups(ctx, principal, course);
      const { setsListed, inGroupSet } = ctx.directory.groupListAnswers;
      const wanted = inGroupSet === 'filters' ? req.query.get('inGroupSet') : null;
      if (wanted === 'true') return answer(req, groups.filter((g) => g.groupSetId !== undefined));
      const topLevel = groups.filter((g) => g.groupSetId === undefined);
      return answer(req, setsListed && wanted !== 'false' ? [...setsOf(ctx, course), ...topLevel] : topLevel);
    }),
  );
}
