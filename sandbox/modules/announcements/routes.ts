import { authed, entitlements, type SandboxContext } from '../../core/context';
import { requireAll } from '../../core/entitlements';
import { badRequest, forbidden, objectNotFound } from '../../core/errors';
import { created, noContent, objectBody, ok, type SandboxRequest } from '../../core/http';
import { applyFields, paged } from '../../core/paging';
import type { Router } from '../../core/router';
import type { Principal } from '../../core/tokens';
import { announcementView, type AnnouncementStore, type StoredAnnouncement } from './state';
import { readAnnouncementFields, readNewAnnouncement } from './validation';

/** Learn's system announcement operations (Swagger /announcements, /announcements/{announcementId}). */
const BASE = '/learn/api/public/v1/announcements';
const VIEW = 'system.announcements.VIEW';
const ADMIN_VIEW = 'system.announcements.admin.VIEW';
/** Announcements have only primary ids (`_12_1`); anything else is a malformed request. */
const PRIMARY_ID = /^_\d+_\d+$/;

export function installAnnouncementRoutes(ctx: SandboxContext, router: Router, store: AnnouncementStore): void {
  const granted = (principal: Principal): Set<string> => entitlements(ctx, principal);

  /** The id from the path: 400 when malformed, 404 when unknown. */
  const find = (req: SandboxRequest): StoredAnnouncement => {
    const id = req.params.announcementId ?? '';
    if (!PRIMARY_ID.test(id)) throw badRequest(`'${id}' is not an announcement id; announcements have primary ids only, such as _12_1`);
    const item = store.items.get(id);
    if (!item) throw objectNotFound(id);
    return item;
  };

  router.get(
    BASE,
    authed(ctx, (req, principal) => {
      const rights = granted(principal);
      requireAll(rights, [VIEW]);
      const all = rights.has(ADMIN_VIEW);
      const items = store.ordered().filter((a) => all || store.available(a));
      return ok(paged(items.map((a) => announcementView(a)), req));
    }),
  );

  router.post(
    BASE,
    authed(ctx, (req, principal) => {
      requireAll(granted(principal), ['system.announcements.CREATE']);
      const fields = readNewAnnouncement(objectBody(req));
      const item = store.create({ ...fields, ...creator(principal) });
      return created(applyFields(announcementView(item), req));
    }),
  );

  router.get(
    `${BASE}/:announcementId`,
    authed(ctx, (req, principal) => {
      const rights = granted(principal);
      requireAll(rights, [VIEW]);
      const item = find(req);
      if (!rights.has(ADMIN_VIEW) && !store.available(item)) {
        throw forbidden(`Announcement ${item.id} is not available now (outside its display dates); only holders of ${ADMIN_VIEW} see unavailable announcements`);
      }
      return ok(applyFields(announcementView(item), req));
    }),
  );

  router.patch(
    `${BASE}/:announcementId`,
    authed(ctx, (req, principal) => {
      requireAll(granted(principal), ['system.announcements.MODIFY']);
      const item = find(req);
      const changes = readAnnouncementFields(objectBody(req), item.duration);
      const { duration, ...rest } = changes;
      Object.assign(item, rest, duration ? { duration } : {}, { modified: ctx.clock.iso() });
      delete item.creatorUserId;
      Object.assign(item, creator(principal));
      return ok(applyFields(announcementView(item), req));
    }),
  );

  router.delete(
    `${BASE}/:announcementId`,
    authed(ctx, (req, principal) => {
      requireAll(granted(principal), ['system.announcements.DELETE']);
      const item = find(req);
      store.items.delete(item.id);
      return noContent();
    }),
  );
}

/** creatorUserId: the user who created or last changed it; a system token leaves none. */
function creator(principal: Principal): { creatorUserId?: string } {
  return principal.kind === 'user' ? { creatorUserId: principal.userId } : {};
}
