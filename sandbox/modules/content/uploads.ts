import busboy from 'busboy';
import type { SandboxContext } from '../../core/context';
import type { SandboxRequest } from '../../core/http';
import type { Router } from '../../core/router';
import type { Principal } from '../../core/tokens';
import { authed } from '../../core/context';
import { created, ok } from '../../core/http';
import { applyFields } from '../../core/paging';
import { SandboxError, badRequest } from '../../core/errors';

/**
 * Learn's temporary upload storage (Swagger `POST /learn/api/public/v1/uploads`, multipart, part
 * `file`): Create Assignment's `fileUploadIds` and a file item's `contentHandler.file.uploadId`
 * name files sent here first. An upload belongs to whoever sent it and is used once.
 */

/** Largest upload (the sandbox's request limit, and Ally's; GET /uploads/settings reports it). */
export const UPLOAD_MAX_BYTES = 50 * 1024 * 1024;

export interface Upload {
  id: string;
  /** Who sent it: a user id, or `app:<key>` for a system token. */
  owner: string;
  fileName: string;
  mimeType: string;
  bytes: Buffer;
  created: string;
  /** The item that took it; a used upload cannot be attached again. */
  usedBy?: string;
}

export const ownerOf = (principal: Principal): string => (principal.kind === 'user' ? principal.userId : `app:${principal.appKey}`);

// Learn assigns the MIME type from the file name's extension (contenthandler-datatypes.md).
const MIME_BY_EXTENSION: Record<string, string> = {
  pdf: 'application/pdf',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  svg: 'image/svg+xml',
  html: 'text/html',
  htm: 'text/html',
  txt: 'text/plain',
  csv: 'text/csv',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

export function mimeTypeOf(fileName: string, declared: string): string {
  const ext = /\.([A-Za-z0-9]+)$/.exec(fileName)?.[1]?.toLowerCase();
  return (ext && MIME_BY_EXTENSION[ext]) ?? (declared || 'application/octet-stream');
}

/** Markup that can run script: Learn's XSS scan refuses such a file with 422 (Swagger). */
function looksUnsafe(mimeType: string, bytes: Buffer): boolean {
  if (!['text/html', 'image/svg+xml', 'application/xml', 'text/xml'].includes(mimeType)) return false;
  const text = bytes.toString('utf8');
  return /<script\b/i.test(text) || /\son[a-z]+\s*=/i.test(text) || /javascript:/i.test(text);
}

export class UploadStore {
  readonly #uploads = new Map<string, Upload>();

  add(upload: Upload): Upload {
    this.#uploads.set(upload.id, upload);
    return upload;
  }

  /** The bytes of an upload (attached or not), for the file download route. */
  bytesOf(id: string): Buffer | undefined {
    return this.#uploads.get(id)?.bytes;
  }

  /** The caller's unused upload, or a 400 naming the id and what to do. */
  usable(id: string, principal: Principal, field: string): Upload {
    const upload = this.#uploads.get(id);
    if (!upload || upload.owner !== ownerOf(principal)) {
      throw badRequest(`${field} '${id}' is not a file you uploaded: POST the file to /learn/api/public/v1/uploads first and send the id it answers`);
    }
    if (upload.usedBy) throw badRequest(`${field} '${id}' was already attached to content ${upload.usedBy}: upload the file again to attach it twice`);
    return upload;
  }
}

const uploadStores = new WeakMap<SandboxContext, UploadStore>();

export function uploadStore(ctx: SandboxContext): UploadStore {
  let store = uploadStores.get(ctx);
  if (!store) {
    store = new UploadStore();
    uploadStores.set(ctx, store);
  }
  return store;
}

/** The `file` part of a multipart body: its name, declared type and bytes. */
function readFilePart(req: SandboxRequest): Promise<{ fileName: string; mimeType: string; bytes: Buffer }> {
  const type = req.headers['content-type'] ?? '';
  if (!/^multipart\/form-data/i.test(type)) {
    return Promise.reject(badRequest(`Send the file as multipart/form-data with a part named 'file', not ${type || 'no Content-Type'}`));
  }
  return new Promise((resolve, reject) => {
    let found: { fileName: string; mimeType: string; chunks: Buffer[] } | undefined;
    const parser = busboy({ headers: req.headers, defParamCharset: 'utf8', limits: { files: 1 } });
    parser.on('file', (name, stream, info) => {
      if (name !== 'file' || found) {
        stream.resume();
        return;
      }
      const part = { fileName: info.filename ?? '', mimeType: info.mimeType, chunks: [] as Buffer[] };
      found = part;
      stream.on('data', (chunk: Buffer) => part.chunks.push(chunk));
    });
    parser.on('error', () => reject(badRequest('The multipart body could not be read: check its boundary and part headers')));
    parser.on('close', () => {
      if (!found) return reject(badRequest("The multipart body has no part named 'file'"));
      if (!found.fileName) return reject(badRequest("The 'file' part needs a filename in its Content-Disposition header"));
      resolve({ fileName: found.fileName, mimeType: found.mimeType, bytes: Buffer.concat(found.chunks) });
    });
    parser.end(req.rawBody);
  });
}

export function installUploadRoutes(ctx: SandboxContext, router: Router): void {
  const store = uploadStore(ctx);

  router.post(
    '/learn/api/public/v1/uploads',
    authed(ctx, async (req, principal) => {
      const part = await readFilePart(req);
      if (part.bytes.length === 0) throw badRequest(`File '${part.fileName}' is empty: choose a file with content`);
      if (part.bytes.length > UPLOAD_MAX_BYTES) {
        throw new SandboxError(413, `File '${part.fileName}' is ${part.bytes.length} bytes; uploads are limited to ${UPLOAD_MAX_BYTES} bytes`);
      }
      const mimeType = mimeTypeOf(part.fileName, part.mimeType);
      if (looksUnsafe(mimeType, part.bytes)) {
        throw new SandboxError(422, `File '${part.fileName}' is potentially unsafe: it contains script. Remove scripts and event handlers, or upload it as a PDF`);
      }
      const upload = store.add({ id: ctx.directory.newId(), owner: ownerOf(principal), fileName: part.fileName, mimeType, bytes: part.bytes, created: ctx.clock.iso() });
      return created(applyFields({ id: upload.id }, req));
    }),
  );

  router.get(
    '/learn/api/public/v1/uploads/settings',
    authed(ctx, (req) => ok(applyFields({ maxUploadSizeInBytes: UPLOAD_MAX_BYTES, supportsInlineRender: true, displayRecommendedAlternatives: false, displaySupportLink: false }, req))),
  );
}
