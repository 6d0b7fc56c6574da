import { z } from 'zod';
import { AllyFormatId, AllyStage, ContentInformation } from '../api/ally';
import { HostWords } from './host-words';

/**
 * IPC channels for Ally accessibility reports and alternative formats. Spread into
 * `contract` in contract.ts; same rules: a request schema each, a response schema each,
 * operations by name and never a URL or token. A course file is named by its Learn content item
 * and attachment; Ally's content hash is an opaque string Ally issues (docs/api-notes/ally.md "Ally
 * content hashes"), which the core keeps per file revision.
 */

/** Largest binary answer that crosses IPC (base64): Ally's own upload limit, 50 MiB. */
export const ALLY_MAX_TRANSFER_BYTES = 52_428_800;

const Id = z.string().min(1).max(200);
/**
 * Ally's content hash, opaque (seed 002): the vendor samples show base64 (`+`, `/`, `=`), so any
 * text without control characters up to a sane length; the core URL-encodes it as one path segment.
 */
const Hash = z.string().min(1).max(2000).regex(/^[^\p{Cc}\p{Cs}]+$/u, 'must be the content hash Ally issued');

/** Which Learn file: the item that holds it and the attachment. */
export const CourseFileRef = z.strictObject({ courseId: Id, contentId: Id, attachmentId: Id });
export type CourseFileRef = z.infer<typeof CourseFileRef>;

/** Whether this Learn site has Ally credentials; when not, what IT must provide (in English words, and as a catalogue key). */
export const AllySetup = z.strictObject({ configured: z.boolean(), message: z.string().optional(), words: HostWords.optional() });
export type AllySetup = z.infer<typeof AllySetup>;

/**
 * One step of what stands between students and a file: the item that holds it, then each folder
 * above it, as the listing read them (no extra request). `available` and the adaptive release
 * window are Learn's (seed 000 "Content item"); shared/domain/when-students-see.ts reads them.
 */
export const ReleaseStep = z.strictObject({
  contentId: Id,
  title: z.string().max(1000),
  available: z.string().max(40).optional(),
  start: z.string().max(100).optional(),
  end: z.string().max(100).optional(),
});
export type ReleaseStep = z.infer<typeof ReleaseStep>;
const ReleasePath = z.array(ReleaseStep).max(101);

/** A file of the course as Learn lists it, before it is read (what `ally.readReports` takes back). */
export const ListedCourseFile = z.strictObject({
  contentId: Id,
  attachmentId: Id,
  itemTitle: z.string().max(1000),
  folderPath: z.array(z.string().max(1000)).max(100),
  fileName: z.string().min(1).max(1000),
  mimeType: z.string().max(200),
  /** The item's last change: a remembered hash is used only while it is unchanged. */
  modified: z.string().max(100).optional(),
  /** Why Rollbook cannot read this file, in plain words (a file in a page's text, an item Learn would not list): shown with the file, never read. */
  problem: z.string().max(1000).optional(),
  /** The problem as a catalogue key and values, for the screen to write in the instructor's language. */
  problemWords: HostWords.optional(),
  /** The item and the folders above it, nearest first: when students can reach the file. */
  release: ReleasePath.optional(),
});
export type ListedCourseFile = z.infer<typeof ListedCourseFile>;

/** Files read per `ally.readReports` call: small enough for the screen to show progress, each call one batch. */
export const ALLY_REPORTS_PER_CALL = 25;

/** One file of a course as the accessibility overview lists it. */
export const AllyCourseFile = z.strictObject({
  /** `<contentId>/<attachmentId>`: stable across reads, the key of the local report history. */
  fileKey: z.string(),
  contentId: z.string(),
  attachmentId: z.string(),
  /** The content item's title and where it sits ("Week 2 › Research Methods"). */
  itemTitle: z.string(),
  folderPath: z.array(z.string()),
  fileName: z.string(),
  mimeType: z.string(),
  /** Bytes of the file; null when Rollbook did not read it (a type Ally does not check). */
  bytes: z.number().int().nonnegative().nullable(),
  /**
   * Ally's content hash for this revision of the file (kept from the upload, or found by the
   * vendor-sample form), or null when Ally does not know the file or Rollbook did not read it.
   */
  hash: Hash.nullable(),
  /**
   * `checked`: Ally has a report; `unknown`: Ally has never seen these bytes; `processing`: Ally
   * knows them but has no report yet (or the check failed: see `note`); `not-checkable`: a type
   * Ally does not take; `unreadable`: Learn would not give Rollbook the file (see `note`).
   */
  state: z.enum(['checked', 'unknown', 'processing', 'not-checkable', 'unreadable']),
  note: z.string().optional(),
  /** The note as a catalogue key and values, for the screen to write in the instructor's language; absent in reports saved before. */
  noteWords: HostWords.optional(),
  information: ContentInformation.nullable(),
  /** As in ListedCourseFile; absent in reports saved before Rollbook kept it. */
  release: ReleasePath.optional(),
});
export type AllyCourseFile = z.infer<typeof AllyCourseFile>;

/** A format's generation: Ally's stage, and for the UI the format asked for. */
export const FormatJob = z.strictObject({ format: AllyFormatId, stage: AllyStage });
export type FormatJob = z.infer<typeof FormatJob>;

/** A binary answer: base64 of at most ALLY_MAX_TRANSFER_BYTES bytes. */
export const BinaryFile = z.strictObject({
  fileName: z.string(),
  contentType: z.string(),
  bytes: z.number().int().nonnegative().max(ALLY_MAX_TRANSFER_BYTES),
  base64: z.string(),
});
export type BinaryFile = z.infer<typeof BinaryFile>;

const FormatRequest = CourseFileRef.extend({ hash: Hash, format: AllyFormatId });

export const allyChannels = {
  /** Is Ally set up for this Learn site (demo: always)? */
  'ally.setup': { request: z.strictObject({}), response: AllySetup },
  /** Every file in the course (items that hold attachments, all pages), not yet read. */
  'ally.listFiles': { request: z.strictObject({ courseId: Id }), response: z.strictObject({ files: z.array(ListedCourseFile) }) },
  /** Reads and hashes these files and asks Ally for all their reports in one batch (worst first is the renderer's sort). */
  'ally.readReports': {
    request: z.strictObject({ courseId: Id, files: z.array(ListedCourseFile).min(1).max(ALLY_REPORTS_PER_CALL) }),
    response: z.strictObject({ files: z.array(AllyCourseFile) }),
  },
  /** Sends a file Ally has not seen and waits for its check; answers the file with its report. */
  'ally.sendFile': { request: CourseFileRef, response: AllyCourseFile },
  /** The original file's bytes (to draw a PDF report's boxes over its pages). */
  'ally.originalFile': { request: CourseFileRef, response: BinaryFile },
  /** Asks Ally for an alternative format (Ally fetches the original through a signed Learn link). */
  'ally.requestFormat': { request: FormatRequest, response: FormatJob },
  /** One status read of a requested format; the renderer polls it and shows each stage. */
  'ally.formatStatus': { request: z.strictObject({ hash: Hash, format: AllyFormatId }), response: FormatJob },
  /** A ready format's bytes. `fileName` is the original's, for the saved file's name. */
  'ally.downloadFormat': { request: z.strictObject({ hash: Hash, format: AllyFormatId, fileName: z.string().min(1).max(300) }), response: BinaryFile },
} as const;
