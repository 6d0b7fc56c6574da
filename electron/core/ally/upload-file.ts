import { randomBytes } from 'node:crypto';
import { openAsBlob } from 'node:fs';
import { stat } from 'node:fs/promises';
import { basename, extname } from 'node:path';

/**
 * Getting a file ready for Ally's upload (uploading-files.md), before any network call: its size
 * and type are checked on disk, and the multipart body is a Blob that refers to the file rather
 * than holding it, so a 50 MB handout is streamed from disk as it is sent, never read whole into
 * memory. A Blob has a known size, so the request carries the accurate Content-Length Ally's FAQ
 * requires (a chunked upload is refused with 411).
 */

/** Ally's limit: 50 MB, read as 50 MiB of file content, inclusive (docs/api-notes/ally.md). */
export const ALLY_MAX_FILE_BYTES = 52_428_800;

/** The types Ally analyses, by extension, with the media type sent for the part. */
export const ALLY_FILE_TYPES: Readonly<Record<string, string>> = {
  pdf: 'application/pdf',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  odt: 'application/vnd.oasis.opendocument.text',
  ppt: 'application/vnd.ms-powerpoint',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  odp: 'application/vnd.oasis.opendocument.presentation',
  html: 'text/html',
  htm: 'text/html',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  bmp: 'image/bmp',
  tif: 'image/tiff',
  tiff: 'image/tiff',
  webp: 'image/webp',
};

const SUPPORTED_LIST = 'PDF, Word (.doc, .docx), PowerPoint (.ppt, .pptx), OpenDocument (.odt, .odp), HTML (.html, .htm) and images (.png, .jpg, .jpeg, .gif, .bmp, .tif, .tiff, .webp)';

/** The file cannot be sent to Ally as it is; the message names the file and the rule. Nothing was sent. */
export class AllyFileRefusedError extends Error {
  constructor(
    message: string,
    readonly fileName: string,
    readonly reason: 'too-large' | 'unsupported-type' | 'empty' | 'not-a-file',
  ) {
    super(message);
    this.name = 'AllyFileRefusedError';
  }
}

export interface PreparedUpload {
  fileName: string;
  /** Bytes of the file itself. */
  size: number;
  mediaType: string;
  /** The whole multipart/form-data body, backed by the file on disk. */
  body: Blob;
  /** The request's Content-Type, with the boundary. */
  contentType: string;
}

const megabytes = (bytes: number): string => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** The file's type as Ally sees it, or undefined when Ally does not take it. */
export function allyMediaType(fileName: string): string | undefined {
  const extension = extname(fileName).slice(1).toLowerCase();
  return extension ? ALLY_FILE_TYPES[extension] : undefined;
}

/** Checks the file on disk and builds the streamed body. Throws AllyFileRefusedError, or the fs error for a missing file. */
export async function prepareUpload(filePath: string): Promise<PreparedUpload> {
  const fileName = basename(filePath);
  const mediaType = allyMediaType(fileName);
  if (mediaType === undefined) {
    throw new AllyFileRefusedError(`${fileName} is not a type Ally checks; it takes ${SUPPORTED_LIST}.`, fileName, 'unsupported-type');
  }
  const info = await stat(filePath);
  if (!info.isFile()) throw new AllyFileRefusedError(`${fileName} is not a file.`, fileName, 'not-a-file');
  if (info.size === 0) throw new AllyFileRefusedError(`${fileName} is empty (0 bytes); there is nothing for Ally to check.`, fileName, 'empty');
  if (info.size > ALLY_MAX_FILE_BYTES) {
    throw new AllyFileRefusedError(
      `${fileName} is ${megabytes(info.size)} (${info.size} bytes); Ally takes files of at most 50 MB (${ALLY_MAX_FILE_BYTES} bytes).`,
      fileName,
      'too-large',
    );
  }
  const file = await openAsBlob(filePath, { type: mediaType });
  const boundary = `----RollbookAlly${randomBytes(16).toString('hex')}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${escapeFileName(fileName)}"\r\nContent-Type: ${mediaType}\r\n\r\n`;
  const tail = `\r\n--${boundary}--\r\n`;
  return { fileName, size: info.size, mediaType, body: new Blob([head, file, tail]), contentType: `multipart/form-data; boundary=${boundary}` };
}

/**
 * A filename as browsers write it in multipart/form-data (WHATWG HTML, "multipart/form-data
 * encoding algorithm"; RFC 7578 §4.2 forbids `filename*`): UTF-8, with `"`, CR and LF percent-encoded.
 */
export function escapeFileName(name: string): string {
  return name.replace(/\r/g, '%0D').replace(/\n/g, '%0A').replace(/"/g, '%22');
}
