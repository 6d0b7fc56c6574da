import { releaseStepOf } from '../../../shared/domain/release-window';
import type { Content, FileAttachment } from '../../../shared/api/content';
import type { ContentInformation } from '../../../shared/api/ally';
import { ALLY_MAX_TRANSFER_BYTES, type AllyCourseFile, type ListedCourseFile, type ReleaseStep } from '../../../shared/ipc/ally-channels';
import { ALLY_FILE_TYPES, ALLY_MAX_FILE_BYTES, vendorSampleHashes, type AllyClient } from '../ally';
import { ApiError, HttpClient } from '../http';
import { readCapped } from '../http/read-capped';
import { inBackground } from '../http/request-priority';
import type { LearnClient } from '../learn/learn-client';
import type { KeptHash, SiteHashes } from './ally-hash-store';
import { filesInBody, ultraFromItems } from './document-body-files';
import type { MessageKey } from '../../../shared/i18n/messages/en';
import type { HostWords } from '../../../shared/ipc/host-words';
import { hostWords } from '../host-words';

/**
 * "Every file in the course" as Ally sees it. Ally knows a file only by the opaque hash it issues
 * at upload (seed 002), and Learn's content API does not give it, so the core lists the course's
 * content (all pages, recursively) with the files of every item that can hold one: an Ultra
 * document's from its body, others' from their attachments (files, Classic documents and assignments). A file Rollbook sent has its hash kept (ally-hash-store.ts);
 * any other file Ally could check is read through Learn's signed download link and looked up under
 * the hashes the vendor samples' form gives (ally/content-hash.ts). All are asked for at once with
 * the batch operation. A hash found is kept like one from an upload, and a file read is not read
 * again in this run until its item changes.
 */

/** Items that hold files (docs/api-notes/content-and-release.md "Attachments and download"): attachments, or an Ultra document's body. */
const WITH_ATTACHMENTS = new Set(['resource/x-bb-file', 'resource/x-bb-document', 'resource/x-bb-assignment']);
const DOCUMENT = 'resource/x-bb-document';
/** The attachment id of an item whose files Learn would not list (it stands for the item). */
const UNLISTED = 'unlisted';

/** The signed file link needs no token; its answer is the file itself (one client for every file read). */
const files = new HttpClient({ service: 'Learn' });

export type CourseFile = ListedCourseFile;

export const fileKeyOf = (f: { contentId: string; attachmentId: string }): string => `${f.contentId}/${f.attachmentId}`;

/** True when Ally takes files with this name (docs/api-notes/ally.md "Supported types"). */
export function allyChecks(fileName: string): boolean {
  const dot = fileName.lastIndexOf('.');
  return dot > 0 && Object.hasOwn(ALLY_FILE_TYPES, fileName.slice(dot + 1).toLowerCase());
}

/** What an Ultra document's body file says of itself: Learn's API hands apps no way to read it. */
const IN_PAGE_TEXT = hostWords('hostnotes.ally.inPageText');

/**
 * Every file of the course, in tree order, with the folders it sits in: an Ultra document's from
 * its body (no request: document-body-files.ts), other items' from their attachments (one list
 * each). One item Learn will not list never sinks the rest: it is shown with its own problem.
 */
export async function listCourseFiles(learn: LearnClient, courseId: string, signal?: AbortSignal): Promise<CourseFile[]> {
  const items: Content[] = [];
  for await (const item of learn.content.listContents(courseId, { recursive: true, ...(signal ? { signal } : {}) })) items.push(item);
  const byId = new Map(items.map((i) => [i.id, i]));
  const pathOf = (item: Content): string[] => {
    const path: string[] = [];
    for (let p = item.parentId ? byId.get(item.parentId) : undefined; p; p = p.parentId ? byId.get(p.parentId) : undefined) path.unshift(p.title);
    return path;
  };
  const releaseOf = (item: Content): ReleaseStep[] => {
    const steps: ReleaseStep[] = [releaseStepOf(item)];
    for (let p = item.parentId ? byId.get(item.parentId) : undefined; p && steps.length <= 100; p = p.parentId ? byId.get(p.parentId) : undefined) steps.push(releaseStepOf(p));
    return steps;
  };
  const holders = items.filter((i) => WITH_ATTACHMENTS.has(i.contentHandler?.id ?? ''));
  const hasDocuments = holders.some((i) => i.contentHandler?.id === DOCUMENT);
  // The items usually say which experience the course is; else one read of the course does (only when it has documents).
  const ultra = hasDocuments ? (ultraFromItems(items) ?? (await learn.courses.getCourse(courseId, { fields: ['ultraStatus'], ...(signal ? { signal } : {}) })).ultraStatus === 'Ultra') : false;
  const fileOf = (item: Content, file: { attachmentId: string; fileName?: string | null | undefined; mimeType?: string | null | undefined }, problem?: { message: string; words: HostWords }): CourseFile => ({
    contentId: item.id,
    attachmentId: file.attachmentId,
    itemTitle: item.title,
    folderPath: pathOf(item),
    fileName: file.fileName ?? item.contentHandler?.file?.fileName ?? item.title,
    mimeType: file.mimeType ?? item.contentHandler?.file?.mimeType ?? 'application/octet-stream',
    ...(item.modified ? { modified: item.modified } : {}),
    ...(problem !== undefined ? { problem: problem.message, problemWords: problem.words } : {}),
    release: releaseOf(item),
  });
  const lists = await Promise.allSettled(
    holders.map(async (item): Promise<CourseFile[]> => {
      if (ultra && item.contentHandler?.id === DOCUMENT) return filesInBody(item.body).map((f) => fileOf(item, { attachmentId: f.ref, fileName: f.fileName, mimeType: f.mimeType }, IN_PAGE_TEXT));
      const attachments: FileAttachment[] = [];
      for await (const a of learn.content.listAttachments(courseId, item.id, signal ? { signal } : {})) attachments.push(a);
      return attachments.map((a) => fileOf(item, { attachmentId: a.id, fileName: a.fileName, mimeType: a.mimeType }));
    }),
  );
  return lists.flatMap((result, i) => {
    if (result.status === 'fulfilled') return result.value;
    const item = holders[i] as Content;
    if (!(result.reason instanceof ApiError) || result.reason.kind === 'aborted') throw result.reason;
    // Learn's refusal (the HTTP client's words) stays a value.
    return [fileOf(item, { attachmentId: UNLISTED }, hostWords('hostnotes.ally.notListed', { title: item.title, reason: result.reason.message }))];
  });
}

/**
 * Reads a course file through Learn's signed link, refusing more than `limit` bytes (Ally's 50 MB
 * by default) before reading them all (http/read-capped.ts).
 */
export async function readCourseFile(learn: LearnClient, courseId: string, file: { contentId: string; attachmentId: string; fileName: string }, limit = ALLY_MAX_FILE_BYTES, signal?: AbortSignal): Promise<Uint8Array> {
  const link = await learn.content.attachmentLink(courseId, file.contentId, file.attachmentId, signal ? { signal } : {});
  const operation = `read ${file.fileName} from Learn`;
  const res = await files.stream({ method: 'GET', url: link, operation, ...(signal ? { signal } : {}) });
  const tooLarge = (): never => {
    throw new ApiError({
      kind: 'invalid-response',
      message: `${file.fileName} is larger than ${Math.round(limit / 1024 / 1024)} MB, more than Ally checks or Rollbook shows; open it in Learn instead.`,
      method: 'GET',
      url: `${link.origin}${link.pathname}`,
      operation,
    });
  };
  return readCapped(res, limit, tooLarge);
}

/** What is known of a file Ally could check: Ally's hash (kept, or found), or the hashes to try; or why it could not be read. */
type FileRead = { kept: KeptHash } | { candidates: string[]; bytes: number; read?: true } | { problem: string; words?: HostWords | undefined };

/** The lookup hashes of files read in this run, until their item changes (found ones are kept in SiteHashes instead). */
export class LookupMemory {
  readonly #known = new Map<string, { candidates: string[]; bytes: number }>();
  #key = (courseId: string, f: CourseFile): string => `${courseId}|${fileKeyOf(f)}|${f.modified ?? ''}`;
  get(courseId: string, f: CourseFile): { candidates: string[]; bytes: number } | undefined {
    return this.#known.get(this.#key(courseId, f));
  }
  set(courseId: string, f: CourseFile, value: { candidates: string[]; bytes: number }): void {
    this.#known.set(this.#key(courseId, f), value);
  }
}

/**
 * What the overview says about one file. `read` is null for a type Ally does not take; `hash` is
 * Ally's (null when Ally does not know the file); `information` is Ally's answer for it.
 */
export function describeFile(f: CourseFile, read: { hash: string | null; bytes: number | null } | { problem: string; words?: HostWords | undefined } | null, information: ContentInformation | null | undefined): AllyCourseFile {
  const base = { fileKey: fileKeyOf(f), contentId: f.contentId, attachmentId: f.attachmentId, itemTitle: f.itemTitle, folderPath: f.folderPath, fileName: f.fileName, mimeType: f.mimeType, ...(f.release ? { release: f.release } : {}) };
  // The note as English and as its catalogue key, for the screen to write in the instructor's language.
  const note = (key: MessageKey): { note: string; noteWords: HostWords } => {
    const { message, words } = hostWords(key);
    return { note: message, noteWords: words };
  };
  if (read === null) return { ...base, bytes: null, hash: null, state: 'not-checkable', ...note('hostnotes.ally.notCheckable'), information: null };
  if ('problem' in read) return { ...base, bytes: null, hash: null, state: 'unreadable', note: read.problem, ...(read.words ? { noteWords: read.words } : {}), information: null };
  if (!information || read.hash === null) return { ...base, bytes: read.bytes, hash: null, state: 'unknown', ...note('hostnotes.ally.notCheckedYet'), information: null };
  const known = { ...base, bytes: read.bytes, hash: read.hash };
  if (!information.feedback) return { ...known, state: 'processing', ...note('hostnotes.ally.noReportYet'), information };
  return { ...known, state: 'checked', information };
}

export interface ReportSources {
  learn: LearnClient;
  ally: AllyClient;
  /** Ally's hashes kept for this Learn site. */
  hashes: SiteHashes;
  memory: LookupMemory;
}

/** Finds, reads or looks up these files (one batch); files Ally does not take are described without being read. */
export async function filesWithReports(sources: ReportSources, courseId: string, all: readonly CourseFile[]): Promise<AllyCourseFile[]> {
  const { learn, ally, hashes, memory } = sources;
  const reads = await Promise.all(
    all.map(async (f): Promise<FileRead | null> => {
      if (f.problem !== undefined) return { problem: f.problem, words: f.problemWords };
      if (!allyChecks(f.fileName)) return null;
      const kept = await hashes.get(courseId, f);
      if (kept) return { kept };
      const remembered = memory.get(courseId, f) ?? (await hashes.lookup(courseId, f));
      if (remembered) return remembered;
      try {
        // A look-up Rollbook makes on its own (the file's link from Learn): not sent below the site's reserve.
        const bytes = await inBackground(() => readCourseFile(learn, courseId, f, Math.min(ALLY_MAX_FILE_BYTES, ALLY_MAX_TRANSFER_BYTES)));
        const value = { candidates: vendorSampleHashes(f, bytes), bytes: bytes.byteLength };
        memory.set(courseId, f, value);
        return { ...value, read: true as const };
      } catch (error) {
        if (error instanceof ApiError) return { problem: error.message };
        throw error;
      }
    }),
  );
  const asked = [...new Set(reads.flatMap((r) => (r === null || 'problem' in r ? [] : 'kept' in r ? [r.kept.hash] : r.candidates)))];
  const files = reads.filter((r) => r !== null && !('problem' in r)).length;
  const answers = asked.length === 0 ? [] : await ally.batchInformation(asked, { feedback: true, formats: true, files });
  const byHash = new Map(asked.map((h, i) => [h, answers[i] ?? null]));
  const found: [CourseFile, KeptHash][] = [];
  // Files read now whose hash Ally does not know yet: their lookup hashes are kept, so the next overview does not read them again.
  const unknown: [CourseFile, { candidates: string[]; bytes: number }][] = [];
  const described = all.map((f, i) => {
    const read = reads[i] ?? null;
    if (read === null || 'problem' in read) return describeFile(f, read, null);
    if ('kept' in read) return describeFile(f, read.kept, byHash.get(read.kept.hash));
    // The first form Ally knows is its hash for this file: kept like one from an upload.
    const hash = read.candidates.find((h) => byHash.get(h));
    if (hash !== undefined) found.push([f, { hash, bytes: read.bytes }]);
    else if ('read' in read) unknown.push([f, { candidates: read.candidates, bytes: read.bytes }]);
    return describeFile(f, { hash: hash ?? null, bytes: read.bytes }, hash === undefined ? null : byHash.get(hash));
  });
  await hashes.set(courseId, found, unknown);
  return described;
}
