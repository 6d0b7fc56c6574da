import busboy from 'busboy';
import { SandboxError } from '../../core/errors';
import type { SandboxRequest } from '../../core/http';
import type { Handler } from '../../core/router';

/**
 * Ally's HTTP conventions in the sandbox: its error body, its true/false query flags, the
 * multipart upload, and the download header. Errors are a small JSON body `{status, message}`
 * (the vendor pages show none; the sandbox uses the shape of Learn's minimal one). Every message
 * names the thing and the fix.
 */
export const allyError = (status: number, message: string, headers?: Record<string, string>): SandboxError =>
  new SandboxError(status, message, { ally: true, ...(headers ? { headers } : {}) });

/** Errors thrown by shared helpers (JSON body parsing) come in Learn's shape: give them Ally's. */
export function asAllyError(error: unknown): unknown {
  if (error instanceof SandboxError && !error.options.ally && !error.options.oauthError) {
    return allyError(error.status, error.message, error.options.headers);
  }
  return error;
}

/** A route handler whose every error is answered in Ally's shape. */
export const allyRoute =
  (handler: Handler): Handler =>
  async (req) => {
    try {
      return await handler(req);
    } catch (error) {
      throw asAllyError(error);
    }
  };

/** `feedback`, `formats`, `asAttachment`: "true, false or omitted" (get-feedback.md); anything else is a 400. */
export function flag(req: SandboxRequest, name: string): boolean {
  const value = req.query.get(name);
  if (value === null || value === '' || value === 'false') return false;
  if (value === 'true') return true;
  throw allyError(400, `Query parameter '${name}' must be true, false or omitted, not '${value}'.`);
}

/** The Content-Type of a request without its parameters, lower-cased ('' when absent). */
export const mediaType = (req: SandboxRequest): string => (req.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase() ?? '';

/** RFC 6266: an ASCII fallback name and the exact UTF-8 one. */
export function contentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  const exact = encodeURIComponent(fileName).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${exact}`;
}

/**
 * Reads an upload (uploading-files.md): multipart/form-data, one part named `file` holding the
 * file with its filename, an accurate Content-Length (the FAQ says it is required), at most 50 MB
 * (the FAQ's limit, read as 50 MiB = 52,428,800 bytes).
 */
export const MAX_FILE_BYTES = 50 * 1024 * 1024;

export interface UploadedFile {
  fileName: string;
  partMimeType: string;
  bytes: Buffer;
}

export async function readUpload(req: SandboxRequest): Promise<UploadedFile> {
  const type = req.headers['content-type'] ?? '';
  if (!/^multipart\/form-data\b/i.test(type)) {
    throw allyError(415, `Upload the file as multipart/form-data with a part named 'file' (Content-Type was '${type || 'none'}').`);
  }
  if (req.headers['content-length'] === undefined) {
    throw allyError(411, 'The upload has no Content-Length header; Ally requires an accurate Content-Length (send the body with a known length, not chunked).');
  }

  let parser: busboy.Busboy;
  try {
    parser = busboy({ headers: req.headers, defParamCharset: 'utf8', limits: { fileSize: MAX_FILE_BYTES + 1, files: 5, fields: 20, parts: 25 } });
  } catch (error) {
    throw allyError(400, `The multipart body cannot be read: ${(error as Error).message}.`);
  }
  const files: UploadedFile[] = [];
  const otherParts: string[] = [];
  let tooLarge: string | undefined;
  let fileAsField = false;

  await new Promise<void>((resolve, reject) => {
    parser.on('file', (name, stream, info) => {
      if (name !== 'file') {
        otherParts.push(name);
        stream.resume();
        return;
      }
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      // busboy signals on reaching its limit, set one byte past ours: 50 MB exactly is fine.
      stream.on('limit', () => {
        tooLarge = info.filename || 'The file';
      });
      stream.on('end', () => files.push({ fileName: info.filename ?? '', partMimeType: info.mimeType, bytes: Buffer.concat(chunks) }));
    });
    parser.on('field', (name) => {
      if (name === 'file') fileAsField = true;
      else otherParts.push(name);
    });
    parser.on('error', (error: Error) => reject(allyError(400, `The multipart body is malformed: ${error.message}.`)));
    parser.on('close', () => resolve());
    parser.end(req.rawBody);
  });

  if (tooLarge !== undefined) {
    throw allyError(413, `${tooLarge} is larger than ${MAX_FILE_BYTES} bytes; Ally accepts files of at most 50 MB.`);
  }
  if (files.length > 1) throw allyError(400, `The body has ${files.length} parts named 'file'; upload one file at a time.`);
  const file = files[0];
  if (!file) {
    if (fileAsField) throw allyError(400, "The part 'file' has no filename; send it as a file part (Content-Disposition: form-data; name=\"file\"; filename=\"...\").");
    const seen = otherParts.length ? ` (it has: ${otherParts.join(', ')})` : '';
    throw allyError(400, `The multipart body has no part named 'file'${seen}; send the file in a part named 'file'.`);
  }
  // Browsers send a base name; some clients send a path: keep the last segment.
  const fileName = file.fileName.split(/[/\\]/).pop()?.trim() ?? '';
  if (!fileName) throw allyError(400, "The part 'file' has an empty filename; send the file's name so Ally can tell its type.");
  if (file.bytes.length === 0) throw allyError(400, `${fileName} is empty (0 bytes); upload the file's content.`);
  return { ...file, fileName };
}
