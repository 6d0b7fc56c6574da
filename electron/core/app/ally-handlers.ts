import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ALLY_MAX_TRANSFER_BYTES, type CourseFileRef, type allyChannels } from '../../../shared/ipc/ally-channels';
import { createLogger } from '../../../shared/logger';
import type { AllyClient } from '../ally';
import { ApiError } from '../http';
import type { Handlers } from '../ipc/dispatcher';
import type { LearnClient } from '../learn/learn-client';
import { describeFile, filesWithReports, fileKeyOf, listCourseFiles, LookupMemory, readCourseFile, type CourseFile } from './ally-course-files';
import { AllyHashStore } from './ally-hash-store';
import { formatFileName } from '../../../shared/domain/ally-format-names';
import { hostError, hostWords } from '../host-words';

const log = createLogger('ally');

/**
 * What a Learn site without Ally credentials shows (docs/api-notes/ally.md "Ally in the app"): the three
 * things IT provides in Rollbook's deployment file (docs/deploying.md, sections 4 and 5).
 */
export const ALLY_NOT_SET_UP = hostWords('hostnotes.ally.notSetUp');


export interface AllyHandlerDeps {
  learn: () => LearnClient;
  /** The institution's Ally client; undefined when this Learn site has no Ally credentials. */
  ally: AllyClient | undefined;
  /** Where Ally's hashes are kept between launches (the host's data folder); absent: in memory for this run. */
  dataDir?: string | undefined;
}

/** The signed-in Learn site, as the hash store names it. */
const siteOf = (learn: LearnClient): string => `${learn.baseUrl.origin}${learn.baseUrl.pathname}`;

/** The handlers of `allyChannels`. */
export function allyHandlers(deps: AllyHandlerDeps): Pick<Handlers, keyof typeof allyChannels> {
  const memory = new LookupMemory();
  const store = new AllyHashStore(deps.dataDir);
  const hashes = () => store.site(siteOf(deps.learn()));
  const ally = (): AllyClient => {
    if (!deps.ally) throw hostError('AllyNotSetUp', 'hostnotes.ally.notSetUp');
    return deps.ally;
  };
  const gone = (ref: CourseFileRef): Error => hostError('NotFound', 'hostnotes.ally.fileGone', { item: ref.contentId, file: ref.attachmentId });
  /** The course file a request names, where it sits in the course (a full listing: for sending, which is rare). */
  const fileOf = async (ref: CourseFileRef): Promise<CourseFile> => {
    const found = (await listCourseFiles(deps.learn(), ref.courseId)).find((f) => fileKeyOf(f) === fileKeyOf(ref));
    if (!found) throw gone(ref);
    // A file in a page's text, or of an item Learn would not list: nothing Rollbook can read to send.
    if (found.problem !== undefined) throw Object.assign(new Error(found.problem), { name: 'NotReadable', ...(found.problemWords ? { words: found.problemWords } : {}) });
    return found;
  };
  /** Just the attachment's name and type (one request), for reading it or naming it in messages. */
  const attachmentOf = async (ref: CourseFileRef): Promise<{ contentId: string; attachmentId: string; fileName: string; mimeType: string }> => {
    try {
      const a = await deps.learn().content.getAttachment(ref.courseId, ref.contentId, ref.attachmentId);
      return { contentId: ref.contentId, attachmentId: ref.attachmentId, fileName: a.fileName ?? ref.attachmentId, mimeType: a.mimeType ?? 'application/octet-stream' };
    } catch (error) {
      if (error instanceof ApiError && (error.status === 404 || error.status === 403)) throw gone(ref);
      throw error;
    }
  };

  return {
    'ally.setup': () => Promise.resolve(deps.ally ? { configured: true } : { configured: false, message: ALLY_NOT_SET_UP.message, words: ALLY_NOT_SET_UP.words }),

    'ally.listFiles': async ({ courseId }) => {
      ally(); // Not set up: say so before reading the whole course.
      return { files: await listCourseFiles(deps.learn(), courseId) };
    },

    'ally.readReports': async ({ courseId, files: listed }) => {
      const files = await filesWithReports({ learn: deps.learn(), ally: ally(), hashes: hashes(), memory }, courseId, listed);
      log.info('Read Ally reports', { courseId, files: files.length, checked: files.filter((f) => f.state === 'checked').length });
      return { files };
    },

    'ally.sendFile': async (ref) => {
      const client = ally();
      const file = await fileOf(ref);
      const bytes = await readCourseFile(deps.learn(), ref.courseId, file);
      // The Ally client streams uploads from disk; the file goes into a private folder of its own, under its own name (Ally keeps the first name it sees).
      const folder = await mkdtemp(join(tmpdir(), 'rollbook-ally-'));
      try {
        const path = join(folder, file.fileName.replace(/[/\\]/g, '-'));
        await writeFile(path, bytes, { mode: 0o600 });
        const sent = await client.upload(path);
        // Ally's hash is the file's name at Ally from now on (seed 002: opaque, returned at upload): kept across launches.
        const kept = { hash: sent.hash, bytes: bytes.byteLength };
        await hashes().set(ref.courseId, [[file, kept]]);
        const information = sent.status.status === 'success' ? sent.information : await client.contentInformation(sent.hash, { fileName: file.fileName });
        const described = describeFile(file, kept, information);
        if (sent.status.status !== 'failed') return described;
        // Ally's own words, when it gives any, stay a value.
        const failed = sent.status.message ? hostWords('hostnotes.ally.checkFailedSaid', { said: sent.status.message }) : hostWords('hostnotes.ally.checkFailed');
        return { ...described, note: failed.message, noteWords: failed.words };
      } finally {
        await rm(folder, { recursive: true, force: true });
      }
    },

    'ally.originalFile': async (ref) => {
      const file = await attachmentOf(ref);
      const bytes = await readCourseFile(deps.learn(), ref.courseId, file, ALLY_MAX_TRANSFER_BYTES);
      return { fileName: file.fileName, contentType: file.mimeType, bytes: bytes.byteLength, base64: Buffer.from(bytes).toString('base64') };
    },

    'ally.requestFormat': async ({ hash, format, ...ref }) => {
      const client = ally();
      const file = await attachmentOf(ref);
      // Ally fetches the original itself: Learn's signed link carries its own authentication (seed 002 "url").
      const originalUrl = await deps.learn().content.attachmentLink(ref.courseId, ref.contentId, ref.attachmentId);
      const job = await client.formats.request(hash, format, { originalUrl: originalUrl.href, fileName: file.fileName });
      return { format, stage: job.status };
    },

    'ally.formatStatus': async ({ hash, format }) => {
      const job = await ally().formats.status(hash, format);
      return { format, stage: job.status };
    },

    'ally.downloadFormat': async ({ hash, format, fileName }) => {
      const client = ally();
      const folder = await mkdtemp(join(tmpdir(), 'rollbook-format-'));
      try {
        const path = join(folder, 'download');
        const saved = await client.formats.download(hash, format, path, { fileName, maxBytes: ALLY_MAX_TRANSFER_BYTES });
        const size = (await stat(path)).size;
        if (size > ALLY_MAX_TRANSFER_BYTES) {
          throw hostError('TooLarge', 'hostnotes.ally.formatTooLarge', { format, file: fileName, size: Math.round(size / 1024 / 1024) });
        }
        const contentType = saved.contentType ?? 'application/octet-stream';
        return { fileName: formatFileName(fileName, format, contentType), contentType, bytes: size, base64: (await readFile(path)).toString('base64') };
      } finally {
        await rm(folder, { recursive: true, force: true });
      }
    },
  };
}
