import type { SandboxContext } from '../../core/context';
import type { Router } from '../../core/router';
import type { Principal } from '../../core/tokens';
import { authed, entitlements } from '../../core/context';
import { badRequest } from '../../core/errors';
import { created, objectBody, type SandboxRequest } from '../../core/http';
import { applyFields } from '../../core/paging';
import { requireAll } from '../../core/entitlements';
import { contentStore, type StoredContent } from './store';
import { uploadStore } from './uploads';
import { readHandler } from './handlers';
import { placeNewItem } from './placement';
import { requireRoom, textBytes } from './storage-quota';
import { contentJson } from './present';
import { guardChildCourse, optionalBoolean, optionalString, readCommonFields } from './validation';

/**
 * Create Content (seed 000; Swagger `POST /courses/{courseId}/contents`) and Create Child (Swagger
 * `POST /courses/{courseId}/contents/{contentId}/children`, which creating-content.md and
 * curl-demo.md use): entitlement course.content.CREATE; 400 for a bad body, a Classic top-level
 * non-folder, a parent that is not a folder, or a cross-listed child course without
 * allowChildCourseContent; 507 when the course's storage quota is full. Create Child puts the
 * item under the folder of the path (a `parentId` in its body is overridden by the path).
 */
export function installContentCreateRoutes(ctx: SandboxContext, router: Router): void {
  const store = contentStore(ctx);
  const uploads = uploadStore(ctx);

  const create = (req: SandboxRequest, principal: Principal, parentFromPath?: string) => {
    const course = ctx.directory.course(req.params.courseId as string);
    const viewer = { privileged: true, guest: false, granted: entitlements(ctx, principal, course.id) };
    requireAll(viewer.granted, ['course.content.CREATE']);
    guardChildCourse(req, course, course.parentId ? ctx.directory.courses.get(course.parentId) : undefined);
    if (parentFromPath !== undefined) {
      const parent = store.resolve(course, parentFromPath);
      if (parent.contentHandler.id !== 'resource/x-bb-folder') {
        throw badRequest(`Content ${parent.id} ('${parent.title}') is a ${parent.contentHandler.id}, not a folder: only folders take children`);
      }
    }

    const body = objectBody(req);
    const common = { ...readCommonFields(body), ...(parentFromPath !== undefined ? { parentId: parentFromPath } : {}) };
    const text = optionalString(body, 'body');
    const { handler, upload } = readHandler(body, course, store, uploads, principal);
    const placement = placeNewItem(store, course, { ...common, handlerId: handler.id });
    const bytes = textBytes(common.title, text, common.description) + (upload?.bytes.length ?? 0);
    requireRoom(store, course, common.title, bytes);

    const now = ctx.clock.iso();
    const item: StoredContent = {
      id: store.newId(),
      courseId: course.id,
      ...(placement.parentId ? { parentId: placement.parentId } : {}),
      title: common.title,
      ...(text !== undefined ? { body: text } : {}),
      ...(common.description !== undefined ? { description: common.description } : {}),
      created: now,
      modified: now,
      launchInNewWindow: optionalBoolean(body, 'launchInNewWindow') ?? false,
      reviewable: optionalBoolean(body, 'reviewable') ?? false,
      availability: common.availability,
      contentHandler: handler,
      storedBytes: bytes,
    };
    store.insert(item, placement.position);
    if (upload) {
      upload.usedBy = item.id;
      const attachmentId = store.newId();
      store.attachments.set(attachmentId, { id: attachmentId, contentId: item.id, fileName: handler.file?.fileName ?? upload.fileName, mimeType: upload.mimeType, size: upload.bytes.length, uploadId: upload.id });
    }
    ctx.log.debug('content created', { courseId: course.id, contentId: item.id, handler: handler.id });
    return created(applyFields(contentJson(store, course, item, viewer), req));
  };

  router.post(
    '/learn/api/public/v1/courses/:courseId/contents',
    authed(ctx, (req, principal) => create(req, principal)),
  );
  router.post(
    '/learn/api/public/v1/courses/:courseId/contents/:contentId/children',
    authed(ctx, (req, principal) => create(req, principal, req.params.contentId)),
  );
}
