import { CONTENT_HANDLERS, type Content, type CreateContentRequest, type FileAttachment } from '../../../shared/api/content';
import { ASSIGNMENT_FILES_MAX_BYTES, type AssignmentFile, type NewAssignment, type NewContent } from '../../../shared/ipc/content-channels';
import type { contentChannels } from '../../../shared/ipc/content-channels';
import type { HostWords } from '../../../shared/ipc/host-words';
import { hostWords, type HostSentence } from '../host-words';
import type { Handlers } from '../ipc/dispatcher';
import type { LearnClient } from '../learn/learn-client';
import { adaptiveReleaseHandlers } from './adaptive-release-handlers';
import { accessFrom, heldEntitlements } from './content-access';

/** Item types that hold file attachments (Learn answers 400 for the others). */
const HOLDS_FILES: readonly string[] = [CONTENT_HANDLERS.file, CONTENT_HANDLERS.document, CONTENT_HANDLERS.classicAssignment];

/** Thrown for a request the app refuses before sending anything to Learn; the message is the user's, and `words` the same sentence as the catalogue's. */
export class ContentInputError extends Error {
  override name = 'ContentInputError';
  readonly words: HostWords;

  constructor(said: HostSentence) {
    super(said.message);
    this.words = said.words;
  }
}

/** The handlers of `contentChannels`: the content tree and creating items and assignments. */
export function contentHandlers(learn: () => LearnClient): Pick<Handlers, keyof typeof contentChannels> {
  const collect = async (items: AsyncIterable<Content>): Promise<Content[]> => {
    const out: Content[] = [];
    for await (const item of items) out.push(item);
    return out;
  };
  const attachmentsOf = async (courseId: string, item: Content): Promise<FileAttachment[]> => {
    if (!HOLDS_FILES.includes(item.contentHandler?.id ?? '')) return [];
    const out: FileAttachment[] = [];
    for await (const a of learn().content.listAttachments(courseId, item.id)) out.push(a);
    return out;
  };

  return {
    'content.access': async ({ courseId }) => {
      const client = learn();
      const [{ role, held }, course] = await Promise.all([heldEntitlements(client, courseId), client.courses.getCourse(courseId, { fields: ['ultraStatus'] })]);
      return accessFrom(role, held, course.ultraStatus === 'Ultra');
    },

    'content.children': async ({ courseId, folderId }) => ({
      items: await collect(folderId === undefined ? learn().content.listContents(courseId) : learn().content.listChildren(courseId, folderId)),
    }),

    'content.search': async ({ courseId, filters }) => ({ items: await collect(learn().content.listContents(courseId, { ...filters, recursive: true })) }),

    'content.item': async ({ courseId, contentId }) => {
      const item = await learn().content.getContent(courseId, contentId);
      return { item, attachments: await attachmentsOf(courseId, item) };
    },

    'content.create': async (request) => ({ item: await learn().content.createContent(request.courseId, contentBody(request)) }),

    'content.createAssignment': async (request) => {
      const client = learn();
      const files = decodeFiles(request.files);
      // Files first: Create Assignment takes the ids of uploads already made (seed).
      const fileUploadIds: string[] = [];
      for (const file of files) fileUploadIds.push((await client.content.upload(file)).id);
      const result = await client.content.createAssignment(request.courseId, assignmentBody(request, fileUploadIds));
      const item = await client.content.getContent(request.courseId, result.contentId);
      return { result, item, attachments: await attachmentsOf(request.courseId, item) };
    },

    ...adaptiveReleaseHandlers(learn),
  };
}

function contentBody(request: NewContent): CreateContentRequest {
  const handler =
    request.kind === 'folder'
      ? { id: CONTENT_HANDLERS.folder }
      : request.kind === 'link'
        ? { id: CONTENT_HANDLERS.externalLink, url: request.url ?? '' }
        : { id: CONTENT_HANDLERS.document };
  if (request.kind === 'link' && !request.url) throw new ContentInputError(hostWords('host.content.linkNeedsAddress', { title: request.title }));
  return {
    title: request.title,
    ...(request.parentId ? { parentId: request.parentId } : {}),
    ...(request.body ? { body: request.body } : {}),
    ...(request.description ? { description: request.description } : {}),
    ...(request.available ? { availability: { available: request.available } } : {}),
    contentHandler: handler,
  };
}

function assignmentBody(request: NewAssignment, fileUploadIds: string[]) {
  const grading = {
    ...(request.due ? { due: request.due } : {}),
    ...(request.unlimitedAttempts ? { isUnlimitedAttemptsAllowed: true } : request.attemptsAllowed ? { attemptsAllowed: request.attemptsAllowed } : {}),
  };
  return {
    title: request.title,
    ...(request.parentId ? { parentId: request.parentId } : {}),
    ...(request.instructions ? { instructions: request.instructions } : {}),
    ...(fileUploadIds.length > 0 ? { fileUploadIds } : {}),
    ...(Object.keys(grading).length > 0 ? { grading } : {}),
    ...(request.pointsPossible !== undefined ? { score: { possible: request.pointsPossible } } : {}),
  };
}

/** The files' bytes, checked against the transfer limit again (the renderer checks first). */
function decodeFiles(files: readonly AssignmentFile[]): { fileName: string; mimeType?: string; data: Uint8Array<ArrayBuffer> }[] {
  let total = 0;
  return files.map((f) => {
    const data = new Uint8Array(Buffer.from(f.dataBase64, 'base64'));
    if (data.byteLength === 0) throw new ContentInputError(hostWords('host.content.fileEmpty', { file: f.fileName }));
    total += data.byteLength;
    if (total > ASSIGNMENT_FILES_MAX_BYTES) throw new ContentInputError(hostWords('host.content.filesTooLarge', { kb: ASSIGNMENT_FILES_MAX_BYTES / 1024, file: f.fileName }));
    return { fileName: f.fileName, ...(f.mimeType ? { mimeType: f.mimeType } : {}), data };
  });
}
