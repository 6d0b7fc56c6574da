import type { SandboxContext } from '../../core/context';
import type { SandboxCourse } from '../../core/directory';
import type { Router } from '../../core/router';
import type { SandboxRequest } from '../../core/http';
import { authed } from '../../core/context';
import { ok } from '../../core/http';
import { applyFields, paged } from '../../core/paging';
import { badRequest, forbidden } from '../../core/errors';
import { contentStore, type StoredContent } from './store';
import { contentJson } from './present';
import { readContentFilter } from './filters';
import { canOpenFolder, canSee, openFilter, viewerOf, type Viewer } from './visibility';

/**
 * Reading the tree: Get Contents (the top level), Get Content (one item, or a system folder by
 * keyword) and Get Content Children (one folder, read lazily by the app's tree). The lists take
 * the same filters and `recursive`; no sort (the Swagger offers none), paging and `fields` as
 * everywhere.
 */

const BASE = '/learn/api/public/v1/courses/:courseId/contents';

export function installContentReadRoutes(ctx: SandboxContext, router: Router): void {
  const store = contentStore(ctx);

  /** The items below `parentKey` this viewer may see, filtered, as the API shows them. */
  const list = (req: SandboxRequest, course: SandboxCourse, viewer: Viewer, parentKey: string) => {
    const filter = readContentFilter(req);
    const now = ctx.clock.now();
    const open = openFilter(viewer, now);
    const items: StoredContent[] = filter.recursive
      ? store.descendantsOf(parentKey, open, (folder) => canOpenFolder(viewer, folder))
      : store.childrenOf(parentKey).filter(open);
    const views = items.filter((item) => filter.matches(item)).map((item) => contentJson(store, course, item, viewer));
    return ok(paged(views, req));
  };

  /** The item at `contentId` if this viewer may see it: else 404 (unknown) or 403 (closed to them). */
  const visibleItem = (course: SandboxCourse, viewer: Viewer, contentId: string): StoredContent => {
    const item = store.resolve(course, contentId);
    if (!canSee(store, viewer, item, ctx.clock.now())) {
      throw forbidden(`Content ${item.id} of course ${course.courseId} is not available to you: it is hidden, outside its release dates, or inside a folder that is`);
    }
    return item;
  };

  router.get(
    BASE,
    authed(ctx, (req, principal) => {
      const course = ctx.directory.course(req.params.courseId as string);
      const viewer = viewerOf(ctx, principal, course);
      return list(req, course, viewer, store.topKey(course));
    }),
  );

  router.get(
    `${BASE}/:contentId`,
    authed(ctx, (req, principal) => {
      const course = ctx.directory.course(req.params.courseId as string);
      const viewer = viewerOf(ctx, principal, course);
      const item = visibleItem(course, viewer, req.params.contentId as string);
      return ok(applyFields(contentJson(store, course, item, viewer), req));
    }),
  );

  router.get(
    `${BASE}/:contentId/children`,
    authed(ctx, (req, principal) => {
      const course = ctx.directory.course(req.params.courseId as string);
      const viewer = viewerOf(ctx, principal, course);
      const folder = visibleItem(course, viewer, req.params.contentId as string);
      if (folder.contentHandler.id !== 'resource/x-bb-folder') {
        throw badRequest(`Content ${folder.id} ('${folder.title}') is a ${folder.contentHandler.id}, not a folder: only folders have children`);
      }
      if (!canOpenFolder(viewer, folder)) {
        throw forbidden(`Folder ${folder.id} ('${folder.title}') is partially visible: students see its title, not what is inside`);
      }
      return list(req, course, viewer, store.childKey(course, folder));
    }),
  );
}
