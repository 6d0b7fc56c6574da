import type { SandboxContext, SandboxModule } from '../core/context';
import { seedCourseAnnouncements } from './course-announcements/demo';
import { installCourseAnnouncementRoutes } from './course-announcements/routes';
import { CourseAnnouncementStore } from './course-announcements/state';

/**
 * Course announcements (Swagger /courses/{courseId}/announcements): members read the available
 * ones; instructors read all and post, change and delete them. Files in ./course-announcements/:
 * wire, state, validation, routes, demo. docs/api-notes/announcements.md, "Course announcements".
 */

const STORES = new WeakMap<SandboxContext, CourseAnnouncementStore>();

/** The store of this world, for the control API (`/__sandbox/course-announcements`). */
export function courseAnnouncementStoreOf(ctx: SandboxContext): CourseAnnouncementStore {
  const store = STORES.get(ctx);
  if (!store) throw new Error('The course announcements module is not installed in this sandbox world');
  return store;
}

export const courseAnnouncementsModule: SandboxModule = {
  name: 'course-announcements',
  install(ctx, router) {
    const store = new CourseAnnouncementStore(ctx.directory, ctx.clock);
    STORES.set(ctx, store);
    if (ctx.settings.demoData) seedCourseAnnouncements(ctx, store);
    installCourseAnnouncementRoutes(ctx, router, store);
  },
};
