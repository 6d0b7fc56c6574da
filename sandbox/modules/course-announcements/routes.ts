import { authed, entitlements, type SandboxContext } from '../../core/context';
import { requireAll } from '../../core/entitlements';
import { badRequest, forbidden, objectNotFound } from '../../core/errors';
import { created, noContent, objectBody, ok, type SandboxRequest } from '../../core/http';
import { applyFields, paged } from '../../core/paging';
import type { Router } from '../../core/router';
import type { Principal } from '../../core/tokens';
import { courseAnnouncementView, type CourseAnnouncementStore, type StoredCourseAnnouncement } from './state';
import { readCourseAnnouncementFields, readNewCourseAnnouncement } from './validation';
import { SORTABLE } from './wire';

/**
 * Learn's course announcement operations (Swagger /courses/{courseId}/announcements and
 * /courses/{courseId}/announcements/{announcementId}). Entitlements as the Swagger names them:
 * VIEW to read (available ones only, unless MODIFY is held too), VIEW and CREATE / MODIFY / DELETE
 * to write. Check order: entitlement 403, malformed id 400, unknown id 404, body 400.
 */
const BASE = '/learn/api/public/v1/courses/:courseId/announcements';
const VIEW = 'course.announcements.VIEW';
const MODIFY = 'course.announcements.MODIFY';
const PRIMARY_ID = /^_\d+_\d+$/;

export function installCourseAnnouncementRoutes(ctx: SandboxContext, router: Router, store: CourseAnnouncementStore): void {
  /** The course of the path (404 when unknown) and what the caller holds in it. */
  const scope = (req: SandboxRequest, principal: Principal, required: readonly string[]): { courseId: string; rights: Set<string> } => {
    const course = ctx.directory.course(req.params.courseId as string);
    const rights = entitlements(ctx, principal, course.id);
    requireAll(rights, [VIEW, ...required]);
    return { courseId: course.id, rights };
  };

  const find = (req: SandboxRequest, courseId: string): StoredCourseAnnouncement => {
    const id = req.params.announcementId ?? '';
    if (!PRIMARY_ID.test(id)) throw badRequest(`'${id}' is not an announcement id; announcements have primary ids only, such as _12_1`);
    const item = store.items.get(id);
    if (!item || item.courseId !== courseId) throw objectNotFound(id);
    return item;
  };

  /** Its place in the course's list (1 is the top). */
  const positionOf = (item: StoredCourseAnnouncement): number => store.ofCourse(item.courseId).findIndex((a) => a.id === item.id) + 1;

  router.get(
    BASE,
    authed(ctx, (req, principal) => {
      const { courseId, rights } = scope(req, principal, []);
      const all = rights.has(MODIFY);
      const listed = store.ofCourse(courseId).map((a, i) => ({ a, position: i + 1 }));
      const visible = listed.filter(({ a }) => all || store.available(a));
      const ordered = store.order === 'newest-first' ? visible : [...visible].reverse();
      return ok(paged(ordered.map(({ a, position }) => courseAnnouncementView(a, position)), req, { sortable: SORTABLE }));
    }),
  );

  router.post(
    BASE,
    authed(ctx, (req, principal) => {
      const { courseId } = scope(req, principal, ['course.announcements.CREATE']);
      const fields = readNewCourseAnnouncement(objectBody(req));
      const { duration, ...rest } = fields;
      const item = store.create({ ...rest, duration, courseId, ...creator(principal) });
      return created(applyFields(courseAnnouncementView(item, positionOf(item)), req));
    }),
  );

  router.get(
    `${BASE}/:announcementId`,
    authed(ctx, (req, principal) => {
      const { courseId, rights } = scope(req, principal, []);
      const item = find(req, courseId);
      if (!rights.has(MODIFY) && !store.available(item)) {
        throw forbidden(`Announcement ${item.id} is not available to students now (a draft, or outside its display dates); only holders of ${MODIFY} see it`);
      }
      return ok(applyFields(courseAnnouncementView(item, positionOf(item)), req));
    }),
  );

  router.patch(
    `${BASE}/:announcementId`,
    authed(ctx, (req, principal) => {
      const { courseId } = scope(req, principal, [MODIFY]);
      const item = find(req, courseId);
      const { duration, ...rest } = readCourseAnnouncementFields(objectBody(req), item.duration);
      Object.assign(item, rest, duration ? { duration } : {}, { modified: ctx.clock.iso() });
      delete item.creatorUserId;
      Object.assign(item, creator(principal));
      return ok(applyFields(courseAnnouncementView(item, positionOf(item)), req));
    }),
  );

  router.delete(
    `${BASE}/:announcementId`,
    authed(ctx, (req, principal) => {
      const { courseId } = scope(req, principal, ['course.announcements.DELETE']);
      const item = find(req, courseId);
      store.items.delete(item.id);
      return noContent();
    }),
  );
}

/** creatorUserId: the user who created or last changed it; a system token leaves none. */
function creator(principal: Principal): { creatorUserId?: string } {
  return principal.kind === 'user' ? { creatorUserId: principal.userId } : {};
}
