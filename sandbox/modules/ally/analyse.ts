import { analyseHtml } from './analyse-html';
import { analyseImage, type ImageKind } from './analyse-image';
import { analyseOffice, type OfficeKind } from './analyse-office';
import { analysePdf } from './analyse-pdf';
import type { Analysis } from './document-model';

/**
 * The upload types Ally accepts (uploading-files.md: PDF, Word, PowerPoint, OpenOffice/LibreOffice,
 * HTML, and images whose type starts with image/), told by the file name's extension first and
 * the part's Content-Type second. The metadata reports the canonical MIME type of the type found.
 */
export type FileType = 'pdf' | 'document' | 'presentation' | 'html' | 'image';
export type Reader = { kind: 'pdf' } | { kind: 'html' } | { kind: 'office'; office: OfficeKind } | { kind: 'image'; image: ImageKind };

export interface KnownType {
  fileType: FileType;
  mimeType: string;
  reader: Reader;
}

const TYPES: Record<string, KnownType> = {
  pdf: { fileType: 'pdf', mimeType: 'application/pdf', reader: { kind: 'pdf' } },
  doc: { fileType: 'document', mimeType: 'application/msword', reader: { kind: 'office', office: 'doc' } },
  docx: { fileType: 'document', mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', reader: { kind: 'office', office: 'docx' } },
  odt: { fileType: 'document', mimeType: 'application/vnd.oasis.opendocument.text', reader: { kind: 'office', office: 'odt' } },
  ppt: { fileType: 'presentation', mimeType: 'application/vnd.ms-powerpoint', reader: { kind: 'office', office: 'ppt' } },
  pptx: { fileType: 'presentation', mimeType: 'application/vnd.openxmlformats-officedocument.presentationml.presentation', reader: { kind: 'office', office: 'pptx' } },
  odp: { fileType: 'presentation', mimeType: 'application/vnd.oasis.opendocument.presentation', reader: { kind: 'office', office: 'odp' } },
  html: { fileType: 'html', mimeType: 'text/html', reader: { kind: 'html' } },
  htm: { fileType: 'html', mimeType: 'text/html', reader: { kind: 'html' } },
  png: { fileType: 'image', mimeType: 'image/png', reader: { kind: 'image', image: 'png' } },
  jpg: { fileType: 'image', mimeType: 'image/jpeg', reader: { kind: 'image', image: 'jpeg' } },
  jpeg: { fileType: 'image', mimeType: 'image/jpeg', reader: { kind: 'image', image: 'jpeg' } },
  gif: { fileType: 'image', mimeType: 'image/gif', reader: { kind: 'image', image: 'gif' } },
  bmp: { fileType: 'image', mimeType: 'image/bmp', reader: { kind: 'image', image: 'bmp' } },
  tif: { fileType: 'image', mimeType: 'image/tiff', reader: { kind: 'image', image: 'tiff' } },
  tiff: { fileType: 'image', mimeType: 'image/tiff', reader: { kind: 'image', image: 'tiff' } },
  webp: { fileType: 'image', mimeType: 'image/webp', reader: { kind: 'image', image: 'webp' } },
};

export const SUPPORTED_TYPES =
  'PDF (.pdf), Word (.doc, .docx), PowerPoint (.ppt, .pptx), OpenDocument text and presentations (.odt, .odp), HTML (.html, .htm) and images (.jpg, .jpeg, .png, .gif, .bmp, .tif, .tiff, or any image/* type)';

/** The type of an upload, or undefined when Ally does not take it. */
export function detectType(fileName: string, partMimeType: string): KnownType | undefined {
  const extension = /\.([A-Za-z0-9]+)$/.exec(fileName)?.[1]?.toLowerCase();
  if (extension && TYPES[extension]) return TYPES[extension];
  const mime = partMimeType.split(';')[0]?.trim().toLowerCase() ?? '';
  const byMime = Object.values(TYPES).find((t) => t.mimeType === mime);
  if (byMime) return byMime;
  // "Most image types whose mimetype starts with image/" (FAQ): read as an image of unknown kind.
  if (mime.startsWith('image/') && mime.length > 'image/'.length) return { fileType: 'image', mimeType: mime, reader: { kind: 'image', image: 'other' } };
  return undefined;
}

/**
 * Analyses a file's bytes with the reader for its type. Deterministic: the same bytes always give
 * the same report. An analyser that throws on bytes it did not expect turns the upload `failed`
 * (with the reason), as a real checker gives up on a file it cannot parse.
 */
export function analyse(bytes: Buffer, reader: Reader): Analysis {
  try {
    switch (reader.kind) {
      case 'pdf':
        return analysePdf(bytes);
      case 'html':
        return analyseHtml(bytes);
      case 'office':
        return analyseOffice(bytes, reader.office);
      case 'image':
        return analyseImage(bytes, reader.image);
    }
  } catch (error) {
    return { ok: false, reason: `The file cannot be analysed: ${(error as Error).message}.` };
  }
}
