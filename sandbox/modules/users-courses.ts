import type { SandboxContext, SandboxModule } from '../core/context';
import { installCourseRoutes } from './users-courses/course-routes';
import { installUserRoutes } from './users-courses/user-routes';
import { installGroupRoutes } from './users-courses/group-routes';

/**
 * The real Learn resources the app reads besides the seeds: the signed-in user
 * (GET /v1/users/{userId}, `me`), their memberships (/v1/users/{userId}/courses), courses
 * (/v3/courses), rosters (/v1/courses/{courseId}/users) and groups and group sets
 * (/v2/courses/{courseId}/groups, .../groups/sets). People and courses come from the
 * directory the institution module seeds. Rules: docs/api-notes/users-and-courses.md ("Users, courses and rosters").
 */
export const usersCoursesModule: SandboxModule = {
  name: 'users-courses',
  install(ctx, router) {
    if (ctx.settings.demoData) spreadLastAccess(ctx);
    installUserRoutes(ctx, router);
    installCourseRoutes(ctx, router);
    installGroupRoutes(ctx, router);
  },
};

const HOUR_MS = 3_600_000;
/** The demo's "last night": the term's data runs up to the week of 2026-11-23. */
const DEMO_EVENING = Date.parse('2026-11-22T23:00:00.000Z');

/**
 * Members last opened their course at different times (students over the past three weeks, a
 * few never), so sorting and filtering a roster by lastAccessed shows something real.
 */
function spreadLastAccess(ctx: SandboxContext): void {
  const rng = ctx.rng.fork('users-courses');
  for (const membership of ctx.directory.memberships) {
    if (membership.courseRoleId === 'Student' && rng.chance(0.03)) {
      delete membership.lastAccessed;
      continue;
    }
    const hoursAgo = membership.courseRoleId === 'Student' ? rng.int(1, 21 * 24) : rng.int(1, 48);
    membership.lastAccessed = new Date(DEMO_EVENING - hoursAgo * HOUR_MS).toISOString();
  }
}
