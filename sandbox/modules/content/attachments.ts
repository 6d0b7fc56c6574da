import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { SandboxContext } from '../../core/context';
import type { Router } from '../../core/router';
import { authed } from '../../core/context';
import { ok } from '../../core/http';
import { applyFields, paged } from '../../core/paging';
import { badRequest, forbidden, notFound } from '../../core/errors';
import { demoFileContent } from '../ally/demo-files';
import { xidOf } from './demo-builder';
import { contentStore, type Attachment } from './store';
import { uploadStore } from './uploads';
import { canSee, viewerOf } from './visibility';
import type { FileAttachmentJson } from './wire';

/**
 * File attachments of content items (Swagger "content file attachments"): list, get, and
 * download. Download answers 302 to a signed, expiring file URL (Swagger: "a URL from which the
 * corresponding file can be downloaded"), so the URL works without a bearer token: the app can
 * fetch it, or hand it to Ally's Create Format, whose `url` must carry its own authentication.
 * Demo files' bytes come from the Ally module's generator; uploaded files keep their own bytes.
 */

const BASE = '/learn/api/public/v1/courses/:courseId/contents/:contentId/attachments';
/** Where the signed file URLs point (Learn serves files from /bbcswebdav on its host). */
const FILES = '/learn/bbcswebdav/:fileRef';
const LINK_LIFETIME_MS = 60 * 60 * 1000;
const WITH_ATTACHMENTS = ['resource/x-bb-file', 'resource/x-bb-document', 'resource/x-bb-assignment'];

const attachmentJson = (a: Attachment): FileAttachmentJson => ({ id: a.id, fileName: a.fileName, mimeType: a.mimeType });

export function installAttachmentRoutes(ctx: SandboxContext, router: Router): void {
  const store = contentStore(ctx);
  const uploads = uploadStore(ctx);
  // A new key per world: links from before a reset stop working, as they should.
  const key = randomBytes(32);
  const sign = (ref: string, expires: number): string => createHmac('sha256', key).update(`${ref}:${expires}`).digest('hex');

  /** The item of the path, visible to the caller, of a type that holds attachments. */
  const itemOf = (courseId: string, contentId: string, principal: Parameters<typeof viewerOf>[1]) => {
    const course = ctx.directory.course(courseId);
    const viewer = viewerOf(ctx, principal, course);
    const item = store.resolve(course, contentId);
    if (!canSee(store, viewer, item, ctx.clock.now())) throw forbidden(`Content ${item.id} of course ${course.courseId} is not available to you`);
    if (!WITH_ATTACHMENTS.includes(item.contentHandler.id)) {
      throw badRequest(`Content ${item.id} ('${item.title}') is a ${item.contentHandler.id}: only files, documents and Classic assignments hold attachments`);
    }
    return item;
  };
  /**
   * An Ultra document keeps its files in its body (BbML links), not as attachments: Learn lists
   * none for it (200, an empty list: a public client's report, docs/api-notes/ally.md "Files of Ultra documents").
   */
  const listed = (courseId: string, item: { id: string; contentHandler: { id: string } }): Attachment[] => {
    const ultraDocument = item.contentHandler.id === 'resource/x-bb-document' && ctx.directory.course(courseId).ultraStatus === 'Ultra';
    return ultraDocument ? [] : [...store.attachments.values()].filter((a) => a.contentId === item.id && !a.inBody);
  };
  const attachmentOf = (courseId: string, item: { id: string; contentHandler: { id: string } }, attachmentId: string): Attachment => {
    const attachment = listed(courseId, item).find((a) => a.id === attachmentId);
    if (!attachment) throw notFound(`Content ${item.id} has no attachment ${attachmentId}`);
    return attachment;
  };

  router.get(
    BASE,
    authed(ctx, (req, principal) => {
      const item = itemOf(req.params.courseId as string, req.params.contentId as string, principal);
      return ok(paged(listed(req.params.courseId as string, item).map(attachmentJson), req));
    }),
  );

  router.get(
    `${BASE}/:attachmentId`,
    authed(ctx, (req, principal) => {
      const item = itemOf(req.params.courseId as string, req.params.contentId as string, principal);
      return ok(applyFields(attachmentJson(attachmentOf(req.params.courseId as string, item, req.params.attachmentId as string)), req));
    }),
  );

  router.get(
    `${BASE}/:attachmentId/download`,
    authed(ctx, (req, principal) => {
      const item = itemOf(req.params.courseId as string, req.params.contentId as string, principal);
      const attachment = attachmentOf(req.params.courseId as string, item, req.params.attachmentId as string);
      const ref = xidOf(attachment.id);
      const expires = ctx.clock.now() + LINK_LIFETIME_MS;
      const location = `${req.origin}/learn/bbcswebdav/${ref}?expires=${expires}&signature=${sign(ref, expires)}`;
      return { status: 302, headers: { Location: location, 'Cache-Control': 'no-store' } };
    }),
  );

  router.get(FILES, (req) => {
    const ref = req.params.fileRef as string;
    const expires = Number(req.query.get('expires'));
    const given = Buffer.from(req.query.get('signature') ?? '', 'hex');
    const wanted = Buffer.from(sign(ref, expires), 'hex');
    if (given.length !== wanted.length || !timingSafeEqual(given, wanted)) {
      throw forbidden('This file link is not valid: ask the attachment download endpoint for a new one');
    }
    if (!(expires > ctx.clock.now())) throw forbidden('This file link has expired: ask the attachment download endpoint for a new one');
    const attachment = store.attachments.get(`_${/^xid-(\d+)_1$/.exec(ref)?.[1] ?? ''}_1`);
    const bytes = attachment ? (uploads.bytesOf(attachment.uploadId) ?? demoFileContent(attachment.fileName)?.bytes) : undefined;
    if (!attachment || !bytes) throw notFound(`File ${ref} no longer exists`);
    return {
      status: 200,
      body: bytes,
      headers: {
        'Content-Type': attachment.mimeType,
        'Content-Length': String(bytes.length),
        'Content-Disposition': `attachment; filename*=UTF-8''${encodeURIComponent(attachment.fileName)}`,
      },
    };
  });
}
